import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { generateDemoLedger } from '../../../main/mirror/demo/generate-ledger.ts';
import { encodeBase32 } from '../../../main/mirror/format/base32.ts';
import { withOpaqueParams } from '../../../main/mirror/query/opaque-param.ts';
import type { Response, Schema } from '../../../main/mirror/openapi/openapi-types.ts';
import { hapiTransaction } from '../../helpers/protobuf-writer.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';
import { DOCUMENT, documentedOperations, resolveRef } from './openapi-fixture.ts';
import { schemaProblems } from './schema-check.ts';

// Real answers over a generated demo ledger against their documented 200 schemas: a field the
// render-*.ts files add, drop or change the type or nullability of, and the document no longer
// describes, fails here. Paths are filled from the lists themselves.
const fixture = mirrorApiFixture(() => {
  generateDemoLedger(fixture.store, { accounts: 1200, keyThread: false });
}, { seedTimeoutMs: 120_000 });

// The statements prepared while answering (after the seed): checked at the end, see below.
const prepared: string[] = [];
beforeAll(() => {
  const prepare = Database.prototype.prepare;
  vi.spyOn(Database.prototype, 'prepare').mockImplementation(function (this: Database.Database, sql: string) {
    prepared.push(sql);
    return prepare.call(this, sql);
  });
});

type Body = Record<string, any>;
async function get(url: string): Promise<{ status: number; body: Body }> {
  const response = await fixture.get(url);
  return { status: response.statusCode, body: response.headers['content-type']?.toString().startsWith('application/json') ? JSON.parse(response.body) as Body : {} };
}

/** The documented 200 answer of an operation, by its OpenAPI path. */
function okResponse(path: string, method: 'get' | 'post' = 'get'): Response {
  const operation = DOCUMENT.paths[path]?.[method];
  if (!operation) throw new Error(`no ${method.toUpperCase()} ${path}`);
  return resolveRef<Response>(DOCUMENT, operation.responses['200']!);
}
const okSchema = (path: string, method: 'get' | 'post' = 'get') => okResponse(path, method).content!['application/json']!.schema;

/** The lifetimes the document gives a 200 answer: every `max-age=N` its Cache-Control header names (the rule and its exceptions). */
function documentedMaxAges(path: string): string[] {
  return [...(okResponse(path).headers?.['Cache-Control']?.description ?? '').matchAll(/max-age=(\d+)/g)].map((m) => m[1]!);
}

/**
 * A GET answered 200 whose body fits its documented schema, whose media type the document names,
 * whose cache lifetime is one the document gives (`maxAge` pins which one it must be), and that
 * sends a `Link` header only where the document says the operation pages.
 */
async function expectDocumented(path: string, url: string, maxAge?: string): Promise<Body> {
  const response = await fixture.get(url);
  const body = JSON.parse(response.body) as Body;
  expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
  expect(Object.keys(okResponse(path).content!), url).toContain(String(response.headers['content-type']).split(';')[0]);
  expect(schemaProblems(DOCUMENT, okSchema(path), body), url).toEqual([]);
  const served = /max-age=(\d+)/.exec(String(response.headers['cache-control']))?.[1];
  expect(documentedMaxAges(path), `${url}: cache-control ${String(response.headers['cache-control'])}`).toContain(served);
  if (maxAge !== undefined) expect(served, url).toBe(maxAge);
  if (response.headers.link !== undefined) expect(Object.keys(okResponse(path).headers ?? {}), `${url}: ${String(response.headers.link)}`).toContain('Link');
  return body;
}

const row = <T>(sql: string): T => {
  const found = fixture.store.db.prepare(sql).get() as T | undefined;
  if (found === undefined) throw new Error(`the demo ledger has no row for ${sql}`);
  return found;
};

describe('real answers match their documented schemas', () => {
  it('accounts, one account and its sub-resources', async () => {
    const list = await expectDocumented('/api/v1/accounts', '/api/v1/accounts?account.id=gte:0.0.1001&limit=50');
    const id = list.accounts.at(-1).account as string;
    await expectDocumented('/api/v1/accounts/{idOrAliasOrEvmAddress}', `/api/v1/accounts/${id}`);
    // One account pages its nested transactions: a next link, in the body and as a Link header.
    const busy = row<{ payer: string }>('SELECT \'0.0.\' || payer_account_id AS payer FROM "transaction" GROUP BY payer_account_id HAVING count(*) > 2 LIMIT 1').payer;
    const paged = await fixture.get(`/api/v1/accounts/${busy}?limit=1`);
    expect(paged.headers.link).toMatch(/; rel="next"$/);
    await expectDocumented('/api/v1/accounts/{idOrAliasOrEvmAddress}', `/api/v1/accounts/${busy}?limit=1`);
    for (const sub of ['tokens', 'nfts', 'hooks']) await expectDocumented(`/api/v1/accounts/{idOrAliasOrEvmAddress}/${sub}`, `/api/v1/accounts/${id}/${sub}`);
    // Owners that have rows, so the items themselves are checked and not only an empty page.
    const owners: Array<[string, string, string]> = [
      ['allowances/crypto', 'allowances', 'SELECT owner AS id FROM crypto_allowance LIMIT 1'],
      ['allowances/tokens', 'allowances', 'SELECT owner AS id FROM token_allowance LIMIT 1'],
      ['allowances/nfts', 'allowances', 'SELECT owner AS id FROM nft_allowance WHERE approved_for_all = 1 LIMIT 1'],
      ['rewards', 'rewards', 'SELECT account_id AS id FROM staking_reward_transfer LIMIT 1'],
      // A fungible and an NFT airdrop each way: one has no serial number, the other no amount.
      ...[0, 1].flatMap((nft): Array<[string, string, string]> => [
        ['airdrops/outstanding', 'airdrops', `SELECT sender_account_id AS id FROM token_airdrop WHERE state = 'PENDING' AND (serial_number > 0) = ${nft} LIMIT 1`],
        ['airdrops/pending', 'airdrops', `SELECT receiver_account_id AS id FROM token_airdrop WHERE state = 'PENDING' AND (serial_number > 0) = ${nft} LIMIT 1`],
      ]),
    ];
    for (const [sub, key, sql] of owners) {
      const owner = (fixture.store.db.prepare(sql).get() as { id: number | bigint }).id;
      const body = await expectDocumented(`/api/v1/accounts/{idOrAliasOrEvmAddress}/${sub}`, `/api/v1/accounts/0.0.${owner}/${sub}`);
      expect(body[key].length, sub).toBeGreaterThan(0);
    }
    await expectDocumented('/api/v1/balances', '/api/v1/balances?limit=50');
  });

  it('hooks and hook storage, current and as of a time', async () => {
    const hookOwner = row<{ owner_id: bigint }>('SELECT owner_id FROM hook LIMIT 1').owner_id;
    const hooks = await expectDocumented('/api/v1/accounts/{idOrAliasOrEvmAddress}/hooks', `/api/v1/accounts/0.0.${hookOwner}/hooks`);
    expect(hooks.hooks.length).toBeGreaterThan(0);
    const slot = row<{ owner_id: bigint; hook_id: bigint }>('SELECT owner_id, hook_id FROM hook_storage LIMIT 1');
    const path = '/api/v1/accounts/{idOrAliasOrEvmAddress}/hooks/{hookId}/storage';
    const storage = await expectDocumented(path, `/api/v1/accounts/0.0.${slot.owner_id}/hooks/${slot.hook_id}/storage`);
    expect(storage.storage.length).toBeGreaterThan(0);
    // Nanosecond values pass 2^53: split in SQL, not in a JavaScript number.
    const changed = row<{ at: string }>(`SELECT (max(consensus_timestamp) / 1000000000) || '.' || printf('%09d', max(consensus_timestamp) % 1000000000) AS at
      FROM hook_storage_change WHERE owner_id = ${slot.owner_id} AND hook_id = ${slot.hook_id}`).at;
    const history = await expectDocumented(path, `/api/v1/accounts/0.0.${slot.owner_id}/hooks/${slot.hook_id}/storage?timestamp=lte:${changed}`);
    expect(history.storage.length).toBeGreaterThan(0);
  });

  it('blocks, one by number and by either hash', async () => {
    const list = await expectDocumented('/api/v1/blocks', '/api/v1/blocks?limit=5');
    expect(list.blocks.length).toBe(5);
    const withGas = (fixture.store.db.prepare('SELECT "index" FROM record_file WHERE gas_used > 0 LIMIT 1').pluck().get()) as number;
    const block = await expectDocumented('/api/v1/blocks/{hashOrNumber}', `/api/v1/blocks/${withGas}`);
    await expectDocumented('/api/v1/blocks/{hashOrNumber}', `/api/v1/blocks/${block.hash}`);
    await expectDocumented('/api/v1/blocks/{hashOrNumber}', `/api/v1/blocks/${(block.hash as string).slice(0, 66)}`);
  });

  it('transactions and schedules', async () => {
    const list = await expectDocumented('/api/v1/transactions', '/api/v1/transactions?limit=100');
    expect(list.transactions.length).toBeGreaterThan(0);
    await expectDocumented('/api/v1/transactions/{transactionIdOrHash}', `/api/v1/transactions/${list.transactions[0].transaction_id}`);
    const schedules = await expectDocumented('/api/v1/schedules', '/api/v1/schedules');
    expect(schedules.schedules.length).toBeGreaterThan(0);
    await expectDocumented('/api/v1/schedules/{scheduleId}', `/api/v1/schedules/${schedules.schedules[0].schedule_id}`);
    // An executed schedule can no longer change: the longer lifetime the document gives it.
    const settled = row<{ schedule_id: bigint }>('SELECT schedule_id FROM schedule WHERE executed_timestamp IS NOT NULL LIMIT 1').schedule_id;
    await expectDocumented('/api/v1/schedules/{scheduleId}', `/api/v1/schedules/0.0.${settled}`, '3600');
    const { id } = row<{ id: string }>(`SELECT '0.0.' || payer_account_id || '-' || (valid_start_ns / 1000000000) || '-' || printf('%09d', valid_start_ns % 1000000000) AS id
      FROM "transaction" WHERE max_custom_fees IS NOT NULL AND max_custom_fees <> '[]' LIMIT 1`);
    const byId = await expectDocumented('/api/v1/transactions/{transactionIdOrHash}', `/api/v1/transactions/${id}`);
    expect(byId.transactions.some((tx: Body) => tx.max_custom_fees.length > 0)).toBe(true);
  });

  it('tokens, holders and NFTs', async () => {
    const list = await expectDocumented('/api/v1/tokens', '/api/v1/tokens?limit=100');
    for (const token of list.tokens.slice(0, 6) as Body[]) {
      await expectDocumented('/api/v1/tokens/{tokenId}', `/api/v1/tokens/${token.token_id}`);
      await expectDocumented('/api/v1/tokens/{tokenId}/balances', `/api/v1/tokens/${token.token_id}/balances`);
    }
    // Each kind of fee schedule: fixed and fractional fees of a fungible token, royalties (with a fallback) of a collection.
    for (const kind of ['fixed_fees', 'fractional_fees', 'royalty_fees']) {
      const token = row<{ entity_id: bigint }>(`SELECT entity_id FROM custom_fee WHERE ${kind} LIKE '[{%' ORDER BY timestamp_range_lower DESC LIMIT 1`).entity_id;
      const info = await expectDocumented('/api/v1/tokens/{tokenId}', `/api/v1/tokens/0.0.${token}`);
      expect(info.custom_fees[kind].length, kind).toBeGreaterThan(0);
    }
    const nftToken = (list.tokens as Body[]).find((t) => t.type === 'NON_FUNGIBLE_UNIQUE');
    expect(nftToken).toBeDefined();
    const nfts = await expectDocumented('/api/v1/tokens/{tokenId}/nfts', `/api/v1/tokens/${nftToken!.token_id}/nfts`);
    const serial = nfts.nfts[0].serial_number as number;
    await expectDocumented('/api/v1/tokens/{tokenId}/nfts/{serialNumber}', `/api/v1/tokens/${nftToken!.token_id}/nfts/${serial}`);
    const path = '/api/v1/tokens/{tokenId}/nfts/{serialNumber}/transactions';
    const { body } = await get(`/api/v1/tokens/${nftToken!.token_id}/nfts/${serial}/transactions`);
    expect(schemaProblems(DOCUMENT, okSchema(path), body)).toEqual([]);
  });

  it('contracts, results, logs, actions and state', async () => {
    const list = await expectDocumented('/api/v1/contracts', '/api/v1/contracts');
    const id = list.contracts[0].contract_id as string;
    await expectDocumented('/api/v1/contracts/{contractId}', `/api/v1/contracts/${id}`);
    await expectDocumented('/api/v1/contracts/{contractId}/state', `/api/v1/contracts/${id}/state`);
    const results = await expectDocumented('/api/v1/contracts/results', '/api/v1/contracts/results?limit=50');
    expect(results.results.length).toBeGreaterThan(0);
    const result = results.results[0] as Body;
    await expectDocumented('/api/v1/contracts/{contractId}/results', `/api/v1/contracts/${result.contract_id}/results`);
    await expectDocumented('/api/v1/contracts/{contractId}/results/{timestamp}', `/api/v1/contracts/${result.contract_id}/results/${result.timestamp}`);
    await expectDocumented('/api/v1/contracts/results/{transactionIdOrHash}', `/api/v1/contracts/results/${result.hash}`);
    const actions = await expectDocumented('/api/v1/contracts/results/{transactionIdOrHash}/actions', `/api/v1/contracts/results/${result.hash}/actions`);
    expect(actions.actions.length).toBeGreaterThan(0);
    // The trace with every part recorded, and with the default flags (memory and storage null).
    const opcodesPath = '/api/v1/contracts/results/{transactionIdOrHash}/opcodes';
    const traced = await expectDocumented(opcodesPath, `/api/v1/contracts/results/${result.hash}/opcodes?stack=true&memory=true&storage=true`);
    expect(traced.opcodes.some((op: Body) => Object.keys(op.storage).length > 0 && op.memory.length > 0)).toBe(true);
    const plain = await expectDocumented(opcodesPath, `/api/v1/contracts/results/${result.hash}/opcodes`);
    expect(plain.opcodes[0]).toMatchObject({ memory: null, storage: null });
    await expectDocumented('/api/v1/contracts/results/logs', '/api/v1/contracts/results/logs?limit=50');
    await expectDocumented('/api/v1/contracts/{contractId}/results/logs', `/api/v1/contracts/${result.contract_id}/results/logs`);
  });

  it('topics and the network', async () => {
    const topicRow = fixture.store.db.prepare("SELECT id FROM entity WHERE type = 'TOPIC' LIMIT 1").get() as { id: bigint | number } | undefined;
    expect(topicRow).toBeDefined();
    const topic = `0.0.${topicRow!.id}`;
    await expectDocumented('/api/v1/topics/{topicId}', `/api/v1/topics/${topic}`);
    const messages = await expectDocumented('/api/v1/topics/{topicId}/messages', `/api/v1/topics/${topic}/messages`);
    expect(messages.messages.length).toBeGreaterThan(0);
    const first = messages.messages[0] as Body;
    await expectDocumented('/api/v1/topics/{topicId}/messages/{sequenceNumber}', `/api/v1/topics/${topic}/messages/${first.sequence_number}`);
    await expectDocumented('/api/v1/topics/messages/{consensusTimestamp}', `/api/v1/topics/messages/${first.consensus_timestamp}`);
    for (const name of ['exchangerate', 'fees', 'stake', 'supply']) await expectDocumented(`/api/v1/network/${name}`, `/api/v1/network/${name}`);
    const nodes = await expectDocumented('/api/v1/network/nodes', '/api/v1/network/nodes');
    expect(nodes.nodes.some((n: Body) => n.grpc_proxy_endpoint !== null && n.service_endpoints.length > 0 && n.staking_period !== null)).toBe(true);
    const registered = await expectDocumented('/api/v1/network/registered-nodes', '/api/v1/network/registered-nodes?limit=100');
    const types = new Set(registered.registered_nodes.flatMap((n: Body) => n.service_endpoints.map((e: Body) => e.type)));
    expect([...types].sort()).toEqual(['BLOCK_NODE', 'GENERAL_SERVICE', 'MIRROR_NODE', 'RPC_RELAY']);
  });

  it('the supply as plain text, in the media type and form the document gives it', async () => {
    const alternative = okResponse('/api/v1/network/supply').content!['text/plain'];
    expect(alternative).toBeDefined();
    for (const q of ['totalcoins', 'circulating']) {
      const response = await fixture.get(`/api/v1/network/supply?q=${q}`);
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['content-type']).split(';')[0]).toBe('text/plain');
      expect(response.body).toMatch(new RegExp(resolveRef<Schema>(DOCUMENT, alternative!.schema).pattern!));
    }
  });

  it('a fee estimate', async () => {
    const response = await fixture.inject({ method: 'POST', url: '/api/v1/network/fees', payload: hapiTransaction(14, 3), headers: { 'content-type': 'application/protobuf' } });
    expect(response.statusCode, response.body).toBe(200);
    const body = JSON.parse(response.body) as Body;
    expect(body.node.extras.length).toBeGreaterThan(0);
    expect(schemaProblems(DOCUMENT, okSchema('/api/v1/network/fees', 'post'), body)).toEqual([]);
  });

  // Every statement behind these answers binds its values opaquely (query/opaque-param.ts): one
  // prepared with a plain `?` outside the StatementCache would be planned again for every value
  // on a store with statistics. The lookups by address and alias prepare statements of their own.
  it('binds every value of the statements behind these answers opaquely', async () => {
    const row = (sql: string) => fixture.store.db.prepare(sql).get() as { id: bigint | number; key: Buffer };
    const evm = row("SELECT id, evm_address AS key FROM entity WHERE evm_address IS NOT NULL AND type = 'ACCOUNT' AND deleted = 0 LIMIT 1");
    const alias = row("SELECT id, alias AS key FROM entity WHERE alias IS NOT NULL AND type = 'ACCOUNT' AND coalesce(deleted, 0) = 0 LIMIT 1");
    const contract = row("SELECT id, evm_address AS key FROM entity WHERE evm_address IS NOT NULL AND type = 'CONTRACT' AND deleted = 0 LIMIT 1");
    expect((await get(`/api/v1/accounts/0x${evm.key.toString('hex')}`)).body.account).toBe(`0.0.${evm.id}`);
    expect((await get(`/api/v1/accounts/${encodeBase32(alias.key)}`)).body.account).toBe(`0.0.${alias.id}`);
    expect((await get(`/api/v1/contracts/0x${contract.key.toString('hex')}`)).body.contract_id).toBe(`0.0.${contract.id}`);
    const reads = prepared.filter((sql) => /^\s*(SELECT|WITH)\b/i.test(sql));
    expect(reads.length).toBeGreaterThan(30);
    expect(reads.filter((sql) => withOpaqueParams(sql) !== sql)).toEqual([]);
  });
});
