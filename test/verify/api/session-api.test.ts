import path from 'node:path';
import Database from 'better-sqlite3';
import JSZip from 'jszip';
import { afterEach, describe, expect, it } from 'vitest';
import { checksumAddress } from '../../../main/verify/engine/evm-address.ts';
import { SessionStore } from '../../../main/verify/sessions/session-store.ts';
import { openVerifyDb } from '../../../main/verify/store/verify-db.ts';
import { postJson, startVerifyHarness, storageDeployment, storageModifiedUpload, storageUpload, tempDir, type VerifyHarness } from '../verify-fixture.ts';

const ADDRESS = storageDeployment().address;
/** Sessions answer addresses in their EIP-55 form, as Sourcify's. */
const CHECKSUMMED = checksumAddress(ADDRESS);
const cookieOf = (setCookie: string | null) => setCookie!.split(';')[0]!;

describe('verification API: sessions (real HTTP on loopback)', () => {
  let harness: VerifyHarness;
  afterEach(async () => harness.close());

  it('collects files into a session named by an HttpOnly cookie and lists found, missing and unused files', async () => {
    harness = await startVerifyHarness();
    const first = await postJson(`${harness.baseUrl}/session/input-files`, { files: { 'metadata.json': storageUpload()['metadata.json'], 'Notes.sol': 'contract Notes {}' } });
    expect(first.status).toBe(200);
    expect(first.setCookie).toMatch(/^mirrordesk_verify_session=[A-Za-z0-9_-]+; Path=\/; HttpOnly; SameSite=Lax/);
    expect(first.body.contracts).toEqual([expect.objectContaining({ name: 'Storage', compiledPath: 'project:/contracts/Storage.sol', compilerVersion: '0.8.4+commit.c7e474f2', status: 'pending', files: { found: [], missing: ['project:/contracts/Storage.sol'] } })]);
    expect(first.body.unused).toEqual(['Notes.sol']);
    const cookie = cookieOf(first.setCookie);

    const second = await postJson(`${harness.baseUrl}/session/input-files`, { files: { 'Storage.sol': storageUpload()['Storage.sol'] } }, cookie);
    expect(second.setCookie).toBeNull();
    expect(second.body.contracts[0].files).toEqual({ found: ['project:/contracts/Storage.sol'], missing: [] });

    const data = await (await fetch(`${harness.baseUrl}/session/data`, { headers: { cookie } })).json() as { contracts: Array<Record<string, unknown>>; unused: string[] };
    expect(Object.keys(data.contracts[0]!).sort()).toEqual(['compiledPath', 'compilerVersion', 'files', 'name', 'status', 'verificationId']);

    const stranger = await (await fetch(`${harness.baseUrl}/session/data`)).json();
    expect(stranger).toEqual({ contracts: [], unused: [], files: [] });
  });

  it('verifies checked contracts of the session and records the result on the contract', async () => {
    harness = await startVerifyHarness();
    const added = await postJson(`${harness.baseUrl}/session/input-files`, { files: storageUpload() });
    const cookie = cookieOf(added.setCookie);
    const verificationId = added.body.contracts[0].verificationId;
    const verified = await postJson(`${harness.baseUrl}/session/verify-checked`, { contracts: [{ verificationId, address: ADDRESS, chainId: '31337', creatorTxHash: null }] }, cookie);
    expect(verified.status).toBe(200);
    expect(verified.body.contracts[0]).toMatchObject({ verificationId, address: CHECKSUMMED, chainId: '31337', status: 'perfect', storageTimestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });

    const wrongChain = await postJson(`${harness.baseUrl}/session/verify-validated`, { contracts: [{ verificationId, address: '0x' + '56'.repeat(20), chainId: '31337' }] }, cookie);
    expect(wrongChain.body.contracts[0]).toMatchObject({ status: 'error', statusMessage: expect.stringMatching(/does not have a contract deployed/) });

    const unknown = await postJson(`${harness.baseUrl}/session/verify-checked`, { contracts: [{ verificationId: 'nope', address: ADDRESS, chainId: '31337' }] }, cookie);
    expect(unknown).toMatchObject({ status: 400, body: { error: 'no contract with verificationId nope in this session' } });
  });

  it('unpacks a zip before sorting the files, as Sourcify does: the zip is listed among the files, never as unused', async () => {
    harness = await startVerifyHarness();
    const zip = new JSZip();
    for (const [name, content] of Object.entries(storageUpload())) zip.file(name, content);
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(await zip.generateAsync({ type: 'nodebuffer' }))]), 'good.zip');
    const response = await fetch(`${harness.baseUrl}/session/input-files`, { method: 'POST', body: form });
    const body = await response.json() as { contracts: Array<{ files: unknown }>; unused: string[]; files: string[] };
    expect(body.contracts[0]!.files).toEqual({ found: ['project:/contracts/Storage.sol'], missing: [] });
    expect(body.unused).toEqual([]);
    expect(body.files).toEqual(['good.zip']);
  });

  it('verifies with ?dryrun=true without storing anything', async () => {
    harness = await startVerifyHarness();
    const added = await postJson(`${harness.baseUrl}/session/input-files`, { files: storageUpload() });
    const cookie = cookieOf(added.setCookie);
    const verificationId = added.body.contracts[0].verificationId;
    const dry = await postJson(`${harness.baseUrl}/session/verify-checked?dryrun=true`, { contracts: [{ verificationId, address: ADDRESS, chainId: '31337' }] }, cookie);
    expect(dry.status).toBe(200);
    expect(dry.body.contracts[0]).toMatchObject({ verificationId, address: CHECKSUMMED, chainId: '31337', status: 'perfect' });
    expect(dry.body.contracts[0].storageTimestamp).toBeUndefined();
    expect(harness.service.repository.get('31337', ADDRESS)).toBeNull();
    expect(await (await fetch(`${harness.baseUrl}/check-by-addresses?addresses=${ADDRESS}&chainIds=31337`)).json()).toEqual([{ address: expect.any(String), status: 'false' }]);

    const stored = await postJson(`${harness.baseUrl}/session/verify-checked?dryrun=false`, { contracts: [{ verificationId, address: ADDRESS, chainId: '31337' }] }, cookie);
    expect(stored.body.contracts[0]).toMatchObject({ status: 'perfect', storageTimestamp: expect.any(String) });
    expect(harness.service.repository.get('31337', ADDRESS)).toMatchObject({ status: 'perfect' });
    expect((await postJson(`${harness.baseUrl}/session/verify-checked?dryrun=maybe`, { contracts: [] }, cookie)).status).toBe(400);
  });

  it('refuses a chain not supported here with a 400 before verifying, leaving the stored answer as it was', async () => {
    harness = await startVerifyHarness();
    const added = await postJson(`${harness.baseUrl}/session/input-files`, { files: storageUpload() });
    const cookie = cookieOf(added.setCookie);
    const verificationId = added.body.contracts[0].verificationId;
    const perfect = await postJson(`${harness.baseUrl}/session/verify-checked`, { contracts: [{ verificationId, address: ADDRESS, chainId: '31337' }] }, cookie);
    expect(perfect.body.contracts[0]).toMatchObject({ status: 'perfect', storageTimestamp: expect.any(String) });
    const unsupported = await postJson(`${harness.baseUrl}/session/verify-checked`, { contracts: [{ verificationId, address: ADDRESS, chainId: '5' }] }, cookie);
    expect(unsupported).toMatchObject({ status: 400, body: { error: 'chain 5 is not supported here: configured chains are 31337' } });
    const data = await (await fetch(`${harness.baseUrl}/session/data`, { headers: { cookie } })).json() as { contracts: Array<Record<string, unknown>> };
    expect(data.contracts[0]).toMatchObject({ status: 'perfect' });

    // A failed attempt at another address does not keep the earlier success's stored time.
    const elsewhere = await postJson(`${harness.baseUrl}/session/verify-checked`, { contracts: [{ verificationId, address: '0x' + '56'.repeat(20), chainId: '31337' }] }, cookie);
    expect(elsewhere.body.contracts[0]).toMatchObject({ status: 'error' });
    expect(elsewhere.body.contracts[0].storageTimestamp).toBeUndefined();
  });

  it('refuses files it cannot read, naming them, and keeps the session as it was', async () => {
    harness = await startVerifyHarness();
    const added = await postJson(`${harness.baseUrl}/session/input-files`, { files: { 'metadata.json': storageUpload()['metadata.json'] } });
    const cookie = cookieOf(added.setCookie);
    const corrupt = await postJson(`${harness.baseUrl}/session/input-files`, { files: { 'x.zip': Buffer.from('UEsDBAo=', 'base64').toString('latin1') } }, cookie);
    expect(corrupt.status).toBe(400);
    expect(corrupt.body.error).toMatch(/^x\.zip could not be read: /);
    const data = await (await fetch(`${harness.baseUrl}/session/data`, { headers: { cookie } })).json() as { contracts: unknown[]; files: string[] };
    expect(data.files).toEqual(['metadata.json']);
    expect(data.contracts).toHaveLength(1);
    // The session goes on: the missing source completes it.
    const completed = await postJson(`${harness.baseUrl}/session/input-files`, { files: { 'Storage.sol': storageUpload()['Storage.sol'] } }, cookie);
    expect(completed.status).toBe(200);
    expect(completed.body.contracts[0].files.missing).toEqual([]);
  });

  it('gives another contract verified at a verified address its own match, not the stored one', async () => {
    harness = await startVerifyHarness();
    expect((await postJson(`${harness.baseUrl}/verify`, { address: ADDRESS, chain: '31337', files: storageUpload() })).body.result[0].status).toBe('perfect');
    const added = await postJson(`${harness.baseUrl}/session/input-files`, { files: storageModifiedUpload() });
    const cookie = cookieOf(added.setCookie);
    const verificationId = added.body.contracts[0].verificationId;
    const verified = await postJson(`${harness.baseUrl}/session/verify-checked`, { contracts: [{ verificationId, address: ADDRESS, chainId: '31337' }] }, cookie);
    expect(verified.body.contracts[0]).toMatchObject({ verificationId, status: 'partial', statusMessage: expect.stringMatching(/^not stored: a perfect match from other sources, verified on .+, stays stored for this address$/) });
    expect(verified.body.contracts[0].storageTimestamp).toBeUndefined();
    expect(harness.service.repository.get('31337', ADDRESS)).toMatchObject({ status: 'perfect', name: 'Storage' });

    // The stored contract itself, added to a session, is answered from the store.
    const storage = await postJson(`${harness.baseUrl}/session/input-files`, { files: storageUpload() });
    const compiles = harness.service.compiler.compiles;
    const again = await postJson(`${harness.baseUrl}/session/verify-checked`, { contracts: [{ verificationId: storage.body.contracts[0].verificationId, address: ADDRESS, chainId: '31337' }] }, cookieOf(storage.setCookie));
    expect(again.body.contracts[0]).toMatchObject({ status: 'perfect', storageTimestamp: expect.any(String) });
    expect(harness.service.compiler.compiles).toBe(compiles);
  });

  it('adds a standard JSON input to the session as its sources and contract metadata', async () => {
    harness = await startVerifyHarness();
    const input = { language: 'Solidity', sources: { 'contracts/Storage.sol': { content: storageUpload()['Storage.sol'] } }, settings: { optimizer: { enabled: false, runs: 200 } } };
    const response = await postJson(`${harness.baseUrl}/session/input-solc-json`, { compilerVersion: '0.8.4+commit.c7e474f2', files: { 'input.json': JSON.stringify(input) } });
    expect(response.status).toBe(200);
    expect(response.body.contracts).toEqual([expect.objectContaining({ name: 'Storage', compiledPath: 'contracts/Storage.sol', files: { found: ['contracts/Storage.sol'], missing: [] } })]);
    const unavailable = await postJson(`${harness.baseUrl}/session/input-solc-json`, { compilerVersion: '0.8.1+commit.df193b15', files: { 'input.json': JSON.stringify(input) } });
    expect(unavailable).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^compiler not available: 0\.8\.1/) } });
  });

  it('refuses a compiler version that is not a long version in the same words as /verify/solc-json', async () => {
    harness = await startVerifyHarness();
    const files = { 'input.json': JSON.stringify({ language: 'Solidity', sources: { 'A.sol': { content: 'contract A {}' } }, settings: {} }) };
    const expected = 'invalid compiler version "0.8.4": expected a long version such as 0.8.4+commit.c7e474f2';
    const session = await postJson(`${harness.baseUrl}/session/input-solc-json`, { compilerVersion: '0.8.4', files });
    expect(session).toMatchObject({ status: 400, body: { error: expected } });
    const direct = await postJson(`${harness.baseUrl}/verify/solc-json`, { address: ADDRESS, chain: '31337', compilerVersion: '0.8.4', contractName: 'A', files });
    expect(direct).toMatchObject({ status: 400, body: { error: expected } });
  });

  it('keeps sessions in SQLite across restarts and clears them on request', async () => {
    const dataDir = tempDir();
    harness = await startVerifyHarness({}, dataDir);
    const added = await postJson(`${harness.baseUrl}/session/input-files`, { files: storageUpload() });
    const cookie = cookieOf(added.setCookie);
    await harness.close();
    harness = await startVerifyHarness({}, dataDir);
    const data = await (await fetch(`${harness.baseUrl}/session/data`, { headers: { cookie } })).json() as { contracts: unknown[] };
    expect(data.contracts).toHaveLength(1);
    const cleared = await postJson(`${harness.baseUrl}/session/clear`, {}, cookie);
    expect(cleared.body).toEqual({ contracts: [], unused: [], files: [] });
  });

  it('opens a session only to add files: reads, clears and verifies without a cookie answer an empty session and store nothing', async () => {
    harness = await startVerifyHarness();
    const db = new Database(path.join(harness.dataDir, 'verify.sqlite'), { readonly: true });
    const sessions = () => (db.prepare('SELECT count(*) AS n FROM verify_session').get() as { n: number }).n;
    const empty = { contracts: [], unused: [], files: [] };
    try {
      for (let i = 0; i < 3; i++) {
        const data = await fetch(`${harness.baseUrl}/session/data`);
        expect(await data.json()).toEqual(empty);
        expect(data.headers.get('set-cookie')).toBeNull();
        const head = await fetch(`${harness.baseUrl}/session/data`, { method: 'HEAD', headers: { cookie: 'mirrordesk_verify_session=expiredOrUnknownSessionId00000' } });
        expect(head.headers.get('set-cookie')).toBeNull();
        const cleared = await postJson(`${harness.baseUrl}/session/clear`, {});
        expect(cleared).toMatchObject({ status: 200, body: empty, setCookie: null });
        expect(await postJson(`${harness.baseUrl}/session/verify-checked`, { contracts: [] })).toMatchObject({ status: 200, body: empty, setCookie: null });
      }
      expect(sessions()).toBe(0);

      // Adding files opens one, alive for 12 hours.
      const added = await postJson(`${harness.baseUrl}/session/input-files`, { files: storageUpload() });
      expect(added.setCookie).toMatch(/; Max-Age=43200$/);
      expect(sessions()).toBe(1);
    } finally {
      db.close();
    }
  });

  it('keeps at most 32 sessions, the least recently used making room', async () => {
    harness = await startVerifyHarness();
    const add = (cookie?: string) => postJson(`${harness.baseUrl}/session/input-files`, { files: { 'A.sol': 'contract A {}' } }, cookie);
    const first = cookieOf((await add()).setCookie);
    const second = cookieOf((await add()).setCookie);
    for (let i = 0; i < 40; i++) {
      await add();
      // The first session stays in use; the second is left alone.
      expect((await add(first)).setCookie).toBeNull();
    }
    const db = new Database(path.join(harness.dataDir, 'verify.sqlite'), { readonly: true });
    try {
      expect((db.prepare('SELECT count(*) AS n FROM verify_session').get() as { n: number }).n).toBe(32);
    } finally {
      db.close();
    }
    const files = async (cookie: string) => ((await (await fetch(`${harness.baseUrl}/session/data`, { headers: { cookie } })).json()) as { files: string[] }).files;
    expect(await files(first)).toEqual(['A.sol']);
    expect(await files(second)).toEqual([]);
  });

  it('answers 413 once a session holds more than 50 MiB and keeps what it had', async () => {
    harness = await startVerifyHarness();
    const chunk = 'x'.repeat(20 * 1024 * 1024);
    const first = await postJson(`${harness.baseUrl}/session/input-files`, { files: { 'a.sol': chunk, 'b.sol': chunk } });
    expect(first.status).toBe(200);
    const cookie = cookieOf(first.setCookie);
    const over = await postJson(`${harness.baseUrl}/session/input-files`, { files: { 'c.sol': chunk } }, cookie);
    expect(over.status).toBe(413);
    expect(over.body.error).toMatch(/50 MiB/);
    const data = await (await fetch(`${harness.baseUrl}/session/data`, { headers: { cookie } })).json() as { files: string[] };
    expect(data.files).toEqual(['a.sol', 'b.sol']);
  });
});

describe('session store', () => {
  it('forgets a session after 12 hours without a request', async () => {
    const harness = await startVerifyHarness();
    try {
      const store = new SessionStore(harness.service.db);
      const id = store.create(0);
      expect(store.touch(id, 11 * 3600_000)).toBe(true);
      expect(store.touch(id, 11 * 3600_000 + 12 * 3600_000 + 1)).toBe(false);
    } finally {
      await harness.close();
    }
  });

  it('never evicts a pinned session (the app\'s) to make room for API sessions, nor counts it', async () => {
    const harness = await startVerifyHarness();
    try {
      const store = new SessionStore(harness.service.db, { maxSessions: 3 });
      const app = store.create(1, { pinned: true });
      const api = Array.from({ length: 10 }, (_, i) => store.create(2 + i));
      expect(store.touch(app, 20)).toBe(true);
      expect(api.map((id) => store.touch(id, 20))).toEqual([...Array(7).fill(false), true, true, true]);
    } finally {
      await harness.close();
    }
  });

  it('releases a session (the app\'s, of a removed profile): its files go, and it is no longer held pinned in memory', () => {
    const db = openVerifyDb(':memory:');
    try {
      const store = new SessionStore(db);
      const kept = store.create(1, { pinned: true });
      const released = store.create(1, { pinned: true });
      store.addFiles(released, [{ path: 'a.sol', content: Buffer.from('contract A {}') }]);
      store.addFiles(kept, [{ path: 'b.sol', content: Buffer.from('contract B {}') }]);
      store.release(released);
      expect(store.touch(released, 2)).toBe(false);
      expect(db.prepare('SELECT count(*) FROM verify_session_file').pluck().get()).toBe(1);
      expect(store.files(kept).map((f) => f.path)).toEqual(['b.sol']);
      // The pins are the store's own memory: nothing else shows that one is let go.
      expect((store as unknown as { pinned: Set<string> }).pinned.size).toBe(1);
    } finally {
      db.close();
    }
  });

  it('counts the bytes a session holds without reading its files', async () => {
    const harness = await startVerifyHarness();
    try {
      const store = new SessionStore(harness.service.db);
      const id = store.create();
      store.addFiles(id, [{ path: 'a.sol', content: Buffer.from('contract A {}') }, { path: 'b.sol', content: Buffer.from('x'.repeat(100)) }]);
      store.addFiles(id, [{ path: 'a.sol', content: Buffer.from('contract A2 {}') }]);
      expect(store.bytes(id)).toBe(store.files(id).reduce((sum, f) => sum + f.buffer.length, 0));
      expect(store.bytes(id)).toBe(114);
      store.clear(id);
      expect(store.bytes(id)).toBe(0);
      expect(store.bytes('no such session')).toBe(0);
    } finally {
      await harness.close();
    }
  });
});
