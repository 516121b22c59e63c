import { createHash, randomBytes } from 'node:crypto';
import type { SqliteDatabase } from '../../mirror/store/ledger-store.ts';

/** Sessions end after this long without a request. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** Uploads one session may hold in total. */
export const SESSION_MAX_BYTES = 50 * 1024 * 1024;

/** What a session remembers per contract besides its files: what the user set, what verifying found. */
export interface SessionContractState {
  address?: string;
  chainId?: string;
  creatorTxHash?: string | null;
  status?: 'perfect' | 'partial' | 'error';
  statusMessage?: string;
  storageTimestamp?: string;
}

export interface SessionState {
  contracts: Record<string, SessionContractState>;
}

export class SessionFullError extends Error {
  constructor() {
    super('Too much session memory used: the uploads of one session are limited to 50 MiB. Delete some files or clear the session.');
    this.name = 'SessionFullError';
  }
}

/**
 * Verification sessions in SQLite, so they survive restarts. The cookie carries a random id;
 * only its sha256 is stored, so the database alone cannot be used to take over a session.
 * Each session's files are keyed by that hash: one session never reads another's files.
 */
export class SessionStore {
  private readonly db: SqliteDatabase;
  private readonly maxBytes: number;
  private readonly idleMs: number;

  constructor(db: SqliteDatabase, limits: { maxBytes?: number; idleMs?: number } = {}) {
    this.db = db;
    this.maxBytes = limits.maxBytes ?? SESSION_MAX_BYTES;
    this.idleMs = limits.idleMs ?? SESSION_IDLE_MS;
  }

  /** A new session id (for the cookie) with an empty session behind it. */
  create(now = Date.now()): string {
    const id = randomBytes(32).toString('base64url');
    this.db.prepare('INSERT INTO verify_session (id_hash, last_seen, bytes, state) VALUES (?, ?, 0, ?)').run(hashId(id), now, JSON.stringify({ contracts: {} }));
    return id;
  }

  /** True (and the idle clock reset) when the id names a live session; expired ones are removed. */
  touch(id: string, now = Date.now()): boolean {
    this.sweep(now);
    return this.db.prepare('UPDATE verify_session SET last_seen = ? WHERE id_hash = ?').run(now, hashId(id)).changes === 1;
  }

  /** Adds or replaces files; throws SessionFullError (nothing stored) when the limit would be passed. */
  addFiles(id: string, files: Array<{ path: string; content: Buffer }>): void {
    const key = hashId(id);
    this.db.transaction(() => {
      const existing = new Map((this.db.prepare('SELECT path, length(content) AS size FROM verify_session_file WHERE session_id_hash = ?').all(key) as Array<{ path: string; size: number }>).map((r) => [r.path, r.size]));
      let total = [...existing.values()].reduce((a, b) => a + b, 0);
      for (const file of files) total += file.content.length - (existing.get(file.path) ?? 0);
      if (total > this.maxBytes) throw new SessionFullError();
      const insert = this.db.prepare('INSERT OR REPLACE INTO verify_session_file (session_id_hash, path, content) VALUES (?, ?, ?)');
      for (const file of files) insert.run(key, file.path, file.content);
      this.db.prepare('UPDATE verify_session SET bytes = ? WHERE id_hash = ?').run(total, key);
    })();
  }

  files(id: string): Array<{ path: string; buffer: Buffer }> {
    return (this.db.prepare('SELECT path, content FROM verify_session_file WHERE session_id_hash = ? ORDER BY path').all(hashId(id)) as Array<{ path: string; content: Buffer }>)
      .map((r) => ({ path: r.path, buffer: r.content }));
  }

  /** The bytes a session's uploads hold, as the limit counts them, without reading the files. */
  bytes(id: string): number {
    const row = this.db.prepare('SELECT bytes FROM verify_session WHERE id_hash = ?').get(hashId(id)) as { bytes: number } | undefined;
    return row?.bytes ?? 0;
  }

  state(id: string): SessionState {
    const row = this.db.prepare('SELECT state FROM verify_session WHERE id_hash = ?').get(hashId(id)) as { state: string } | undefined;
    return row ? JSON.parse(row.state) as SessionState : { contracts: {} };
  }

  saveState(id: string, state: SessionState): void {
    this.db.prepare('UPDATE verify_session SET state = ? WHERE id_hash = ?').run(JSON.stringify(state), hashId(id));
  }

  /** Empties a session (files and contract states); the session itself stays. */
  clear(id: string): void {
    const key = hashId(id);
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM verify_session_file WHERE session_id_hash = ?').run(key);
      this.db.prepare("UPDATE verify_session SET bytes = 0, state = '{\"contracts\":{}}' WHERE id_hash = ?").run(key);
    })();
  }

  /** Removes sessions idle for longer than the limit (files go with them). */
  sweep(now = Date.now()): number {
    return this.db.prepare('DELETE FROM verify_session WHERE last_seen < ?').run(now - this.idleMs).changes;
  }
}

function hashId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}
