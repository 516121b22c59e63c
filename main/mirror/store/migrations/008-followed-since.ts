/**
 * A synced store holds every upstream transaction after the moment its sync began following
 * them, and none of the history before (only what a lookup by id read through). The `transactions`
 * cursor's mark moves with each page, so the start was lost; `since` keeps it, and the app works
 * out a balance at an earlier moment only from there on (the current balance less the transfers
 * after the moment). A store synced before this migration has followed everything after its
 * current mark: that is the earliest start it can vouch for.
 */
export const migration008 = {
  version: 8,
  name: 'sync follows transactions since',
  sql: `
ALTER TABLE sync_cursor ADD COLUMN since TEXT;
UPDATE sync_cursor SET since = mark WHERE phase = 'transactions';
`,
};
