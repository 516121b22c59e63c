/**
 * A followed or looked-up transaction is stored whole again when it arrives a second time (a page
 * replayed after a crash, a lookup of one already followed): its child rows are deleted by its
 * consensus timestamp first. transaction_hash had an index on the hash alone, so that delete read
 * the whole table, for every transaction stored: 2,000 upserts took 83 ms into an empty store and
 * 4.5 s into one holding the demo ledger's 140,000 transactions, and a store following a busy
 * network for days would have slowed down in step with its size until it fell behind for good.
 */
export const migration009 = {
  version: 9,
  name: 'transaction hash timestamp index',
  sql: `
CREATE INDEX transaction_hash__timestamp ON transaction_hash (consensus_timestamp);
`,
  ifAnalyzed: `
PRAGMA analysis_limit = 2000;
ANALYZE transaction_hash__timestamp;
PRAGMA analysis_limit = 0;
`,
};
