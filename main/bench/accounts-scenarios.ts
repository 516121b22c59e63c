import type Database from 'better-sqlite3';
import { formatEntityId } from '../mirror/format/entity-id.ts';

export interface Scenario {
  name: string;
  /** Paths with query, cycled through by the load generator. */
  paths: string[];
}

/** How many variants of each filtered query to cycle through. */
const VARIANTS = 64;

/**
 * The queries the accounts benchmark measures, with filter values drawn from the dataset
 * itself: ids across the whole range, balances at chosen quantiles, real public keys.
 */
export function accountsScenarios(db: Database.Database): Scenario[] {
  const { minId, maxId } = db.prepare("SELECT min(id) AS minId, max(id) AS maxId FROM entity WHERE type IN ('ACCOUNT','CONTRACT')").get() as { minId: number; maxId: number };
  const balanceAt = (fraction: number): number => {
    const count = (db.prepare('SELECT count(*) AS n FROM entity WHERE balance IS NOT NULL').get() as { n: number }).n;
    const row = db.prepare('SELECT balance FROM entity WHERE balance IS NOT NULL ORDER BY balance LIMIT 1 OFFSET ?').get(Math.floor(count * fraction)) as { balance: number } | undefined;
    return row?.balance ?? 0;
  };
  const keys = (db.prepare(`SELECT public_key FROM entity WHERE public_key IS NOT NULL AND id % 97 = 0 LIMIT ${VARIANTS}`).all() as Array<{ public_key: string }>).map((r) => r.public_key);
  const spread = (i: number): number => Math.floor(minId + ((maxId - minId) * i) / VARIANTS);
  const variants = (make: (i: number) => string): string[] => Array.from({ length: VARIANTS }, (_, i) => make(i));

  // Selective: exact balances of single accounts. The specification caps account.balance at
  // 10 digits, so a "few whales" range filter cannot be written; equality is the selective case.
  const exactBalances = (db.prepare(`SELECT balance FROM entity WHERE balance BETWEEN 1 AND 9999999999 AND id % 89 = 0 LIMIT ${VARIANTS}`).all() as Array<{ balance: number }>).map((r) => r.balance);
  // Broad: every funded account; most rows match, so the first page comes at once.
  const funded = Math.min(Math.max(0, balanceAt(0.5) - 1), 9_999_999_900);
  return [
    { name: 'no filter', paths: ['/api/v1/accounts'] },
    { name: 'account.id range', paths: variants((i) => `/api/v1/accounts?account.id=gte:${formatEntityId(spread(i))}&account.id=lt:${formatEntityId(spread(i) + 5000)}`) },
    { name: 'account.balance selective', paths: exactBalances.length > 0 ? exactBalances.map((b) => `/api/v1/accounts?account.balance=${b}`) : ['/api/v1/accounts?account.balance=1'] },
    { name: 'account.balance broad', paths: variants((i) => `/api/v1/accounts?account.balance=gte:${funded + i}`) },
    { name: 'account.publickey', paths: keys.length > 0 ? keys.map((key) => `/api/v1/accounts?account.publickey=${key}`) : ['/api/v1/accounts?account.publickey=' + 'ab'.repeat(32)] },
    { name: 'order=desc', paths: variants((i) => `/api/v1/accounts?order=desc&account.id=lte:${formatEntityId(spread(VARIANTS - i))}`) },
    { name: 'balance=false', paths: variants((i) => `/api/v1/accounts?balance=false&account.id=gte:${formatEntityId(spread(i))}`) },
    { name: 'limit=100', paths: variants((i) => `/api/v1/accounts?limit=100&account.id=gte:${formatEntityId(spread(i))}`) },
  ];
}
