/**
 * State of the upstream sync engine, kept in the profile's own database so that a page of
 * data and the cursor that follows it commit in one transaction (crash-safe resumption).
 *
 * `sync_cursor`: one row per sync phase (`accounts`, `tokens`, `contracts`, `transactions`):
 * the next upstream URL to fetch (null once the pass is complete), the items stored in the
 * current pass, completed passes, and a phase-specific mark (for `transactions`, the last
 * synced consensus timestamp).
 * `sync_etag`: the upstream's ETag per page URL, sent back as If-None-Match on re-syncs, with
 * what a 304 cannot say again: the page's `links.next` and how many items it held.
 */
export const migration005 = {
  version: 5,
  name: 'sync state',
  sql: `
CREATE TABLE sync_cursor (
  phase TEXT PRIMARY KEY,
  next_url TEXT,
  items INTEGER NOT NULL DEFAULT 0,
  passes INTEGER NOT NULL DEFAULT 0,
  mark TEXT,
  updated_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE sync_etag (url TEXT PRIMARY KEY, etag TEXT NOT NULL, next_url TEXT, items INTEGER NOT NULL) WITHOUT ROWID;
`,
};
