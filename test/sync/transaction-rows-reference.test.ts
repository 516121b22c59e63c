import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultMirrorApiConfig } from '../../main/mirror/config.ts';
import { parseJsonLossless, stringifyJson } from '../../main/mirror/format/json-out.ts';
import { createMirrorApi } from '../../main/mirror/mirror-api.ts';
import { transactionRowsOf } from '../../main/sync/transaction-rows.ts';
import { transactionUpserter } from '../../main/sync/transaction-writer.ts';
import { tempStore } from '../helpers/ledger-fixture.ts';

// The transactions the reference mirror node itself rendered in its spec cases (nonces,
// scheduled and child transactions, batch keys, NFT and token transfers, custom fee limits),
// each stored the way the sync stores a followed transaction and rendered again locally.
const SPECS = path.resolve('../shared/conformance/mirror/specs/transactions');

function referenceTransactions(): Array<{ file: string; tx: Record<string, unknown> }> {
  const out: Array<{ file: string; tx: Record<string, unknown> }> = [];
  for (const file of fs.readdirSync(SPECS, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.json'))) {
    const spec = parseJsonLossless(fs.readFileSync(path.join(SPECS, file), 'utf8')) as { tests?: unknown[] } & Record<string, unknown>;
    for (const test of (spec.tests ?? [spec]) as Array<{ responseJson?: { transactions?: Array<Record<string, unknown>> } }>) {
      for (const tx of test.responseJson?.transactions ?? []) out.push({ file, tx });
    }
  }
  return out;
}

/** JSON with object keys sorted: the spec files list fields in their own order; values and list orders must match. */
function canonical(value: unknown): string {
  const sortKeys = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sortKeys);
    if (v === null || typeof v !== 'object') return v;
    return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]));
  };
  return stringifyJson(sortKeys(value));
}

const fixture = tempStore();
const config = defaultMirrorApiConfig();
const api = createMirrorApi(fixture.store, () => config, false);
afterAll(async () => {
  await api.server.close();
  fixture.dispose();
});

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
      const reply = await api.server.inject({ url: `/api/v1/transactions?timestamp=${String(tx.consensus_timestamp)}` });
      const rendered = (parseJsonLossless(reply.body) as { transactions: unknown[] }).transactions;
      if (rendered.length !== 1 || canonical(rendered[0]) !== canonical(listed)) differences.push(`${file}: ${String(tx.transaction_id)}\n  ${canonical(listed)}\n  ${canonical(rendered[0])}`);
    }
    expect(differences).toEqual([]);
  });

  it('by id and by hash: every transaction an answer lists, assessed fees included, answers the same URL alike', async () => {
    const differences: string[] = [];
    let compared = 0;
    for (const file of fs.readdirSync(SPECS, { recursive: true, encoding: 'utf8' }).filter((f) => f.startsWith('{id}') && f.endsWith('.json'))) {
      const spec = parseJsonLossless(fs.readFileSync(path.join(SPECS, file), 'utf8')) as Record<string, unknown> & { tests?: unknown[] };
      for (const test of (spec.tests ?? [spec]) as Array<{ url?: string; urls?: string[]; responseStatus?: number; responseJson?: { transactions?: Array<Record<string, unknown>> } }>) {
        const expected = test.responseJson?.transactions;
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
            if (reply.statusCode !== 200 || canonical(parseJsonLossless(reply.body)) !== canonical(test.responseJson)) {
              differences.push(`${file} ${url}\n  ${canonical(test.responseJson)}\n  ${reply.statusCode} ${canonical(parseJsonLossless(reply.body))}`);
            }
          }
        } finally {
          await ownApi.server.close();
          own.dispose();
        }
      }
    }
    expect(compared).toBeGreaterThan(30);
    expect(differences).toEqual([]);
  });
});
