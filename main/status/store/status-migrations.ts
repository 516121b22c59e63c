import type { Migration } from '../../mirror/store/migrations/index.ts';

/**
 * The status store's schema, in order. Append only: a released migration is never edited.
 * Records keep the upstream's JSON as sent (`raw`); the other columns only index it.
 */
export const STATUS_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'status records, feeds, seen-state and notifications',
    sql: `
      CREATE TABLE status_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;

      -- kind: 'incident' (from incident feeds) or 'maintenance' (from maintenance feeds).
      -- sort_ms: the instant "newest first" orders by (created_at for incidents, scheduled_for for maintenances).
      -- upstream_open: 1/0 whether the upstream's unresolved/upcoming feed listed it at the last good poll, NULL unknown.
      CREATE TABLE status_record (
        kind TEXT NOT NULL CHECK (kind IN ('incident', 'maintenance')),
        id TEXT NOT NULL,
        status TEXT NOT NULL,
        impact TEXT,
        sort_ms REAL NOT NULL,
        updated_ms REAL,
        upstream_open INTEGER,
        raw TEXT NOT NULL,
        stored_at TEXT NOT NULL,
        PRIMARY KEY (kind, id)
      ) WITHOUT ROWID;
      CREATE INDEX status_record_newest ON status_record (kind, sort_ms DESC, id DESC);
      CREATE INDEX status_record_by_status ON status_record (kind, status, sort_ms DESC);

      -- The last good body of each feed, with its ETag: answers 304s and passthrough endpoints.
      CREATE TABLE status_feed (
        name TEXT PRIMARY KEY,
        etag TEXT,
        body TEXT NOT NULL,
        fetched_at TEXT NOT NULL
      ) WITHOUT ROWID;

      -- What notifications already know about: kind is 'incident', 'update', 'resolved' or 'maintenance'.
      CREATE TABLE status_seen (kind TEXT NOT NULL, id TEXT NOT NULL, PRIMARY KEY (kind, id)) WITHOUT ROWID;

      CREATE TABLE status_notification (
        seq INTEGER PRIMARY KEY,
        kind TEXT NOT NULL,
        record_id TEXT NOT NULL,
        update_id TEXT,
        title TEXT NOT NULL,
        body TEXT NOT NULL,
        impact TEXT,
        component_ids TEXT NOT NULL,
        raised_at TEXT NOT NULL,
        delivered INTEGER NOT NULL
      );
    `,
  },
];
