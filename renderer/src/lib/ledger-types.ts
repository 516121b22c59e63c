/**
 * The shapes of the mirror API answers the explorer screens read, as the Hiero mirror node REST
 * API documents them. Only the fields the screens show are named; `mirror/get` returns the
 * body untyped, so these describe rather than check it (screens treat every field as optional data).
 */
import type { Int64, KeyWrapper } from '../../../main/common/mirror-types.ts';

export type { Int64, KeyWrapper };

export interface Links { next: string | null }

export interface Transfer { account: string; amount: Int64; is_approval?: boolean }
export interface TokenTransfer { token_id: string; account: string; amount: Int64; is_approval?: boolean }
export interface NftTransfer {
  token_id: string;
  serial_number: Int64;
  sender_account_id: string | null;
  receiver_account_id: string | null;
  is_approval?: boolean;
}
export interface AssessedFee { amount: Int64; collector_account_id: string; token_id: string | null; effective_payer_account_ids?: string[] }
/** One of a transaction's `max_custom_fees` (HIP-991): the most its payer agreed to pay `account_id` in custom fees, in one denomination (null: HBAR). */
export interface CustomFeeLimit { account_id: string; amount: Int64; denominating_token_id: string | null }

export interface Transaction {
  transaction_id: string;
  consensus_timestamp: string;
  valid_start_timestamp: string;
  /** How long after its valid start the network would take it, in seconds (an int64 as text). */
  valid_duration_seconds?: string | null;
  name: string;
  result: string;
  charged_tx_fee: Int64;
  max_fee: string;
  memo_base64: string | null;
  node: string | null;
  nonce: number;
  scheduled: boolean;
  entity_id: string | null;
  parent_consensus_timestamp: string | null;
  batch_key: KeyWrapper | null;
  transaction_hash: string;
  transfers: Transfer[];
  token_transfers: TokenTransfer[];
  nft_transfers: NftTransfer[];
  staking_reward_transfers: Transfer[];
  assessed_custom_fees?: AssessedFee[];
  max_custom_fees?: CustomFeeLimit[];
}

/** The money a transaction moves (or a schedule will move), as the transfer tables show it. */
export type TransactionMoney = Partial<Pick<Transaction, 'transfers' | 'token_transfers' | 'nft_transfers' | 'staking_reward_transfers' | 'assessed_custom_fees' | 'max_custom_fees'>>;

export interface Nft {
  token_id: string;
  serial_number: Int64;
  account_id: string | null;
  created_timestamp: string | null;
  modified_timestamp: string | null;
  deleted: boolean;
  metadata: string;
  spender: string | null;
  /** The account whose approval-for-all let `spender` be approved for this serial (HIP-336). */
  delegating_spender?: string | null;
}

/** `/tokens/{id}/nfts/{serial}/transactions`: one transaction that minted, moved, approved or burned the serial. */
export interface NftTransaction {
  consensus_timestamp: string;
  transaction_id: string;
  nonce: number;
  type: string;
  /** Null for a mint. */
  sender_account_id: string | null;
  /** Null for a burn. */
  receiver_account_id: string | null;
  is_approval: boolean;
}

export interface CryptoAllowance { owner: string; spender: string; amount: Int64; amount_granted: Int64; timestamp: { from: string; to: string | null } }
export interface TokenAllowance extends CryptoAllowance { token_id: string }
/** `/accounts/{id}/allowances/nfts`: the spender may move any of the owner's serials of the collection. */
export interface NftAllowance { approved_for_all: boolean; owner: string; spender: string; timestamp: TimestampRange; token_id: string }
/** `/accounts/{id}/airdrops/outstanding|pending`: units of a fungible token (`amount`) or one NFT (`serial_number`) waiting to be claimed. */
export interface TokenAirdrop {
  amount: Int64 | null;
  receiver_id: string;
  sender_id: string;
  serial_number: Int64 | null;
  timestamp: TimestampRange;
  token_id: string;
}
/** One token relationship of an account (`/accounts/{id}/tokens`): the balance in the token's smallest unit. */
export interface TokenRelationship {
  token_id: string;
  balance: Int64;
  decimals: Int64 | null;
  automatic_association: boolean | null;
  created_timestamp: string | null;
  freeze_status: 'NOT_APPLICABLE' | 'FROZEN' | 'UNFROZEN' | null;
  kyc_status: 'NOT_APPLICABLE' | 'GRANTED' | 'REVOKED' | null;
}
export interface StakingReward { account_id: string; amount: Int64; timestamp: string }
/** `/accounts/{id}/hooks`: a HIP-1195 hook the account owns, running a contract's code. */
export interface AccountHook {
  admin_key: KeyWrapper | null;
  contract_id: string | null;
  created_timestamp: string | null;
  deleted: boolean;
  extension_point: string | null;
  hook_id: Int64;
  owner_id: string;
  timestamp_range: TimestampRange;
  type: string | null;
}
/** `/accounts/{id}/hooks/{hookId}/storage`: one slot, key and value 32-byte words in 0x-hex, and its last write. */
export interface HookStorageSlot { key: string; value: string; timestamp: string }

export interface FixedFee { amount: Int64; collector_account_id: string; denominating_token_id: string | null; all_collectors_are_exempt?: boolean }
export interface FractionalFee {
  amount: { numerator: Int64; denominator: Int64 };
  collector_account_id: string;
  denominating_token_id: string | null;
  minimum: Int64;
  maximum: Int64 | null;
  net_of_transfers: boolean;
}
export interface RoyaltyFee { amount: { numerator: Int64; denominator: Int64 }; collector_account_id: string; fallback_fee: { amount: Int64; denominating_token_id: string | null } | null }
export interface CustomFees { created_timestamp: string; fixed_fees?: FixedFee[]; fractional_fees?: FractionalFee[]; royalty_fees?: RoyaltyFee[] }

export interface TokenInfo {
  token_id: string;
  name: string;
  symbol: string;
  type: 'FUNGIBLE_COMMON' | 'NON_FUNGIBLE_UNIQUE';
  decimals: string;
  total_supply: string;
  initial_supply: string;
  max_supply: string;
  supply_type: string;
  treasury_account_id: string | null;
  auto_renew_account: string | null;
  auto_renew_period: Int64 | null;
  created_timestamp: string;
  modified_timestamp: string;
  expiry_timestamp: Int64 | null;
  deleted: boolean;
  freeze_default: boolean;
  pause_status: string;
  memo: string;
  custom_fees: CustomFees | null;
  admin_key: KeyWrapper | null;
  kyc_key: KeyWrapper | null;
  freeze_key: KeyWrapper | null;
  wipe_key: KeyWrapper | null;
  supply_key: KeyWrapper | null;
  fee_schedule_key: KeyWrapper | null;
  pause_key: KeyWrapper | null;
  metadata_key: KeyWrapper | null;
}

export interface TokenHolder { account: string; balance: Int64; decimals?: Int64 }

export interface ContractInfo {
  contract_id: string;
  evm_address: string;
  admin_key: KeyWrapper | null;
  auto_renew_account: string | null;
  auto_renew_period: Int64 | null;
  created_timestamp: string | null;
  deleted: boolean;
  expiration_timestamp: string | null;
  file_id: string | null;
  memo: string;
  nonce: Int64 | null;
  obtainer_id: string | null;
  proxy_account_id: string | null;
  max_automatic_token_associations: Int64 | null;
  bytecode?: string | null;
  runtime_bytecode?: string | null;
}

export interface ContractLog {
  address: string;
  contract_id: string | null;
  data: string | null;
  index: number;
  topics: string[];
  timestamp?: string;
  transaction_hash?: string;
}

export interface StateChange { address: string; contract_id: string | null; slot: string; value_read: string; value_written: string | null }

export interface ContractResult {
  contract_id: string | null;
  from: string | null;
  to: string | null;
  hash: string;
  timestamp: string;
  /** Left out of a contract's own result list, as the reference leaves it. */
  result?: string;
  status?: string;
  error_message: string | null;
  function_parameters: string;
  call_result: string | null;
  gas_limit: Int64;
  gas_used: Int64 | null;
  amount: Int64 | null;
  created_contract_ids?: string[] | null;
  block_number?: Int64 | null;
  /** The transaction's place in its block. */
  transaction_index?: Int64 | null;
  logs?: ContractLog[];
  state_changes?: StateChange[];
}

export interface ContractState { address: string; contract_id: string; slot: string; value: string; timestamp: string }

export interface TopicInfo {
  topic_id: string;
  memo: string;
  deleted: boolean;
  created_timestamp: string | null;
  auto_renew_account: string | null;
  auto_renew_period: Int64 | null;
  admin_key: KeyWrapper | null;
  submit_key: KeyWrapper | null;
  fee_schedule_key?: KeyWrapper | null;
  /** HIP-991: what each message costs; upstreams from before it leave it out. */
  custom_fees?: CustomFees | null;
  fee_exempt_key_list?: KeyWrapper[];
}

export interface TopicMessage {
  consensus_timestamp: string;
  message: string;
  payer_account_id: string | null;
  sequence_number: Int64;
  running_hash: string;
  topic_id: string;
  chunk_info: {
    number: number;
    total: number;
    initial_transaction_id: { account_id: string; transaction_valid_start: string; nonce?: number; scheduled?: boolean } | null;
  } | null;
}

/** `/api/v1/blocks/{hashOrNumber}`: one record file. */
export interface BlockInfo {
  count: number;
  hapi_version: string | null;
  hash: string;
  name: string;
  number: number;
  previous_hash: string;
  size: number | null;
  timestamp: { from: string; to: string };
  gas_used: number | null;
  logs_bloom: string | null;
}

export interface ScheduleSignature { consensus_timestamp: string; public_key_prefix: string; type: string }

export interface ScheduleInfo {
  schedule_id: string;
  memo: string;
  creator_account_id: string;
  payer_account_id: string;
  admin_key: KeyWrapper | null;
  consensus_timestamp: string;
  executed_timestamp: string | null;
  expiration_time: string | null;
  deleted: boolean;
  wait_for_expiry: boolean;
  signatures: ScheduleSignature[];
  /** Base64 of the SchedulableTransactionBody it will execute. */
  transaction_body: string | null;
}

export interface ServiceEndpoint { domain_name: string; ip_address_v4: string; port: number }
export interface TimestampRange { from: string; to: string | null }

/** `/network/nodes`: a consensus node of the address book with its stake of the last staking period. */
export interface NetworkNode {
  node_id: number;
  node_account_id: string;
  description: string | null;
  memo: string | null;
  file_id: string | null;
  admin_key: KeyWrapper | null;
  node_cert_hash: string | null;
  public_key: string | null;
  timestamp: TimestampRange | null;
  decline_reward: boolean | null;
  grpc_proxy_endpoint: ServiceEndpoint | null;
  /** The registered nodes (HIP-1137) it names as its own; absent for a node that names none. */
  associated_registered_nodes?: Int64[];
  service_endpoints: ServiceEndpoint[];
  stake: Int64 | null;
  stake_rewarded: Int64 | null;
  stake_not_rewarded: Int64 | null;
  min_stake: Int64 | null;
  max_stake: Int64 | null;
  reward_rate_start: Int64 | null;
  staking_period: TimestampRange | null;
}

/** One address of a registered node, offering one service (the non-null one of block_node … rpc_relay, named by `type`). */
export interface RegisteredServiceEndpoint {
  block_node: { endpoint_apis: string[] } | null;
  domain_name: string | null;
  general_service: { description: string | null } | null;
  ip_address: string | null;
  mirror_node: Record<string, never> | null;
  port: number;
  requires_tls: boolean;
  rpc_relay: Record<string, never> | null;
  type: 'BLOCK_NODE' | 'GENERAL_SERVICE' | 'MIRROR_NODE' | 'RPC_RELAY';
}

/** `/network/registered-nodes` (HIP-1137): a block node, mirror node, relay or other service registered on the network. */
export interface RegisteredNode {
  admin_key: KeyWrapper | null;
  created_timestamp: string | null;
  description: string | null;
  registered_node_id: number;
  service_endpoints: RegisteredServiceEndpoint[];
  timestamp: TimestampRange;
}

/** `/network/stake`: the network's staking settings and totals of the last staking period. */
export interface NetworkStake {
  max_stake_rewarded: Int64;
  max_staking_reward_rate_per_hbar: Int64;
  max_total_reward: Int64;
  node_reward_fee_fraction: number;
  reserved_staking_rewards: Int64;
  reward_balance_threshold: Int64;
  stake_total: Int64;
  staking_period: TimestampRange;
  staking_period_duration: Int64;
  staking_periods_stored: Int64;
  staking_reward_fee_fraction: number;
  staking_reward_rate: Int64;
  staking_start_threshold: Int64;
  unreserved_staking_reward_balance: Int64;
}

/** `/network/supply`: tinybars, as decimal strings (they pass 2^53). */
export interface NetworkSupply { released_supply: string; total_supply: string; timestamp: string }

export interface ExchangeRate { cent_equivalent: number; hbar_equivalent: number; expiration_time: number }
export interface ExchangeRates { current_rate: ExchangeRate; next_rate: ExchangeRate; timestamp: string }

/** `/network/fees`: the gas price of each contract transaction type, in tinybars per unit of gas. */
export interface NetworkFees { fees: Array<{ gas: Int64; transaction_type: string }>; timestamp: string }

/** An entry of the `/tokens` list (decimals are a number here, a string in `/tokens/{id}`). */
export interface TokenListEntry { token_id: string; name: string; symbol: string; type: string; decimals: Int64 | string }
