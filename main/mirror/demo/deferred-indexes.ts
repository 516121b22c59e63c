import type { SqliteDatabase } from '../store/ledger-store.ts';

const KEY = 'demo.deferred_indexes';

/**
 * Secondary indexes of the tables the generator fills are dropped while it loads and built
 * once at the end: the history is written in account order, not time order, so keeping
 * time-ordered indexes current would dirty nearly every index page in every chunk. The
 * dropped definitions are saved in store_meta first, so an interrupted generation (the
 * worker terminated) still gets them back on the next start.
 */
export function deferIndexes(db: SqliteDatabase, tables: readonly string[]): void {
  db.transaction(() => {
    restoreIndexes(db);
    const names = tables.map((t) => t.replace(/"/g, ''));
    const rows = db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL
      AND tbl_name IN (SELECT value FROM json_each(?)) ORDER BY name`).all(JSON.stringify(names)) as Array<{ name: string; sql: string }>;
    db.prepare('INSERT INTO store_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(KEY, JSON.stringify(rows.map((r) => r.sql)));
    for (const row of rows) db.exec(`DROP INDEX "${row.name}"`);
  })();
}

/** Builds the indexes `deferIndexes` dropped (a no-op when none are pending). */
export function restoreIndexes(db: SqliteDatabase): void {
  const saved = db.prepare('SELECT value FROM store_meta WHERE key = ?').get(KEY) as { value: string } | undefined;
  if (!saved) return;
  db.transaction(() => {
    for (const sql of JSON.parse(saved.value) as string[]) db.exec(sql.replace(/^CREATE INDEX /i, 'CREATE INDEX IF NOT EXISTS '));
    db.prepare('DELETE FROM store_meta WHERE key = ?').run(KEY);
  })();
}
