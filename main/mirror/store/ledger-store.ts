import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS, type Migration } from './migrations/index.ts';

export type SqliteDatabase = Database.Database;

/** SQLITE_MAX_MMAP_SIZE of better-sqlite3's bundled SQLite (0x7fff0000): a larger mmap_size is cut to it. */
const MAX_MMAP_BYTES = 0x7fff0000;

export interface LedgerStoreOptions {
  /** Path of the database file, or ':memory:' for a throwaway store. */
  file: string;
  readonly?: boolean;
}

/**
 * Runs `configure` (pragmas, migrations) on a database just opened, closing it when that
 * throws: a file that is no database opens without complaint and fails only here, and must not
 * leave an open handle behind (openOrSetAside moves such a file away).
 */
export function configureOrClose(db: SqliteDatabase, configure: () => void): void {
  try {
    configure();
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * One network profile's ledger data in SQLite. Opens the file in WAL mode (readers never
 * wait for a writer) and brings the schema up to the newest migration.
 */
export class LedgerStore {
  readonly db: SqliteDatabase;
  readonly file: string;

  constructor(options: LedgerStoreOptions) {
    this.file = options.file;
    if (options.file !== ':memory:') fs.mkdirSync(path.dirname(options.file), { recursive: true });
    this.db = new Database(options.file, { readonly: options.readonly ?? false });
    configureOrClose(this.db, () => this.#configure(options));
  }

  #configure(options: LedgerStoreOptions): void {
    this.db.pragma('busy_timeout = 5000');
    if (!options.readonly) {
      this.db.pragma('journal_mode = WAL');
      // NORMAL is durable across application crashes in WAL mode; only a power loss can
      // roll back the last transactions, which a re-sync restores.
      this.db.pragma('synchronous = NORMAL');
      applyMigrations(this.db, MIGRATIONS);
    }
    this.db.pragma('cache_size = -65536');
    // Reads map the file rather than copy pages through read(): a by-id lookup touches a few
    // random pages of several indexes, and each read() was a system call and a copy. The most
    // the prebuilt SQLite allows (SQLITE_MAX_MMAP_SIZE, just under 2 GiB), up from 256 MiB:
    // an account with its latest transactions took 0.78 and 0.83 of the server CPU per request
    // in two interleaved A/B runs over 200,000 accounts (small lookups: within the noise).
    // Mapped pages are the OS page cache's own (file-backed, shared, reclaimable), though they
    // count in the process's resident size.
    this.db.pragma(`mmap_size = ${MAX_MMAP_BYTES}`);
  }

  get schemaVersion(): number {
    return this.db.pragma('user_version', { simple: true }) as number;
  }

  getMeta(key: string): string | undefined {
    const row = this.db.prepare('SELECT value FROM store_meta WHERE key = ?').get(key) as { value: string } | undefined;
    return row?.value;
  }

  setMeta(key: string, value: string): void {
    this.db.prepare('INSERT INTO store_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
  }

  /** Refreshes the planner's statistics; call after bulk loads so filters pick the right index. */
  analyze(): void {
    this.db.exec('ANALYZE');
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

/** Applies the migrations newer than the database's user_version, each in its own transaction. */
export function applyMigrations(db: SqliteDatabase, migrations: readonly Migration[]): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  const newest = migrations.at(-1)?.version ?? 0;
  if (current > newest) {
    // Named: a data folder holds several stores (ledgers, status pages, verification).
    throw new Error(`${db.name} has schema version ${current}, newer than this build knows (${newest}): it was written by a newer Mirrordesk; update Mirrordesk, or choose another data folder with --data-dir DIR`);
  }
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      if (migration.ifAnalyzed && db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'").get()) db.exec(migration.ifAnalyzed);
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
}
