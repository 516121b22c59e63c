import { createHash } from 'node:crypto';
import type { SqliteDatabase } from '../../../main/mirror/store/ledger-store.ts';

/** A digest of every row the generator writes, in key order: equal digests, equal ledgers. */
export function ledgerDigest(db: SqliteDatabase): string {
  const hash = createHash('sha256');
  const queries = ['SELECT * FROM entity ORDER BY id', 'SELECT * FROM entity_stake ORDER BY id',
    'SELECT * FROM token ORDER BY token_id', 'SELECT * FROM token_account ORDER BY account_id, token_id'];
  for (const sql of queries) {
    for (const row of db.prepare(sql).safeIntegers(true).iterate()) {
      hash.update(JSON.stringify(row, (_key, value: unknown) => {
        if (typeof value === 'bigint') return value.toString();
        if (value && typeof value === 'object' && (value as { type?: string }).type === 'Buffer') return Buffer.from((value as { data: number[] }).data).toString('hex');
        return value;
      }));
    }
  }
  return hash.digest('hex');
}
