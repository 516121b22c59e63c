import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultMirrorApiConfig } from '../../main/mirror/config.ts';
import { parseJsonLossless } from '../../main/mirror/format/json-out.ts';
import { createMirrorApi } from '../../main/mirror/mirror-api.ts';
import { transactionRowsOf } from '../../main/sync/transaction-rows.ts';
import { transactionUpserter } from '../../main/sync/transaction-writer.ts';
import { tempStore } from '../helpers/ledger-fixture.ts';
import { mirrorApiFixture } from '../helpers/mirror-api-fixture.ts';
import { canonicalJson, referenceCases } from '../helpers/reference-specs.ts';

// The transactions the reference mirror node itself rendered in its spec cases (nonces,
// scheduled and child transactions, batch keys, NFT and token transfers, custom fee limits),
// each stored the way the sync stores a followed transaction and rendered again locally.
const SPECS = path.resolve('../shared/conformance/mirror/specs/transactions');

function referenceTransactions(): Array<{ file: string; tx: Record<string, unknown> }> {
  return referenceCases(SPECS).flatMap(({ file, test }) =>
    ((test.responseJson?.transactions ?? []) as Array<Record<string, unknown>>).map((tx) => ({ file, tx })));
}

const fixture = mirrorApiFixture(undefined, { hostCheck: false });
const config = defaultMirrorApiConfig();

describe('reference-rendered transactions', () => {
  it('are stored and rendered back field for field', async () => {
    const cases = referenceTransactions();
    expect(cases.length).toBeGreaterThan(80);
    const upsert = transactionUpserter(fixture.store.db);
    const differences: string[] = [];
    for (const { file, tx } of cases) {
      // The list form: assessed custom fees appear only by id, from a table the list does not carry.
      const { assessed_custom_fees: _fees, ...listed } = tx;
      const rows = transactionRowsOf(listed);
      expect(rows, `${file}: ${String(tx.transaction_id)}`).not.toBeNull();
      fixture.store.db.transaction(() => upsert(rows!))();
      const reply = await fixture.get(`/api/v1/transactions?timestamp=${String(tx.consensus_timestamp)}`);
      const rendered = (parseJsonLossless(reply.body) as { transactions: unknown[] }).transactions;
      if (rendered.length !== 1 || canonicalJson(rendered[0]) !== canonicalJson(listed)) differences.push(`${file}: ${String(tx.transaction_id)}\n  ${canonicalJson(listed)}\n  ${canonicalJson(rendered[0])}`);
    }
    expect(differences).toEqual([]);
  });

  it('by id and by hash: every transaction an answer lists, assessed fees included, answers the same URL alike', async () => {
    const differences: string[] = [];
    let compared = 0;
    for (const { file, test } of referenceCases(SPECS).filter(({ file }) => file.startsWith('{id}'))) {
      const expected = test.responseJson?.transactions as Array<Record<string, unknown>> | undefined;
      if (test.responseStatus !== 200 || !expected) continue;
      // A store of its own per case: the answer must come from exactly the transactions it lists.
      const own = tempStore();
      const ownApi = createMirrorApi(own.store, () => config, false);
      try {
        const upsert = transactionUpserter(own.store.db);
        own.store.db.transaction(() => { for (const tx of expected) upsert(transactionRowsOf(tx)!); })();
        for (const url of test.urls ?? [test.url!]) {
          const reply = await ownApi.server.inject({ url });
          compared++;
          if (reply.statusCode !== 200 || canonicalJson(parseJsonLossless(reply.body)) !== canonicalJson(test.responseJson)) {
            differences.push(`${file} ${url}\n  ${canonicalJson(test.responseJson)}\n  ${reply.statusCode} ${canonicalJson(parseJsonLossless(reply.body))}`);
          }
        }
      } finally {
        await ownApi.server.close();
        own.dispose();
      }
    }
    expect(compared).toBeGreaterThan(30);
    expect(differences).toEqual([]);
  });
});
