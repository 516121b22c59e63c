import type { SqliteDatabase } from '../../mirror/store/ledger-store.ts';
import { SETUP_TABLES } from './setup-tables.ts';
import type { SpecValue } from './setup-values.ts';

type SpecRow = Record<string, SpecValue>;

/**
 * Loads a spec file's `setup` into a fresh store, in the reference's key order. Keys this
 * project cannot load yet fail the case loudly (never skip silently); empty lists are fine.
 */
export function loadSpecSetup(db: SqliteDatabase, setup: Record<string, SpecValue>): void {
  db.transaction(() => {
    for (const [key, rows] of Object.entries(setup)) {
      if (key === 'config' || key === 'features' || key === 'sql' || rows === null) continue;
      if (!Array.isArray(rows)) throw new Error(`setup.${key} is not a list`);
      if (rows.length === 0) continue;
      const loader = SETUP_TABLES[key];
      if (!loader) throw new Error(`setup key "${key}" is not supported by the loader yet`);
      for (const row of rows) {
        for (const insert of loader(row as SpecRow)) insertRow(db, insert.table, insert.values);
      }
    }
  })();
}

function insertRow(db: SqliteDatabase, table: string, values: Record<string, unknown>): void {
  const columns = Object.keys(values);
  const sql = `INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
  db.prepare(sql).run(...columns.map((c) => values[c]));
}
