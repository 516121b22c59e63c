import { createHash } from 'node:crypto';
import { HISTORY_TABLES } from '../../../main/mirror/demo/history-writer.ts';
import type { SqliteDatabase } from '../../../main/mirror/store/ledger-store.ts';

/** The tables the generator writes besides the history's (HISTORY_TABLES). */
export const LEDGER_TABLES = ['entity', 'entity_history', 'entity_stake', 'token', 'token_account', 'account_balance', 'token_balance'];

/** Per table, a digest of every row the generator writes, in the order of all its columns. */
export function tableDigests(db: SqliteDatabase): Record<string, string> {
  const digests: Record<string, string> = {};
  for (const table of [...LEDGER_TABLES, ...HISTORY_TABLES]) {
    const columns = (db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>).map((c) => `"${c.name}"`);
    const hash = createHash('sha256');
    for (const row of db.prepare(`SELECT * FROM ${table} ORDER BY ${columns.join(', ')}`).safeIntegers(true).raw(true).iterate()) {
      hash.update(JSON.stringify(row, (_key, value: unknown) => {
        if (typeof value === 'bigint') return value.toString();
        if (value && typeof value === 'object' && (value as { type?: string }).type === 'Buffer') return Buffer.from((value as { data: number[] }).data).toString('hex');
        return value;
      }));
      hash.update('\n');
    }
    digests[table] = hash.digest('hex');
  }
  return digests;
}

/** One digest over all tables: equal digests, equal ledgers. */
export function ledgerDigest(db: SqliteDatabase): string {
  return createHash('sha256').update(JSON.stringify(tableDigests(db))).digest('hex');
}
