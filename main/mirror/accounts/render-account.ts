import type { AccountInfo } from '../../common/mirror-types.ts';
import { encodeBase32 } from '../format/base32.ts';
import { decodeEntityId, formatEntityId, formatOptionalEntityId } from '../format/entity-id.ts';
import { int64 } from '../format/json-out.ts';
import { renderKey } from '../format/key.ts';
import { formatTimestamp, NANOS_PER_DAY, NANOS_PER_SECOND } from '../format/timestamp.ts';
import type { AccountRow, TokenBalanceRow } from './account-row.ts';

export interface RenderOptions {
  includeDelegationAddress: boolean;
}

/**
 * One AccountInfo, field for field as the reference renders it (and in its key order, so
 * responses compare byte for byte). `tokens` is null when balances were not requested.
 */
export function renderAccount(row: AccountRow, tokens: TokenBalanceRow[] | null, options: RenderOptions): AccountInfo {
  const stakedToNode = row.staked_node_id !== null && row.staked_node_id !== -1n;
  const account: AccountInfo = {
    account: decodeEntityId(row.id).num === 0n ? null : formatEntityId(row.id),
    alias: row.alias ? encodeBase32(row.alias) : null,
    auto_renew_period: int64(row.auto_renew_period),
    balance: tokens === null ? null : {
      balance: int64(row.balance),
      timestamp: formatTimestamp(row.balance_timestamp),
      tokens: tokens.map((t) => ({ token_id: formatEntityId(t.token_id), balance: int64(t.balance)! })),
    },
    created_timestamp: formatTimestamp(row.created_timestamp),
    decline_reward: row.decline_reward === 1n,
    ...(options.includeDelegationAddress ? { delegation_address: renderDelegationAddress(row.delegation_address) } : {}),
    deleted: toBoolean(row.deleted),
    ethereum_nonce: int64(row.ethereum_nonce),
    evm_address: renderEvmAddress(row),
    expiry_timestamp: formatTimestamp(expiryOf(row)),
    key: renderKey(row.key),
    max_automatic_token_associations: row.max_automatic_token_associations === null ? null : Number(row.max_automatic_token_associations),
    memo: row.memo,
    pending_reward: int64(pendingRewardOf(row, stakedToNode)) ?? 0,
    receiver_sig_required: toBoolean(row.receiver_sig_required),
    staked_account_id: formatOptionalEntityId(row.staked_account_id),
    staked_node_id: stakedToNode ? int64(row.staked_node_id) : null,
    stake_period_start: stakedToNode && row.stake_period_start !== null && row.stake_period_start !== -1n
      ? formatTimestamp(row.stake_period_start * NANOS_PER_DAY)
      : null,
  };
  return account;
}

function toBoolean(value: bigint | null): boolean | null {
  return value === null ? null : value !== 0n;
}

function hex(bytes: Buffer): string {
  return `0x${bytes.toString('hex')}`;
}

/** Stored EVM address, else a 20-byte alias, else the long-zero form of the account number. */
function renderEvmAddress(row: AccountRow): string {
  if (row.evm_address && row.evm_address.length > 0) return hex(row.evm_address);
  if (row.alias && row.alias.length === 20) return hex(row.alias);
  return `0x${decodeEntityId(row.id).num.toString(16).padStart(40, '0')}`;
}

function renderDelegationAddress(address: Buffer | null): string {
  return address && address.some((byte) => byte !== 0) ? hex(address) : '0x';
}

function expiryOf(row: AccountRow): bigint | null {
  if (row.expiration_timestamp !== null) return row.expiration_timestamp;
  if (row.created_timestamp !== null && row.auto_renew_period !== null) {
    return row.created_timestamp + row.auto_renew_period * NANOS_PER_SECOND;
  }
  return null;
}

/** A reward is pending only for a node staker that accepts rewards and has a closed period. */
function pendingRewardOf(row: AccountRow, stakedToNode: boolean): bigint {
  if (row.end_stake_period === null || row.pending_reward === null) return 0n;
  if (row.decline_reward === 1n || !stakedToNode) return 0n;
  if (row.stake_period_start !== null && row.stake_period_start >= row.end_stake_period) return 0n;
  return row.pending_reward;
}
