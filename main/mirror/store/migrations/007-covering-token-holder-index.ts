/**
 * A token's holders (`/tokens/{id}/balances`) are walked in account order through
 * token_account__token. With (token_id, account_id) alone, each holder on a page cost a
 * search into token_account by its primary key for the balance: 25 searches on pages of their
 * own in a large store, about 100 us of a 110 us query on 2.4 million relationships. Carrying
 * the columns the page reads makes it one walk of the index (57 MB there). The price is on
 * writes: a balance update now rewrites the relationship's index entry too, where it touched
 * the table alone (the sync bench stayed at 0.41 of raw inserts, as before). The index keeps
 * its name, so the hints and plans that name it hold; statistics and an index missing after
 * an interrupted demo generation are handled as in migration 006.
 */
export const migration007 = {
  version: 7,
  name: 'covering token holder index',
  sql: `
DROP INDEX IF EXISTS token_account__token;
CREATE INDEX token_account__token ON token_account (token_id, account_id, associated, balance, balance_timestamp);
`,
  ifAnalyzed: `
PRAGMA analysis_limit = 2000;
ANALYZE token_account__token;
PRAGMA analysis_limit = 0;
`,
};
