import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { generateDemoLedger } from '../../../main/mirror/demo/generate-ledger.ts';
import { encodeBase32 } from '../../../main/mirror/format/base32.ts';
import { withOpaqueParams } from '../../../main/mirror/query/opaque-param.ts';
import type { Response } from '../../../main/mirror/openapi/openapi-types.ts';
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

/** The documented 200 schema of a GET path, by its OpenAPI path. */
function okSchema(path: string) {
  const operation = DOCUMENT.paths[path]?.get;
  if (!operation) throw new Error(`no GET ${path}`);
  return resolveRef<Response>(DOCUMENT, operation.responses['200']!).content!['application/json']!.schema;
}

async function expectDocumented(path: string, url: string): Promise<Body> {
  const { status, body } = await get(url);
  expect(status, `${url}: ${JSON.stringify(body).slice(0, 300)}`).toBe(200);
  expect(schemaProblems(DOCUMENT, okSchema(path), body), url).toEqual([]);
  return body;
}

describe('real answers match their documented schemas', () => {
  it('accounts, one account and its sub-resources', async () => {
    const list = await expectDocumented('/api/v1/accounts', '/api/v1/accounts?account.id=gte:0.0.1001&limit=50');
    const id = list.accounts.at(-1).account as string;
    await expectDocumented('/api/v1/accounts/{idOrAliasOrEvmAddress}', `/api/v1/accounts/${id}`);
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
  });

  it('tokens, holders and NFTs', async () => {
    const list = await expectDocumented('/api/v1/tokens', '/api/v1/tokens?limit=100');
    for (const token of list.tokens.slice(0, 6) as Body[]) {
      await expectDocumented('/api/v1/tokens/{tokenId}', `/api/v1/tokens/${token.token_id}`);
      await expectDocumented('/api/v1/tokens/{tokenId}/balances', `/api/v1/tokens/${token.token_id}/balances`);
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
    await expectDocumented('/api/v1/contracts/results/{transactionIdOrHash}/actions', `/api/v1/contracts/results/${result.hash}/actions`);
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
    for (const name of ['exchangerate', 'fees', 'stake', 'nodes', 'supply']) await expectDocumented(`/api/v1/network/${name}`, `/api/v1/network/${name}`);
    const registered = await expectDocumented('/api/v1/network/registered-nodes', '/api/v1/network/registered-nodes');
    expect(registered.registered_nodes.length).toBeGreaterThan(0);
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
