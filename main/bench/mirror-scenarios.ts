import type Database from 'better-sqlite3';
import { Prng } from '../mirror/demo/prng.ts';
import { encodeBase32 } from '../mirror/format/base32.ts';
import { formatEntityId } from '../mirror/format/entity-id.ts';
import { formatTimestamp } from '../mirror/format/timestamp.ts';
import { formatTransactionId } from '../mirror/format/transaction-id.ts';
import type { Scenario } from './accounts-scenarios.ts';
import { FEE_COLLECTOR } from './mirror-transactions.ts';

/**
 * Distinct targets per lookup scenario. The load generator cycles through them, so with this
 * many a run of a few seconds asks for (almost) every target once: the response cache
 * cannot answer a lookup from an earlier identical request, as it would with a short list.
 */
export const LOOKUP_VARIANTS = 20_000;
/** Variants of each list query (different anchors and filter values), as the accounts bench. */
const LIST_VARIANTS = 64;
const SEED = 0x6c6f6f6b;
/** The width of the timestamp-range scenario's window: a minute of ledger. */
const RANGE_NS = 60n * 1_000_000_000n;

const TYPES = ['cryptotransfer', 'consensussubmitmessage', 'contractcall', 'tokenmint', 'cryptocreateaccount', 'utilprng'];

/**
 * The queries the mirror benchmark measures, with every id drawn from the dataset: lookups
 * by id, alias and EVM address of random accounts, token balances, and the transactions list
 * under each filter its indexes serve (hot and long-tail accounts, types, failures, time
 * ranges, ascending order), and transactions by id and by hash.
 */
export function mirrorScenarios(db: Database.Database, hotAccounts: readonly number[], lookups = LOOKUP_VARIANTS): Scenario[] {
  const rng = new Prng(SEED);
  const sample = <T>(items: readonly T[], n = lookups): T[] => (items.length === 0 ? [] : Array.from({ length: n }, () => items[rng.int(0, items.length - 1)]!));
  const ids = (sql: string): number[] => db.prepare(sql).pluck().all() as number[];

  const accounts = ids("SELECT id FROM entity WHERE type = 'ACCOUNT' AND id > 1000 AND coalesce(deleted, 0) = 0");
  const evm = db.prepare(`SELECT evm_address FROM entity INDEXED BY entity__evm_address
    WHERE evm_address IS NOT NULL AND deleted = 0 AND type IN ('ACCOUNT', 'CONTRACT')`).pluck().all() as Buffer[];
  const aliases = db.prepare(`SELECT alias FROM entity INDEXED BY entity__alias
    WHERE alias IS NOT NULL AND coalesce(deleted, 0) = 0 AND type = 'ACCOUNT'`).pluck().all() as Buffer[];
  const holders = ids('SELECT DISTINCT account_id FROM token_account WHERE associated = 1');
  const tokens = ids('SELECT token_id FROM token');

  const range = db.prepare('SELECT min(consensus_timestamp) AS first, max(consensus_timestamp) AS last FROM "transaction"').safeIntegers(true).get() as { first: bigint | null; last: bigint | null };
  if (range.first === null || range.last === null) throw new Error('the dataset has no transactions');
  const span = Number(range.last - range.first);
  const randomTimestamp = (): bigint => range.first! + BigInt(Math.floor(rng.next() * span));
  const at = (ts: bigint): string => formatTimestamp(ts)!;
  const transactionAt = db.prepare(`SELECT payer_account_id AS payer, valid_start_ns AS validStart, transaction_hash AS hash
    FROM "transaction" WHERE consensus_timestamp >= ? ORDER BY consensus_timestamp LIMIT 1`).safeIntegers(true);
  const randomTransactions = Array.from({ length: lookups }, () => transactionAt.get(randomTimestamp()) as { payer: bigint; validStart: bigint; hash: Buffer });
  const list = (make: () => string): string[] => Array.from({ length: LIST_VARIANTS }, make);
  const hot = [...hotAccounts, FEE_COLLECTOR];
  let hotIndex = 0;
  let typeIndex = 0;

  return [
    { name: 'account by id', paths: sample(accounts).map((id) => `/api/v1/accounts/${formatEntityId(id)}`) },
    { name: 'account by EVM address', paths: sample(evm).map((address) => `/api/v1/accounts/0x${address.toString('hex')}`) },
    { name: 'account by alias', paths: sample(aliases).map((alias) => `/api/v1/accounts/${encodeBase32(alias)}`) },
    { name: 'account tokens', paths: sample(holders).map((id) => `/api/v1/accounts/${formatEntityId(id)}/tokens`) },
    { name: 'token balances', paths: sample(tokens).map((id) => `/api/v1/tokens/${formatEntityId(id)}/balances`) },
    { name: 'balances account.id', paths: sample(accounts).map((id) => `/api/v1/balances?account.id=${formatEntityId(id)}`) },
    { name: 'transactions', paths: ['/api/v1/transactions'] },
    { name: 'transactions hot account.id', paths: list(() => `/api/v1/transactions?account.id=${formatEntityId(hot[hotIndex++ % hot.length]!)}&timestamp=lt:${at(randomTimestamp())}`) },
    { name: 'transactions long-tail account.id', paths: sample(accounts).map((id) => `/api/v1/transactions?account.id=${formatEntityId(id)}`) },
    { name: 'transactions transactiontype', paths: list(() => `/api/v1/transactions?transactiontype=${TYPES[typeIndex++ % TYPES.length]}&timestamp=lt:${at(randomTimestamp())}`) },
    { name: 'transactions result=fail', paths: list(() => `/api/v1/transactions?result=fail&timestamp=lt:${at(randomTimestamp())}`) },
    { name: 'transactions timestamp range', paths: list(() => {
      const from = randomTimestamp();
      return `/api/v1/transactions?timestamp=gte:${at(from)}&timestamp=lt:${at(from + RANGE_NS)}`;
    }) },
    { name: 'transactions order=asc', paths: list(() => `/api/v1/transactions?order=asc&timestamp=gte:${at(randomTimestamp())}`) },
    { name: 'transaction by id', paths: randomTransactions.map((t) => `/api/v1/transactions/${formatTransactionId(t.payer, t.validStart)}`) },
    { name: 'transaction by hash', paths: randomTransactions.map((t) => `/api/v1/transactions/0x${t.hash.toString('hex')}`) },
  ].filter((scenario) => scenario.paths.length > 0); // a tiny dataset may lack aliases or EVM addresses
}
