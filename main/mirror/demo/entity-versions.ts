import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from '../store/ledger-store.ts';

/**
 * A statement that writes a version of an entity into entity_history, as the importer keeps one when a change
 * starts a new version: a copy of the row of `from` (the entity's current row, or one of its versions) that `where`
 * selects, with each column of `replaced` set to its SQL expression. Every other column is copied as it is, read
 * from the schema, so a column a later migration adds is carried over too. `where` and the expressions may use
 * the statement's parameters.
 */
export function prepareVersionCopy(db: SqliteDatabase, from: 'entity' | 'entity_history', replaced: Readonly<Record<string, string>>, where: string): Statement {
  const columns = (db.prepare('PRAGMA table_info(entity_history)').all() as Array<{ name: string }>).map((c) => c.name);
  const copied = columns.filter((name) => !Object.hasOwn(replaced, name));
  const names = [...copied, ...Object.keys(replaced)];
  const values = [...copied, ...Object.values(replaced)];
  return db.prepare(`INSERT INTO entity_history (${names.join(', ')}) SELECT ${values.join(', ')} FROM ${from} WHERE ${where}`);
}
