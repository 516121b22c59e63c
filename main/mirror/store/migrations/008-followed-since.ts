/**
 * A synced store holds every upstream transaction after the moment its sync began following
 * them, and none of the history before (only what a lookup by id read through). The `transactions`
 * cursor's mark moves with each page, so the start was lost; `since` keeps it, and the app works
 * out a balance at an earlier moment only from there on (the current balance less the transfers
 * after the moment). A store synced before this migration has followed everything after its
 * current mark: that is the earliest start it can vouch for.
 *
 * `account_history`: an account's older history fetched on request (main/sync/account-history.ts),
 * newest first: every transaction of the account after `held_since` is stored (`complete`: all of
 * them), and `next_url` is the upstream page to go on from.
 *
 * `upstream_answer`: answers the upstream gave for paths whose answer never changes once there
 * (a transaction's contract result) and that the sync stores no rows for, kept as sent and
 * served again offline (main/sync/upstream-read-through.ts).
 */
export const migration008 = {
  version: 8,
  name: 'followed transactions: since when; accounts whose older history was fetched; kept upstream answers',
  sql: `
ALTER TABLE sync_cursor ADD COLUMN since TEXT;
UPDATE sync_cursor SET since = mark WHERE phase = 'transactions';
CREATE TABLE account_history (
  account_id INTEGER PRIMARY KEY,
  held_since TEXT NOT NULL,
  next_url TEXT,
  complete INTEGER NOT NULL DEFAULT 0,
  updated_at INTEGER NOT NULL
);
CREATE TABLE upstream_answer (path TEXT PRIMARY KEY, body TEXT NOT NULL, stored_at INTEGER NOT NULL) WITHOUT ROWID;
`,
};
