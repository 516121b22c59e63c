import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from '../store/ledger-store.ts';

/** One `entity` row. Shard and realm are 0, so the encoded id equals `num`. */
export interface EntityRow {
  num: number;
  type: 'ACCOUNT' | 'CONTRACT' | 'TOKEN' | 'TOPIC' | 'SCHEDULE';
  alias: Buffer | null;
  autoRenewPeriod: number | null;
  balance: number | bigint | null;
  balanceTimestamp: bigint | null;
  createdTimestamp: bigint;
  declineReward: 0 | 1;
  deleted: 0 | 1;
  ethereumNonce: number | null;
  evmAddress: Buffer | null;
  expirationTimestamp: bigint | null;
  key: Buffer | null;
  maxAutomaticTokenAssociations: number | null;
  memo: string;
  publicKey: string | null;
  receiverSigRequired: 0 | 1 | null;
  stakedAccountId: number | null;
  stakedNodeId: number;
  stakePeriodStart: number;
  timestampRangeLower: bigint;
}

export interface StakeRow {
  id: number;
  endStakePeriod: number;
  pendingReward: number;
  stakedNodeIdStart: number;
  stakeTotalStart: number | bigint;
  timestampRangeLower: bigint;
}

export interface TokenAccountRow {
  accountId: number;
  tokenId: number;
  associated: 0 | 1;
  automaticAssociation: 0 | 1;
  balance: number | bigint;
  balanceTimestamp: bigint;
  createdTimestamp: bigint;
}

export interface TokenRow {
  tokenId: number;
  createdTimestamp: bigint;
  decimals: number;
  initialSupply: number | bigint;
  maxSupply: number | bigint;
  name: string;
  supplyKey: Buffer | null;
  /** Set on tokens with custom fees: the key that may change their schedule. */
  feeScheduleKey: Buffer | null;
  supplyType: string;
  symbol: string;
  totalSupply: number | bigint;
  treasuryAccountId: number;
  type: 'FUNGIBLE_COMMON' | 'NON_FUNGIBLE_UNIQUE';
}

/** The tables the generator owns: cleared before a regeneration. */
export const DEMO_TABLES = ['entity', 'entity_history', 'entity_stake', 'entity_stake_history', 'token_account',
  'token_account_history', 'token', 'token_history', 'account_balance', 'token_balance'];

/**
 * Prepared inserts for the demo tables, bound positionally (measurably faster than named
 * parameters at millions of rows). Counts the rows it writes.
 */
export class LedgerWriter {
  rows = 0;
  readonly #db: SqliteDatabase;
  readonly #entity: Statement;
  readonly #entityHistory: Statement;
  readonly #stake: Statement;
  readonly #tokenAccount: Statement;
  readonly #token: Statement;

  constructor(db: SqliteDatabase) {
    this.#db = db;
    this.#entity = db.prepare(`INSERT INTO entity (id, alias, auto_renew_period, balance, balance_timestamp, created_timestamp,
      decline_reward, deleted, ethereum_nonce, evm_address, expiration_timestamp, key, max_automatic_token_associations, memo,
      num, public_key, realm, receiver_sig_required, shard, staked_account_id, staked_node_id, stake_period_start,
      timestamp_range_lower, type) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, 0, ?, ?, ?, ?, ?)`);
    this.#entityHistory = db.prepare(`INSERT INTO entity_history (id, alias, auto_renew_period, balance, balance_timestamp, created_timestamp,
      decline_reward, deleted, ethereum_nonce, evm_address, expiration_timestamp, key, max_automatic_token_associations, memo,
      num, public_key, realm, receiver_sig_required, shard, staked_account_id, staked_node_id, stake_period_start,
      timestamp_range_lower, timestamp_range_upper, type) VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, 0, ?, -1, -1, ?, ?, ?)`);
    this.#stake = db.prepare(`INSERT INTO entity_stake (id, end_stake_period, pending_reward, staked_node_id_start,
      staked_to_me, stake_total_start, timestamp_range_lower) VALUES (?, ?, ?, ?, 0, ?, ?)`);
    // A treasury may also have been associated at random: its balance then adds up.
    this.#tokenAccount = db.prepare(`INSERT INTO token_account (account_id, token_id, associated, automatic_association,
      balance, balance_timestamp, created_timestamp, freeze_status, kyc_status, timestamp_range_lower)
      VALUES (?, ?, ?, ?, ?, ?, ?, 0, 0, ?)
      ON CONFLICT (account_id, token_id) DO UPDATE SET balance = balance + excluded.balance, associated = 1`);
    this.#token = db.prepare(`INSERT INTO token (token_id, created_timestamp, decimals, freeze_default, initial_supply,
      max_supply, metadata, name, pause_status, supply_key, fee_schedule_key, supply_type, symbol, total_supply, treasury_account_id, type,
      timestamp_range_lower) VALUES (?, ?, ?, 0, ?, ?, x'', ?, 'NOT_APPLICABLE', ?, ?, ?, ?, ?, ?, ?, ?)`);
  }

  /** Deletes every row the generator writes, so a regeneration starts clean. */
  clear(): void {
    for (const table of DEMO_TABLES) this.#db.exec(`DELETE FROM ${table}`);
  }

  entity(r: EntityRow): void {
    this.#entity.run(r.num, r.alias, r.autoRenewPeriod, r.balance, r.balanceTimestamp, r.createdTimestamp, r.declineReward,
      r.deleted, r.ethereumNonce, r.evmAddress, r.expirationTimestamp, r.key, r.maxAutomaticTokenAssociations, r.memo, r.num,
      r.publicKey, r.receiverSigRequired, r.stakedAccountId, r.stakedNodeId, r.stakePeriodStart, r.timestampRangeLower, r.type);
    this.rows++;
    // An account that began staking to a node after its creation was, until then, the same account
    // staking to none: that version is kept, so a lookup as of a moment before finds the account.
    if (r.type === 'ACCOUNT' && r.timestampRangeLower > r.createdTimestamp) {
      this.#entityHistory.run(r.num, r.alias, r.autoRenewPeriod, r.balance, r.balanceTimestamp, r.createdTimestamp,
        r.deleted, r.ethereumNonce, r.evmAddress, r.expirationTimestamp, r.key, r.maxAutomaticTokenAssociations, r.memo, r.num,
        r.publicKey, r.receiverSigRequired, r.stakedAccountId, r.createdTimestamp, r.timestampRangeLower, r.type);
      this.rows++;
    }
  }

  stake(r: StakeRow): void {
    this.#stake.run(r.id, r.endStakePeriod, r.pendingReward, r.stakedNodeIdStart, r.stakeTotalStart, r.timestampRangeLower);
    this.rows++;
  }

  tokenAccount(r: TokenAccountRow): void {
    this.#tokenAccount.run(r.accountId, r.tokenId, r.associated, r.automaticAssociation, r.balance, r.balanceTimestamp,
      r.createdTimestamp, r.createdTimestamp);
    this.rows++;
  }

  token(r: TokenRow): void {
    this.#token.run(r.tokenId, r.createdTimestamp, r.decimals, r.initialSupply, r.maxSupply, r.name, r.supplyKey, r.feeScheduleKey, r.supplyType,
      r.symbol, r.totalSupply, r.treasuryAccountId, r.type, r.createdTimestamp);
    this.rows++;
  }
}
