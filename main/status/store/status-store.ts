import { configureOrClose, type SqliteDatabase } from '../../mirror/store/ledger-store.ts';
import type { FeedName } from '../feed/feed-paths.ts';
import { isJsonObject, parseStatusJson, stringifyStatusJson, type JsonObject } from '../feed/status-json.ts';
import { DEFAULT_NOTIFICATION_SETTINGS, readNotificationSettings, type NotificationSettings } from '../notify/notification-settings.ts';
import type { NotificationKind, SeenKind, SeenState } from '../notify/transitions.ts';
import type { StatusNotification } from '../../common/status-types.ts';
import { NOT_UNRESOLVED_STATUSES } from '../../common/status-words.ts';
import { openStatusDatabase } from './status-database.ts';

export type RecordKind = 'incident' | 'maintenance';

/** When the page's first good poll was taken: until then a poll is the silent baseline. */
const BASELINE_KEY = 'baseline_at';
const SETTINGS_KEY = 'notification_settings';
/** When the demo's sample history starts (ms since the epoch): the profile's first use. */
const DEMO_ANCHOR_KEY = 'demo_anchor';
/**
 * What a store started afresh (`startAfresh`) keeps of the one it replaces: the user's own choices
 * and where the demo history is anchored. Everything else is heard from the status page again.
 */
export const CARRIED_META_KEYS: readonly string[] = [SETTINGS_KEY, DEMO_ANCHOR_KEY];
/** Before a feed's name: the status_meta key of when the feed was last heard with a body (`saveFeed`). */
const FEED_FETCHED_PREFIX = 'fetched_at:';

function feedFetchedKey(name: FeedName): string {
  return FEED_FETCHED_PREFIX + name;
}

export interface StoredFeed {
  text: string;
  etag: string | null;
  fetchedAt: string;
}

/** A notification as raised and recorded (the API's own type); `delivered` is false when the settings held it back. */
export type { StatusNotification };

export interface ListOptions {
  /** Only records in one of these statuses (upcoming maintenances: `scheduled`) that the upstream still lists as open. */
  statuses?: readonly string[];
}

interface NotificationRow {
  seq: number;
  kind: NotificationKind;
  record_id: string;
  update_id: string | null;
  title: string;
  body: string;
  impact: string | null;
  component_ids: string;
  raised_at: string;
  delivered: number;
}

/**
 * One profile's status data in its own SQLite file: records with the upstream's JSON as sent,
 * the last good body and ETag of each feed, what notifications have seen, and settings.
 */
export class StatusStore {
  /** The file this store is kept in (':memory:' for a throwaway one); the database may be a stand-in (`startAfresh`). */
  readonly file: string;
  #db: SqliteDatabase;
  /** How many times the database was started afresh: a poll begun on the one before writes nothing to this one. */
  #generation = 0;
  /** The last value of each of CARRIED_META_KEYS read or written, for `startAfresh` (the damaged file may not give them). */
  readonly #carried = new Map<string, string>();

  /** Opens (or creates) the file; a damaged one fails with SQLITE_CORRUPT (`openStatusDatabase`). */
  constructor(file: string) {
    this.file = file;
    this.#db = openStatusDatabase(file);
    // Read now, for `startAfresh`: a damaged file that opened fails here, and is closed.
    configureOrClose(this.#db, () => {
      for (const key of CARRIED_META_KEYS) this.getMeta(key);
    });
  }

  get db(): SqliteDatabase {
    return this.#db;
  }

  get generation(): number {
    return this.#generation;
  }

  /**
   * Goes on with another database in place of this one (a new file, after the old one was found
   * damaged, or one in memory): whoever holds this store keeps using it. The one before must be
   * closed already. What CARRIED_META_KEYS held, as this store last read or wrote it (the damaged
   * file may not give it any more), is written to the new one. Not inside a transaction: callers
   * catch the damage first, which rolls it back.
   */
  startAfresh(db: SqliteDatabase): void {
    this.#db = db;
    this.#generation += 1;
    // Kept as they were should a write fail (a full disk): a stand-in after that one still gets them.
    for (const [key, value] of [...this.#carried]) this.setMeta(key, value);
  }

  /** Runs fn in one transaction: a poll's records, seen-state and notifications land together or not at all. */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  getMeta(key: string): string | undefined {
    const row = this.db.prepare('SELECT value FROM status_meta WHERE key = ?').get(key) as { value: string } | undefined;
    this.#remember(key, row?.value);
    return row?.value;
  }

  setMeta(key: string, value: string | null): void {
    if (value === null) this.db.prepare('DELETE FROM status_meta WHERE key = ?').run(key);
    else this.db.prepare('INSERT INTO status_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
    this.#remember(key, value ?? undefined);
  }

  #remember(key: string, value: string | undefined): void {
    if (!CARRIED_META_KEYS.includes(key)) return;
    if (value === undefined) this.#carried.delete(key);
    else this.#carried.set(key, value);
  }

  /** Where the demo's sample history starts (ms since the epoch); undefined before its first use. */
  demoAnchor(): number | undefined {
    const anchor = Number(this.getMeta(DEMO_ANCHOR_KEY));
    return Number.isFinite(anchor) && anchor > 0 ? anchor : undefined;
  }

  setDemoAnchor(ms: number): void {
    this.setMeta(DEMO_ANCHOR_KEY, String(ms));
  }

  /** The time of the page's first good poll (its silent baseline); undefined until there was one. */
  baselineAt(): string | undefined {
    return this.getMeta(BASELINE_KEY);
  }

  setBaselineAt(at: string): void {
    this.setMeta(BASELINE_KEY, at);
  }

  // --- records ---------------------------------------------------------------------------

  /**
   * Stores a record unless the stored one was updated later (instants, not upstream order). One
   * stored as it is stays untouched (`stored_at` is when its version came): a page without ETags
   * answers every poll in full, and rewriting each record each time only grows the file's log.
   */
  upsertRecord(kind: RecordKind, record: JsonObject, sortMs: number, updatedMs: number | null, storedAt: string): void {
    this.db
      .prepare(
        `INSERT INTO status_record (kind, id, status, impact, sort_ms, updated_ms, upstream_open, raw, stored_at)
         VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?)
         ON CONFLICT (kind, id) DO UPDATE SET status = excluded.status, impact = excluded.impact, sort_ms = excluded.sort_ms,
           updated_ms = excluded.updated_ms, raw = excluded.raw, stored_at = excluded.stored_at
         WHERE (excluded.updated_ms IS NULL OR status_record.updated_ms IS NULL OR excluded.updated_ms >= status_record.updated_ms)
           AND (excluded.raw IS NOT status_record.raw OR excluded.updated_ms IS NOT status_record.updated_ms OR excluded.sort_ms IS NOT status_record.sort_ms)`,
      )
      .run(kind, record.id as string, String(record.status), typeof record.impact === 'string' ? record.impact : null, sortMs, updatedMs, stringifyStatusJson(record), storedAt);
  }

  /** Marks which records of a kind the upstream lists as open (unresolved or upcoming) right now; a mark already right is not written again. */
  setUpstreamOpen(kind: RecordKind, openIds: ReadonlySet<string>): void {
    const ids = this.db.prepare('SELECT id FROM status_record WHERE kind = ?').pluck().all(kind) as string[];
    const update = this.db.prepare('UPDATE status_record SET upstream_open = ? WHERE kind = ? AND id = ? AND upstream_open IS NOT ?');
    for (const id of ids) {
      const open = openIds.has(id) ? 1 : 0;
      update.run(open, kind, id, open);
    }
  }

  /**
   * Forgets the records of a kind that sort after `afterSortMs` (within the window the upstream's
   * list covers) and are not among `listedIds`: the upstream deleted them. What sorts before it has
   * only aged out of the upstream's list and is kept as local history. The seen-state keeps them,
   * so a stale copy of the feed bringing one back raises nothing. Answers how many went.
   */
  forgetUnlisted(kind: RecordKind, listedIds: ReadonlySet<string>, afterSortMs: number): number {
    const dropped = (this.db.prepare('SELECT id FROM status_record WHERE kind = ? AND sort_ms > ?').pluck().all(kind, afterSortMs) as string[])
      .filter((id) => !listedIds.has(id));
    const forget = this.db.prepare('DELETE FROM status_record WHERE kind = ? AND id = ?');
    for (const id of dropped) forget.run(kind, id);
    return dropped.length;
  }

  getRecord(kind: RecordKind, id: string): JsonObject | null {
    const raw = this.db.prepare('SELECT raw FROM status_record WHERE kind = ? AND id = ?').pluck().get(kind, id) as string | undefined;
    return raw === undefined ? null : (parseStatusJson(raw) as JsonObject);
  }

  /** Records newest first (created_at for incidents, scheduled_for for maintenances, as instants). */
  listRecords(kind: RecordKind, options: ListOptions = {}): JsonObject[] {
    return this.#listRecords(kind, options.statuses ? { test: 'IN', statuses: options.statuses } : null);
  }

  /** Unresolved incidents, newest first: in none of NOT_UNRESOLVED_STATUSES (not closed, not a maintenance) and still listed by the upstream. */
  listUnresolvedIncidents(): JsonObject[] {
    return this.#listRecords('incident', { test: 'NOT IN', statuses: NOT_UNRESOLVED_STATUSES });
  }

  /** Records newest first; with `only`, those whose status is (`IN`) or is not (`NOT IN`) one of its statuses that the upstream still lists as open. */
  #listRecords(kind: RecordKind, only: { test: 'IN' | 'NOT IN'; statuses: readonly string[] } | null): JsonObject[] {
    const filter = only ? ` AND status ${only.test} (${only.statuses.map(() => '?').join(', ')}) AND COALESCE(upstream_open, 1) = 1` : '';
    const rows = this.db
      .prepare(`SELECT raw FROM status_record WHERE kind = ?${filter} ORDER BY sort_ms DESC, id DESC`)
      .pluck()
      .all(kind, ...(only?.statuses ?? [])) as string[];
    return rows.map((raw) => parseStatusJson(raw) as JsonObject);
  }

  // --- feeds and page ---------------------------------------------------------------------

  getFeed(name: FeedName): StoredFeed | null {
    const row = this.db
      .prepare('SELECT body, etag, fetched_at, (SELECT value FROM status_meta WHERE key = ?) AS last_fetched_at FROM status_feed WHERE name = ?')
      .get(feedFetchedKey(name), name) as { body: string; etag: string | null; fetched_at: string; last_fetched_at: string | null } | undefined;
    // The row's own fetched_at is when its body last changed (saveFeed); when it was last heard is in
    // status_meta. A file from before the fetch time was kept apart has it in the feed's row only.
    return row ? { text: row.body, etag: row.etag, fetchedAt: row.last_fetched_at ?? row.fetched_at } : null;
  }

  /**
   * Stores a feed body as heard (200) at `fetchedAt`. A body and ETag the same as stored are not
   * written again, only the time: a page without ETags answers every poll in full, and rewriting a
   * feed row (its body over several pages) for its time alone grew the file's log by some 12 KB a
   * poll. The time goes to status_meta, on the page each poll writes anyway (last_success_at).
   */
  saveFeed(name: FeedName, text: string, etag: string | null, fetchedAt: string): void {
    this.db
      .prepare(
        `INSERT INTO status_feed (name, etag, body, fetched_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (name) DO UPDATE SET etag = excluded.etag, body = excluded.body, fetched_at = excluded.fetched_at
         WHERE status_feed.body IS NOT excluded.body OR status_feed.etag IS NOT excluded.etag`,
      )
      .run(name, etag, text, fetchedAt);
    this.setMeta(feedFetchedKey(name), fetchedAt);
  }

  /** A passthrough feed's last good body, parsed, or null when the upstream never offered it. */
  feedBody(name: FeedName): JsonObject | null {
    const feed = this.getFeed(name);
    if (!feed) return null;
    const body = parseStatusJson(feed.text);
    return isJsonObject(body) ? body : null;
  }

  getPage(): JsonObject | null {
    const raw = this.getMeta('page');
    return raw === undefined ? null : (parseStatusJson(raw) as JsonObject);
  }

  setPage(page: JsonObject): void {
    this.setMeta('page', stringifyStatusJson(page));
  }

  // --- notification state -----------------------------------------------------------------

  /** Seen-state backed by SQLite; use inside the poll's transaction. */
  seenState(): SeenState {
    const has = this.db.prepare('SELECT 1 FROM status_seen WHERE kind = ? AND id = ?').pluck();
    const add = this.db.prepare('INSERT OR IGNORE INTO status_seen (kind, id) VALUES (?, ?)');
    const forget = this.db.prepare('DELETE FROM status_seen WHERE kind = ? AND id = ?');
    return {
      has: (kind: SeenKind, id: string) => has.get(kind, id) !== undefined,
      add: (kind: SeenKind, id: string) => void add.run(kind, id),
      forget: (kind: SeenKind, id: string) => void forget.run(kind, id),
    };
  }

  recordNotification(entry: Omit<StatusNotification, 'seq'>): StatusNotification {
    const result = this.db
      .prepare(
        `INSERT INTO status_notification (kind, record_id, update_id, title, body, impact, component_ids, raised_at, delivered)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(entry.kind, entry.id, entry.updateId, entry.title, entry.body, entry.impact, JSON.stringify(entry.componentIds), entry.raisedAt, entry.delivered ? 1 : 0);
    return { seq: Number(result.lastInsertRowid), ...entry };
  }

  /** The latest notifications, newest first. */
  recentNotifications(limit = 50): StatusNotification[] {
    const rows = this.db.prepare('SELECT * FROM status_notification ORDER BY seq DESC LIMIT ?').all(limit) as NotificationRow[];
    return rows.map((row) => ({
      seq: row.seq,
      kind: row.kind,
      id: row.record_id,
      updateId: row.update_id,
      title: row.title,
      body: row.body,
      impact: row.impact,
      componentIds: JSON.parse(row.component_ids) as string[],
      raisedAt: row.raised_at,
      delivered: row.delivered === 1,
    }));
  }

  getSettings(): NotificationSettings {
    const raw = this.getMeta(SETTINGS_KEY);
    if (raw === undefined) return { ...DEFAULT_NOTIFICATION_SETTINGS };
    try {
      return readNotificationSettings(JSON.parse(raw));
    } catch {
      return { ...DEFAULT_NOTIFICATION_SETTINGS };
    }
  }

  /** Validates and saves settings; throws a TypeError naming a bad field. */
  setSettings(value: unknown): NotificationSettings {
    const settings = readNotificationSettings(value);
    this.setMeta(SETTINGS_KEY, JSON.stringify(settings));
    return settings;
  }

  /**
   * Forgets what was heard from the page this store held: records, feed bodies and their ETags,
   * seen-state, notifications, the page and its baseline (everything of the next page heard is
   * news to this store and none of it to the user: its first poll is a baseline). Quiet mode and the impact choices are the user's and
   * stay; component choices name the old page's components, which the next page does not have,
   * and would hold back every notification naming one of its own: they go back to all.
   */
  forgetPage(): void {
    this.transaction(() => {
      for (const table of ['status_record', 'status_feed', 'status_seen', 'status_notification']) this.db.prepare(`DELETE FROM ${table}`).run();
      this.db.prepare(`DELETE FROM status_meta WHERE key GLOB '${FEED_FETCHED_PREFIX}*'`).run();
      this.setMeta('page', null);
      this.setMeta(BASELINE_KEY, null);
      const settings = this.getSettings();
      if (settings.componentIds !== null) this.setSettings({ ...settings, componentIds: null });
    });
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
