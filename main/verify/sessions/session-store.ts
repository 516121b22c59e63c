import { createHash, randomBytes } from 'node:crypto';
import type { SqliteDatabase } from '../../mirror/store/ledger-store.ts';
import { TooLargeError } from '../engine/verify-error.ts';
import { OFF_THREAD_MIN_BYTES } from '../off-thread-min-bytes.ts';
import { writeThenCheckpointInThread } from '../store/checkpoint-in-thread.ts';
import type { DifferingUpload } from './differing-uploads.ts';

/** Sessions end after this long without a request. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** Uploads one session may hold in total (a zip counted as the files it holds, unpacked). */
export const SESSION_MAX_BYTES = 50 * 1024 * 1024;
/**
 * API sessions kept at most: a new one beyond this removes the least recently used (one with an
 * operation under way passed over: SessionStore.hold), so that the sessions' files stay within
 * this many times SESSION_MAX_BYTES on disk. The app's own sessions
 * (one per network profile, pinned) are not counted and never make room: requests to the API
 * cannot empty the user's Verify screen.
 */
export const MAX_LIVE_SESSIONS = 32;

/** What a session remembers per contract besides its files: what the user set, what verifying found. */
export interface SessionContractState {
  address?: string;
  chainId?: string;
  creatorTxHash?: string | null;
  status?: 'perfect' | 'partial' | 'error';
  statusMessage?: string;
  storageTimestamp?: string;
  /** runtimeCodeHashOf the code a match was made against (null when not read): it holds while that code is there (session-result-holds.ts). */
  runtimeCodeHash?: string | null;
}

/** A contract as the session's files make it up: what its entry shows besides the state. */
export interface SessionContractFacts {
  verificationId: string;
  compiledPath: string;
  name: string;
  compilerVersion: string;
  found: string[];
  missing: string[];
  /** Uploaded files that differ from the source the metadata names there (absent in snapshots kept before it was). */
  invalid?: Record<string, DifferingUpload>;
}

/**
 * What a session's files make up, kept beside them when they change, so that reading the session
 * answers without assembling the files again (hashing every source, parsing every JSON: seconds
 * for a session near its limit), as Sourcify keeps its session's contracts.
 */
export interface SessionSnapshot {
  contracts: SessionContractFacts[];
  unused: string[];
  files: string[];
}

export interface SessionState {
  contracts: Record<string, SessionContractState>;
  /** Absent for a session stored before snapshots were kept: it is assembled once and then kept. */
  snapshot?: SessionSnapshot;
}

/** A session's uploads would pass SESSION_MAX_BYTES: a 413 that leaves the session as it was. */
export class SessionFullError extends TooLargeError {
  constructor(message = 'Too much session memory used: the uploads of one session are limited to 50 MiB. Delete some files or clear the session.') {
    super(message);
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
  readonly maxBytes: number;
  private readonly idleMs: number;
  private readonly maxSessions: number;
  /** Hashes of the app's sessions, which eviction leaves alone (held for this run: the app opens new ones after a restart). */
  private readonly pinned = new Set<string>();
  /** Hashes of the sessions with an operation under way (how many hold each): neither made room with nor swept (hold). */
  private readonly held = new Map<string, number>();

  constructor(db: SqliteDatabase, limits: { maxBytes?: number; idleMs?: number; maxSessions?: number } = {}) {
    this.db = db;
    this.maxBytes = limits.maxBytes ?? SESSION_MAX_BYTES;
    this.idleMs = limits.idleMs ?? SESSION_IDLE_MS;
    this.maxSessions = limits.maxSessions ?? MAX_LIVE_SESSIONS;
  }

  /**
   * A new session id (for the cookie) with an empty session behind it. Expired sessions go first;
   * when the limit of live sessions is reached, the least recently used ones make room, pinned
   * ones (the app's, `pinned: true`) excepted. A held one (an operation under way on it) is counted but
   * passed over for the next least recently used; with every one held, none goes and the limit is
   * passed until a later new session finds them let go.
   */
  create(now = Date.now(), { pinned = false } = {}): string {
    const id = randomBytes(32).toString('base64url');
    this.db.transaction(() => {
      this.sweep(now);
      if (!pinned) {
        this.db.prepare(`DELETE FROM verify_session WHERE id_hash IN (
            SELECT id_hash FROM verify_session WHERE id_hash NOT IN (SELECT value FROM json_each(:pinned)) AND id_hash NOT IN (SELECT value FROM json_each(:held))
            ORDER BY last_seen, id_hash DESC
            LIMIT max(0, (SELECT count(*) FROM verify_session WHERE id_hash NOT IN (SELECT value FROM json_each(:pinned))) - :keep))`)
          .run({ pinned: JSON.stringify([...this.pinned]), held: this.heldJson(), keep: this.maxSessions - 1 });
      }
      this.db.prepare('INSERT INTO verify_session (id_hash, last_seen, bytes, state) VALUES (?, ?, 0, ?)').run(hashId(id), now, JSON.stringify({ contracts: {} }));
    })();
    if (pinned) this.pinned.add(hashId(id));
    return id;
  }

  /**
   * Marks the session as having an operation under way (session-turns.ts: from when one is queued
   * until the last queued is settled) until the returned function is called: making room for new
   * sessions and the idle sweep leave it alone meanwhile, so that an add reading its files does not
   * then write them into a session that is gone (refused by the database, the client's files lost).
   */
  hold(id: string): () => void {
    const key = hashId(id);
    this.held.set(key, (this.held.get(key) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = this.held.get(key)! - 1;
      if (left === 0) this.held.delete(key);
      else this.held.set(key, left);
    };
  }

  /** True (and the idle clock reset) when the id names a live session; expired ones are removed. */
  touch(id: string, now = Date.now()): boolean {
    this.sweep(now);
    return this.db.prepare('UPDATE verify_session SET last_seen = ? WHERE id_hash = ?').run(now, hashId(id)).changes === 1;
  }

  /**
   * Adds or replaces files; throws SessionFullError (nothing stored) when the limit would be
   * passed. `countedBytes` is what the session holds with them, when the caller counted it (zips
   * unpacked); by default their stored sizes are added up. `snapshot`, what the files make up
   * with them, is kept in the same transaction.
   */
  addFiles(id: string, files: Array<{ path: string; content: Buffer }>, countedBytes?: number, snapshot?: SessionSnapshot): void {
    const key = hashId(id);
    this.db.transaction(() => {
      const existing = new Map((this.db.prepare('SELECT path, length(content) AS size FROM verify_session_file WHERE session_id_hash = ?').all(key) as Array<{ path: string; size: number }>).map((r) => [r.path, r.size]));
      let total = [...existing.values()].reduce((a, b) => a + b, 0);
      for (const file of files) total += file.content.length - (existing.get(file.path) ?? 0);
      if (countedBytes !== undefined) total = Math.max(total, countedBytes);
      if (total > this.maxBytes) throw new SessionFullError();
      const insert = this.db.prepare('INSERT OR REPLACE INTO verify_session_file (session_id_hash, path, content) VALUES (?, ?, ?)');
      for (const file of files) insert.run(key, file.path, file.content);
      this.db.prepare('UPDATE verify_session SET bytes = ? WHERE id_hash = ?').run(total, key);
      if (snapshot) this.saveSnapshot(id, snapshot);
    })();
  }

  /**
   * addFiles for an upload of any size: for OFF_THREAD_MIN_BYTES or more, the log is copied into
   * the database file by a helper thread after the commit, not in it on the server's loop
   * (writeThenCheckpointInThread). The same transaction, limit and errors.
   */
  async addUpload(id: string, files: Array<{ path: string; content: Buffer }>, countedBytes?: number, snapshot?: SessionSnapshot): Promise<void> {
    const bytes = files.reduce((sum, file) => sum + file.content.length, 0);
    if (bytes < OFF_THREAD_MIN_BYTES) return this.addFiles(id, files, countedBytes, snapshot);
    await writeThenCheckpointInThread(this.db, () => this.addFiles(id, files, countedBytes, snapshot));
  }

  files(id: string): Array<{ path: string; buffer: Buffer }> {
    return (this.db.prepare('SELECT path, content FROM verify_session_file WHERE session_id_hash = ? ORDER BY path').all(hashId(id)) as Array<{ path: string; content: Buffer }>)
      .map((r) => ({ path: r.path, buffer: r.content }));
  }

  /** Whether a session holds any file (without reading them). */
  holdsFiles(id: string): boolean {
    return this.db.prepare('SELECT 1 FROM verify_session_file WHERE session_id_hash = ? LIMIT 1').get(hashId(id)) !== undefined;
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

  /** Saves the contracts' state; the snapshot is the files' to change (a request adding files meanwhile keeps its own). */
  saveState(id: string, state: SessionState): void {
    this.db.prepare("UPDATE verify_session SET state = json_set(state, '$.contracts', json(?)) WHERE id_hash = ?").run(JSON.stringify(state.contracts), hashId(id));
  }

  saveSnapshot(id: string, snapshot: SessionSnapshot): void {
    this.db.prepare("UPDATE verify_session SET state = json_set(state, '$.snapshot', json(?)) WHERE id_hash = ?").run(JSON.stringify(snapshot), hashId(id));
  }

  /** Empties a session (files and contract states); the session itself stays. */
  clear(id: string): void {
    const key = hashId(id);
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM verify_session_file WHERE session_id_hash = ?').run(key);
      this.db.prepare("UPDATE verify_session SET bytes = 0, state = '{\"contracts\":{}}' WHERE id_hash = ?").run(key);
    })();
  }

  /**
   * Deletes a session with its files and unpins it: the app's session of a network profile that
   * was removed, which nothing would open again and which would otherwise stay pinned for the run.
   */
  release(id: string): void {
    const key = hashId(id);
    this.pinned.delete(key);
    this.db.prepare('DELETE FROM verify_session WHERE id_hash = ?').run(key);
  }

  /** Removes sessions idle for longer than the limit (files go with them), held ones excepted. */
  sweep(now = Date.now()): number {
    return this.db.prepare('DELETE FROM verify_session WHERE last_seen < ? AND id_hash NOT IN (SELECT value FROM json_each(?))').run(now - this.idleMs, this.heldJson()).changes;
  }

  private heldJson(): string {
    return JSON.stringify([...this.held.keys()]);
  }
}

function hashId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}
