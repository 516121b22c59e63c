/**
 * `transaction.looked_up`: 1 on a synced store's transactions stored from the upstream's by-id
 * answer, which carries their assessed custom fees; NULL on those stored from the transactions
 * list the sync follows, which leaves the fees out, and on every other store's. A lookup by id
 * of a followed transaction reads it through once, so that it answers as the upstream does
 * (main/mirror/http/read-through.ts, withReadThrough's `incomplete`).
 */
export const migration012 = {
  version: 12,
  name: 'transactions stored from their by-id answer',
  sql: `
ALTER TABLE "transaction" ADD COLUMN looked_up INTEGER;
`,
};
