import type { LedgerStore } from '../../main/mirror/store/ledger-store.ts';

/**
 * Small row builders for the balances, tokens and account sub-resource tests. Every
 * column the endpoints read gets a plain value unless the test says otherwise.
 */
function insert(store: LedgerStore, table: string, row: Record<string, unknown>): void {
  const columns = Object.keys(row);
  store.db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`)
    .run(...columns.map((c) => row[c]));
}

export function insertToken(store: LedgerStore, tokenId: number, overrides: Record<string, unknown> = {}): void {
  const created = (overrides.created_timestamp as number | undefined) ?? 1000;
  insert(store, 'entity', {
    id: tokenId, num: tokenId, realm: 0, shard: 0, type: 'TOKEN', memo: `token ${tokenId}`, deleted: 0,
    decline_reward: 0, timestamp_range_lower: created,
  });
  insert(store, 'token', {
    token_id: tokenId, created_timestamp: created, decimals: 2, initial_supply: 1000, max_supply: 1_000_000,
    name: `Token ${tokenId}`, pause_status: 'NOT_APPLICABLE', supply_type: 'INFINITE', symbol: `T${tokenId}`,
    total_supply: 1000, treasury_account_id: 98, type: 'FUNGIBLE_COMMON', metadata: Buffer.alloc(0),
    timestamp_range_lower: created, ...overrides,
  });
  insert(store, 'custom_fee', { entity_id: tokenId, timestamp_range_lower: created });
}

export function insertHolding(store: LedgerStore, accountId: number, tokenId: number, balance: number, overrides: Record<string, unknown> = {}): void {
  insert(store, 'token_account', {
    account_id: accountId, token_id: tokenId, associated: 1, automatic_association: 0, balance, balance_timestamp: 2000,
    created_timestamp: 1500, timestamp_range_lower: 1500, ...overrides,
  });
}

export function insertNft(store: LedgerStore, tokenId: number, serial: number, accountId: number, overrides: Record<string, unknown> = {}): void {
  insert(store, 'nft', {
    token_id: tokenId, serial_number: serial, account_id: accountId, created_timestamp: 3000 + serial, deleted: 0,
    metadata: Buffer.from(`nft-${serial}`), timestamp_range_lower: 3000 + serial, ...overrides,
  });
}

export function insertSnapshot(store: LedgerStore, timestamp: bigint, accountId: number, balance: number, tokens: Array<[number, number]> = []): void {
  insert(store, 'account_balance', { consensus_timestamp: timestamp, account_id: accountId, balance });
  for (const [tokenId, tokenBalance] of tokens) {
    insert(store, 'token_balance', { consensus_timestamp: timestamp, account_id: accountId, token_id: tokenId, balance: tokenBalance });
  }
}

export function insertCryptoAllowance(store: LedgerStore, owner: number, spender: number, amount: number): void {
  insert(store, 'crypto_allowance', { owner, spender, amount, amount_granted: amount + 10, payer_account_id: owner, timestamp_range_lower: 5000 + spender });
}

export function insertTokenAllowance(store: LedgerStore, owner: number, spender: number, tokenId: number, amount: number): void {
  insert(store, 'token_allowance', {
    owner, spender, token_id: tokenId, amount, amount_granted: amount + 10, payer_account_id: owner, timestamp_range_lower: 6000 + spender,
  });
}

export function insertReward(store: LedgerStore, accountId: number, timestamp: number, amount: number): void {
  insert(store, 'staking_reward_transfer', { account_id: accountId, amount, consensus_timestamp: timestamp, payer_account_id: 98 });
}
