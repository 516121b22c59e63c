import { LISTED_TOKEN_BALANCES } from '../common/listed-token-balances.ts';
import { decodeEntityId } from '../mirror/format/entity-id.ts';
import { publicKeyOf } from '../mirror/format/key.ts';
import { NANOS_PER_DAY } from '../mirror/format/timestamp.ts';
import {
  base32Of, boolOf, entityIdOf, hexBytesOf, intOf, keyBytesOf, stringOf, timestampOf, UpstreamFormatError,
} from './upstream-values.ts';
import type { TokenBalanceRow } from '../mirror/accounts/account-row.ts';

// The same row the mirror reads back; the sync writes it.
export type { TokenBalanceRow };

/** The `entity` columns an accounts-list row carries. */
export interface EntityRow {
  id: bigint;
  shard: bigint;
  realm: bigint;
  num: bigint;
  alias: Buffer | null;
  auto_renew_period: bigint | null;
  balance: bigint | null;
  balance_timestamp: bigint | null;
  created_timestamp: bigint | null;
  decline_reward: bigint;
  delegation_address: Buffer | null;
  deleted: bigint | null;
  ethereum_nonce: bigint | null;
  evm_address: Buffer | null;
  expiration_timestamp: bigint | null;
  key: Buffer | null;
  public_key: string | null;
  max_automatic_token_associations: bigint | null;
  memo: string | null;
  receiver_sig_required: bigint | null;
  staked_account_id: bigint | null;
  staked_node_id: bigint;
  stake_period_start: bigint;
  timestamp_range_lower: bigint;
}

/** What the list shows of `entity_stake`: a pending reward, which needs a closed period. */
export interface StakeRow {
  id: bigint;
  end_stake_period: bigint;
  pending_reward: bigint;
}

export interface AccountRows {
  entity: EntityRow;
  stake: StakeRow | null;
  /** Null when the row came without balances (`balance=false`). */
  tokens: TokenBalanceRow[] | null;
  /** True when `tokens` are all the account's associations, not just the first ones listed. */
  tokensComplete: boolean;
}

/**
 * Turns one upstream AccountInfo back into the rows that `renderAccount` renders to the same
 * JSON: the key wrapper into protobuf Key bytes, `stake_period_start` into a day number,
 * a pending reward into an `entity_stake` row whose period makes it show, and so on.
 */
export function accountRowsOf(info: Record<string, unknown>): AccountRows {
  const id = entityIdOf(info.account);
  if (id === null) throw new UpstreamFormatError('account row without an account id');
  const { shard, realm, num } = decodeEntityId(id);
  const key = keyBytesOf(info.key);
  const alias = base32Of(info.alias);
  const balance = info.balance as { balance?: unknown; timestamp?: unknown; tokens?: unknown } | null | undefined;
  const stakedNodeId = intOf(info.staked_node_id);
  const stakePeriodStartNs = timestampOf(info.stake_period_start);
  const stakePeriodStart = stakePeriodStartNs === null ? -1n : stakePeriodStartNs / NANOS_PER_DAY;
  const created = timestampOf(info.created_timestamp);
  const entity: EntityRow = {
    id,
    shard: BigInt(shard),
    realm: BigInt(realm),
    num,
    alias,
    auto_renew_period: intOf(info.auto_renew_period),
    balance: balance ? intOf(balance.balance) : null,
    balance_timestamp: balance ? timestampOf(balance.timestamp) : null,
    created_timestamp: created,
    decline_reward: boolOf(info.decline_reward) ?? 0n,
    delegation_address: delegationAddressOf(info.delegation_address),
    deleted: boolOf(info.deleted),
    ethereum_nonce: intOf(info.ethereum_nonce),
    evm_address: evmAddressOf(info.evm_address, num, alias),
    expiration_timestamp: timestampOf(info.expiry_timestamp),
    key,
    public_key: publicKeyOf(key),
    max_automatic_token_associations: intOf(info.max_automatic_token_associations),
    memo: stringOf(info.memo),
    receiver_sig_required: boolOf(info.receiver_sig_required),
    staked_account_id: entityIdOf(info.staked_account_id),
    staked_node_id: stakedNodeId ?? -1n,
    stake_period_start: stakePeriodStart,
    timestamp_range_lower: created ?? 0n,
  };
  const pending = intOf(info.pending_reward) ?? 0n;
  // renderAccount shows the reward when the stake's period ends after stake_period_start.
  const stake = pending === 0n ? null : { id, end_stake_period: (stakePeriodStart < 0n ? 0n : stakePeriodStart + 1n), pending_reward: pending };
  const tokens = balance ? tokenBalancesOf(balance.tokens) : null;
  return { entity, stake, tokens, tokensComplete: tokens !== null && tokens.length < LISTED_TOKEN_BALANCES };
}

export function tokenBalancesOf(tokens: unknown): TokenBalanceRow[] {
  if (!Array.isArray(tokens)) throw new UpstreamFormatError('balance.tokens is not an array');
  return tokens.map((t: { token_id?: unknown; balance?: unknown }) => ({ token_id: entityIdOf(t.token_id)!, balance: intOf(t.balance) ?? 0n }));
}

/**
 * The long-zero form renders when nothing is stored, so it is not stored (lookups by EVM
 * address would otherwise find it twice), unless a 20-byte alias would render instead.
 */
function evmAddressOf(text: unknown, num: bigint, alias: Buffer | null): Buffer | null {
  const bytes = hexBytesOf(text);
  if (bytes === null || bytes.length === 0) return null;
  if (alias && alias.length === 20) return bytes;
  return bytes.equals(Buffer.from(num.toString(16).padStart(40, '0'), 'hex')) ? null : bytes;
}

function delegationAddressOf(text: unknown): Buffer | null {
  const bytes = hexBytesOf(text);
  return bytes && bytes.length > 0 ? bytes : null;
}
