/**
 * Response shapes of the mirror REST API (interface A) as the renderer sees them. Integers
 * beyond 2^53 arrive as bigint, so every int64 field is `Int64`.
 */
export type Int64 = number | bigint;

export interface KeyWrapper {
  _type: 'ED25519' | 'ECDSA_SECP256K1' | 'ProtobufEncoded';
  key: string;
}

export interface TokenBalance {
  token_id: string;
  balance: Int64;
}

export interface AccountBalance {
  balance: Int64 | null;
  timestamp: string | null;
  tokens: TokenBalance[];
}

export interface AccountInfo {
  account: string | null;
  alias: string | null;
  auto_renew_period: Int64 | null;
  balance: AccountBalance | null;
  created_timestamp: string | null;
  decline_reward: boolean;
  delegation_address?: string | null;
  deleted: boolean | null;
  ethereum_nonce: Int64 | null;
  evm_address: string | null;
  expiry_timestamp: string | null;
  key: KeyWrapper | null;
  max_automatic_token_associations: number | null;
  memo: string | null;
  pending_reward?: Int64;
  receiver_sig_required: boolean | null;
  staked_account_id: string | null;
  staked_node_id: Int64 | null;
  stake_period_start: string | null;
}

export interface AccountsResponse {
  accounts: AccountInfo[];
  links: { next: string | null };
}

/** The mirror API's error body. */
export interface MirrorErrorBody {
  _status: { messages: Array<{ message: string; detail?: string | null; data?: string | null }> };
}
