import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultMirrorApiConfig, type MirrorApiConfig } from '../../main/mirror/config.ts';
import { longZeroAddress } from '../../main/mirror/contracts/contract-hex.ts';
import { parseEntityIdLoose } from '../../main/mirror/format/entity-id.ts';
import { parseJsonLossless } from '../../main/mirror/format/json-out.ts';
import { contractLogRowOf, contractResultRowsOf } from '../../main/sync/contract-result-rows.ts';
import { contractResultsWriter } from '../../main/sync/contract-results-writer.ts';
import { mirrorApiFixture } from '../helpers/mirror-api-fixture.ts';
import { canonicalJson, renderedItems } from '../helpers/reference-specs.ts';

// The contract results and logs the reference mirror node itself rendered in its list spec cases
// (legacy, access-list and EIP-1559 Ethereum transactions, failures, payable calls, child results,
// in tinybars and in weibars), each stored the way the sync stores a followed page's results and
// rendered again locally by the same list.
const SPECS = path.resolve('../shared/conformance/mirror/specs/contracts');

type Item = Record<string, unknown>;

/** The items of the 200 answers of spec files directly in `dir` (not its sub-resources), listed under `list`. */
function referenceItems(dir: string, list: string): Array<{ file: string; url: string; item: Item }> {
  return renderedItems(path.join(SPECS, dir), list)
    .filter(({ file }) => !file.includes('/'))
    .map(({ file, urls, item }) => ({ file, url: urls[0] ?? '', item }));
}

// The reference rendered its cases with EIP-7702 authorization lists enabled.
const withAuthorizationLists = (): MirrorApiConfig => {
  const config = defaultMirrorApiConfig();
  return { ...config, response: { ...config.response, enableDelegationAddress: true } };
};
const fixture = mirrorApiFixture(undefined, { hostCheck: false, config: withAuthorizationLists });
const write = contractResultsWriter(fixture.store.db);

/**
 * The contract's EVM address, as the contracts crawl stores it with the contract: an address that
 * is not the id's long-zero form is its own (created by CREATE2 or from an EVM address). Spec
 * cases reuse contract ids, with and without such an address.
 */
function storeContractAddress(item: Item): void {
  const id = typeof item.contract_id === 'string' ? parseEntityIdLoose(item.contract_id) : null;
  if (id === null || typeof item.address !== 'string') return;
  const own = item.address === longZeroAddress(id) ? null : Buffer.from(item.address.slice(2), 'hex');
  fixture.store.db.prepare(`INSERT INTO entity (id, shard, realm, num, type, evm_address, timestamp_range_lower) VALUES (?, 0, 0, ?, 'CONTRACT', ?, 0)
    ON CONFLICT (id) DO UPDATE SET evm_address = excluded.evm_address`).run(id, id, own);
}

function clearBlocks(): void {
  fixture.store.db.prepare('DELETE FROM record_file').run();
}

async function renderedBack(url: string, list: string): Promise<unknown> {
  const reply = await fixture.get(url);
  const items = (parseJsonLossless(reply.body) as Record<string, unknown[]>)[list] ?? [];
  return items.length === 1 ? items[0] : { status: reply.statusCode, items };
}

describe('contract results the reference rendered in its lists', () => {
  it('are stored as the sync stores them and rendered back field for field, in either unit', async () => {
    const all = referenceItems('results', 'results');
    expect(all.length).toBeGreaterThan(10);
    // The cases cover what the rows must carry: legacy and EIP-1559 Ethereum transactions, both units, a payable call, a failure.
    expect(new Set(all.map(({ item }) => item.type))).toEqual(new Set([null, 0, 2]));
    expect(all.some(({ url }) => /hbar=false/.test(url))).toBe(true);
    expect(all.some(({ item }) => BigInt(item.amount as number) > 0n)).toBe(true);
    expect(all.some(({ item }) => item.result !== 'SUCCESS')).toBe(true);
    const differences: string[] = [];
    for (const { file, url, item } of all) {
      const weibars = /hbar=false/.test(url);
      clearBlocks();
      storeContractAddress(item);
      const rows = contractResultRowsOf(item, { payer: null, nonce: 0n }, weibars ? 'weibar' : 'tinybar')!;
      const at = rows.result.consensus_timestamp;
      fixture.store.db.transaction(() => write({ from: at, to: at, results: [rows], logs: [] }))();
      const back = await renderedBack(`/api/v1/contracts/results?timestamp=${String(item.timestamp)}&internal=true${weibars ? '&hbar=false' : ''}`, 'results');
      if (canonicalJson(back) !== canonicalJson(item)) differences.push(`${file}: ${String(item.timestamp)}\n  ${canonicalJson(item)}\n  ${canonicalJson(back)}`);
    }
    expect(differences).toEqual([]);
  });

  it("one contract's list renders back each of its results", async () => {
    const all = referenceItems('{id}/results', 'results');
    expect(all.length).toBeGreaterThan(5);
    const differences: string[] = [];
    for (const { file, item } of all) {
      storeContractAddress(item);
      const rows = contractResultRowsOf(item, { payer: null, nonce: 0n }, 'tinybar')!;
      const at = rows.result.consensus_timestamp;
      fixture.store.db.transaction(() => write({ from: at, to: at, results: [rows], logs: [] }))();
      const back = await renderedBack(`/api/v1/contracts/${String(item.contract_id)}/results?timestamp=${String(item.timestamp)}&internal=true`, 'results');
      if (canonicalJson(back) !== canonicalJson(item)) differences.push(`${file}: ${String(item.timestamp)}\n  ${canonicalJson(item)}\n  ${canonicalJson(back)}`);
    }
    expect(differences).toEqual([]);
  });
  it('replace what the store held for their span, so a replayed page stores them once', async () => {
    // Three Ethereum transactions at distinct timestamps (spec cases reuse some).
    const byTime = new Map(referenceItems('results', 'results').filter(({ item }) => item.type === 2).map(({ item }) => [item.timestamp, item]));
    const items = [...byTime.values()].slice(0, 3);
    expect(items).toHaveLength(3);
    const rows = items.map((item) => contractResultRowsOf(item, { payer: null, nonce: 0n }, 'tinybar')!);
    const times = rows.map((r) => r.result.consensus_timestamp);
    const span = { from: times.reduce((a, b) => (a < b ? a : b)), to: times.reduce((a, b) => (a > b ? a : b)) };
    const count = (table: string) => fixture.store.db.prepare(`SELECT count(*) FROM ${table} WHERE consensus_timestamp BETWEEN ? AND ?`).pluck().get(span.from, span.to);
    for (let i = 0; i < 2; i++) fixture.store.db.transaction(() => write({ ...span, results: rows, logs: [] }))();
    expect([count('contract_result'), count('ethereum_transaction')]).toEqual([3, 3]);
    // A page the upstream listed twice in one span (its next link repeated it) still stores each result once.
    fixture.store.db.transaction(() => write({ ...span, results: [...rows, ...rows], logs: [] }))();
    expect([count('contract_result'), count('ethereum_transaction')]).toEqual([3, 3]);
  });
});

describe('a payable call carrying more than 64 bits of weibars', () => {
  it('is stored in tinybars and rendered back exactly, in either unit', async () => {
    // 10 HBAR: 10^19 weibars, past the 64-bit range that only the stored tinybars must fit.
    const tinybars = 10n * 100_000_000n;
    const { item } = referenceItems('results', 'results').find(({ url }) => /hbar=false/.test(url))!;
    const payable = { ...item, amount: tinybars * 10_000_000_000n };
    clearBlocks();
    storeContractAddress(payable);
    // The upstream client reads a number beyond 2^53 as a bigint, as here.
    const rows = contractResultRowsOf(payable, { payer: null, nonce: 0n })!;
    expect(rows.result.amount).toBe(tinybars);
    const at = rows.result.consensus_timestamp;
    fixture.store.db.transaction(() => write({ from: at, to: at, results: [rows], logs: [] }))();
    const url = `/api/v1/contracts/results?timestamp=${String(item.timestamp)}&internal=true`;
    expect(canonicalJson(await renderedBack(`${url}&hbar=false`, 'results'))).toBe(canonicalJson(payable));
    expect(await renderedBack(url, 'results')).toMatchObject({ amount: Number(tinybars) });
  });

  it('keeps whole tinybars of an amount that is not a multiple of 10^10 weibars, as the reference truncates', () => {
    const { item } = referenceItems('results', 'results')[0]!;
    expect(contractResultRowsOf({ ...item, amount: 123_456_789_012_345_678_901n }, { payer: null, nonce: 0n })!.result.amount).toBe(12_345_678_901n);
    // Tinybars beyond what the column holds are still refused.
    expect(() => contractResultRowsOf({ ...item, amount: 1n << 64n }, { payer: null, nonce: 0n }, 'tinybar')).toThrow(/64-bit range/);
  });
});

describe('a contract result the sync cannot store faithfully', () => {
  it('is left out when its result is a name this project does not know, and refused when a value is malformed', () => {
    const { item } = referenceItems('results', 'results')[0]!;
    expect(contractResultRowsOf({ ...item, result: 'A_CODE_FROM_A_NEWER_NETWORK' }, { payer: null, nonce: 0n })).toBeNull();
    expect(() => contractResultRowsOf({ ...item, gas_price: 'lots' }, { payer: null, nonce: 0n })).toThrow(/hex quantity/);
    expect(() => contractResultRowsOf({ ...item, block_hash: null }, { payer: null, nonce: 0n })).toThrow(/block/);
    expect(() => contractLogRowOf({ ...item, topics: ['0x01', '0x02', '0x03', '0x04', '0x05'], index: 0 }, null)).toThrow(/5 topics/);
  });
});

describe('contract logs the reference rendered in its lists', () => {
  it('are stored as the sync stores them and rendered back field for field', async () => {
    const all = [...referenceItems('results/logs', 'logs'), ...referenceItems('{id}/results/logs', 'logs')];
    expect(all.length).toBeGreaterThan(10);
    expect(all.some(({ item }) => (item.topics as unknown[]).length === 4)).toBe(true);
    const differences: string[] = [];
    for (const { file, item } of all) {
      clearBlocks();
      storeContractAddress(item);
      const rows = contractLogRowOf(item, null);
      const at = rows.log.consensus_timestamp;
      fixture.store.db.transaction(() => write({ from: at, to: at, results: [], logs: [rows] }))();
      const back = await renderedBack(`/api/v1/contracts/results/logs?timestamp=${String(item.timestamp)}&index=${String(item.index)}`, 'logs');
      if (canonicalJson(back) !== canonicalJson(item)) differences.push(`${file}: ${String(item.timestamp)}#${String(item.index)}\n  ${canonicalJson(item)}\n  ${canonicalJson(back)}`);
    }
    expect(differences).toEqual([]);
  });
});
