import { SESSION_CHANGED } from '../../main/common/verify-session-changed.ts';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDispatcher, type ApiHandlers, type Dispatcher } from '../../main/bridge/dispatch.ts';
import { dispatchedValue } from '../helpers/dispatched-value.ts';
import type { CompilerProgress, VerifyFilesAdded, VerifySessionView } from '../../main/common/verify-types.ts';
import { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import { ApiEventBus } from '../../main/services/event-bus.ts';
import type { ProfileSession } from '../../main/services/profile-session.ts';
import { createVerifyHandlers } from '../../main/services/verify-handlers.ts';
import { MirrorCodeSource } from '../../main/verify/chain/mirror-code-source.ts';
import { VerifyService } from '../../main/verify/verify-service.ts';
import { insertContract } from '../helpers/contract-fixture.ts';
import { cachedCompilers, FIXTURES, offlineVerifyService, STORAGE_VERSION, storageDeployment, storageUpload, tempDir } from '../verify/verify-fixture.ts';

/**
 * The `verify/*` channels through the real dispatcher (validation included), over a real
 * verification service whose chain 298 reads deployed code from a real mirror store, as the
 * demo profile does. Only the compilers come from the shared cache.
 */
const require = createRequire(import.meta.url);
/** The demo's example contracts as the app ships them (compiled with the bundled solc). */
const EXAMPLES = JSON.parse(fs.readFileSync(path.resolve('main/mirror/demo/contracts/example-contracts.json'), 'utf8')) as {
  compiler: { version: string };
  input: { sources: Record<string, { content: string }> };
  contracts: Record<string, { metadata: string; deployedBytecode: string }>;
};

let service: VerifyService;
let store: LedgerStore;
let dispatch: Dispatcher;
let dataDir: string;
const events = new ApiEventBus();
const deployment = storageDeployment();

beforeAll(async () => {
  dataDir = tempDir();
  const compilersDir = path.join(dataDir, 'compilers');
  fs.mkdirSync(compilersDir);
  // A private copy of one cached compiler, so the test's folder lists exactly it.
  const cache = await cachedCompilers(STORAGE_VERSION);
  fs.copyFileSync(path.join(cache, `soljson-v${STORAGE_VERSION}.js`), path.join(compilersDir, `soljson-v${STORAGE_VERSION}.js`));
  // The compiler the app ships, which built the demo's example contracts.
  fs.copyFileSync(require.resolve('solc/soljson.js'), path.join(compilersDir, `soljson-v${EXAMPLES.compiler.version}.js`));
  store = new LedgerStore({ file: path.join(dataDir, 'demo.sqlite') });
  insertContract(store, { num: 1001, evmAddress: deployment.address.slice(2), runtime: deployment.runtimeCode.replace(/^0x/, '') });
  insertContract(store, { num: 1002, runtime: '6000' });
  // The same code again at another address, for a partial match by modified sources.
  insertContract(store, { num: 1003, runtime: deployment.runtimeCode.replace(/^0x/, '') });
  insertContract(store, { num: 1004, runtime: EXAMPLES.contracts.Counter!.deployedBytecode });
  service = new VerifyService({
    dbFile: path.join(dataDir, 'verify.sqlite'),
    compilersDir,
    solcBinMirror: null,
    chains: { mirrorChainIds: ['298'], mirrorSource: new MirrorCodeSource(() => store.db), rpcUrls: {} },
    explorers: {},
    addBundledCompiler: false,
    log: () => undefined,
  });
  const session = { profile: { name: 'demo', chainId: null }, store, mirrorUnavailable: () => null } as unknown as ProfileSession;
  const unused = () => { throw new Error('not used here'); };
  dispatch = createDispatcher({
    'app/info': unused, 'network/status': unused, 'network/switch': unused, 'accounts/list': unused,
    ...createVerifyHandlers({ verify: () => service, session: () => session, events }).handlers,
  } as unknown as ApiHandlers, () => undefined);
}, 120_000);

afterAll(async () => {
  await service.close();
  store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const call = <T>(channel: string, request: unknown): Promise<T> => dispatchedValue<T>(dispatch, channel, request);

const upload = storageUpload();
const files = (names: string[]) => ({ files: names.map((name) => ({ name: `project/${name}`, content: upload[name]!, encoding: 'utf8' })) });

describe('verify/* channels', () => {
  it('assembles a contract, lists missing sources, and fills them in', async () => {
    const cleared = await call<VerifySessionView>('verify/session/clear', null);
    expect(cleared.contracts).toEqual([]);
    const onlyMetadata = await call<VerifySessionView>('verify/files/add', files(['metadata.json']));
    expect(onlyMetadata.contracts).toHaveLength(1);
    expect(onlyMetadata.contracts[0]).toMatchObject({ name: 'Storage', compilerVersion: STORAGE_VERSION, compilerInstalled: true, found: [], status: 'pending' });
    expect(onlyMetadata.contracts[0]!.missing.length).toBe(1);

    const verified = await call<VerifySessionView>('verify/contracts/verify', { contracts: [{ verificationId: onlyMetadata.contracts[0]!.verificationId, address: deployment.address, chainId: '298' }] });
    expect(verified.contracts[0]).toMatchObject({ status: 'error' });
    expect(verified.contracts[0]!.message).toMatch(/missing sources/);

    const complete = await call<VerifySessionView>('verify/files/add', files(['Storage.sol']));
    expect(complete.contracts[0]!.missing).toEqual([]);
    expect(complete.files).toEqual(['project/Storage.sol', 'project/metadata.json']);
    expect(complete.bytes).toBeGreaterThan(0);
  });

  it('answers a wrong address with the reason on the contract, not a failed call', async () => {
    const view = await call<VerifySessionView>('verify/session', null);
    const id = view.contracts[0]!.verificationId;
    const wrong = await call<VerifySessionView>('verify/contracts/verify', { contracts: [{ verificationId: id, address: '0x00000000000000000000000000000000000003ea', chainId: '298' }] });
    expect(wrong.contracts[0]).toMatchObject({ status: 'error', address: '0x00000000000000000000000000000000000003ea' });
    expect(wrong.contracts[0]!.message).toMatch(/match|deployed/i);
    const noChain = await call<VerifySessionView>('verify/contracts/verify', { contracts: [{ verificationId: id, address: deployment.address, chainId: '424242' }] });
    expect(noChain.contracts[0]!.status).toBe('error');
    expect(noChain.contracts[0]!.message).toMatch(/424242/);
  });

  it('verifies a perfect match against the mirror store and reports it through verify/check', async () => {
    const view = await call<VerifySessionView>('verify/session', null);
    const id = view.contracts[0]!.verificationId;
    const done = await call<VerifySessionView>('verify/contracts/verify', { contracts: [{ verificationId: id, address: deployment.address.toUpperCase().replace('0X', '0x'), chainId: '298' }] });
    expect(done.contracts[0]).toMatchObject({ status: 'perfect', address: deployment.address, chainId: '298', message: null });
    // Storage declares no constructor, and without its creation transaction no arguments were seen.
    expect(done.contracts[0]!.detail).toMatchObject({ runtimeMatch: 'perfect', fromRepository: false, constructorAbi: null, constructorArguments: null });
    expect(done.contracts[0]!.verifiedAt).not.toBeNull();

    const check = await call<{ verified: Array<{ chainId: string; status: string }> }>('verify/check', { address: deployment.address });
    expect(check.verified).toEqual([expect.objectContaining({ chainId: '298', status: 'perfect', name: 'Storage' })]);
    // With the ABI of its metadata, which names the functions its results call.
    expect(check.verified[0]).toMatchObject({ abi: [{ type: 'function', name: 'retrieve', inputs: [] }, { type: 'function', name: 'store', inputs: [{ type: 'uint256' }] }] });
    // Verified without its creation transaction: the arguments it was created with are not known.
    expect(check.verified[0]).toMatchObject({ constructorArguments: null });
    expect((await call<{ verified: unknown[] }>('verify/check', { address: deployment.address, chainId: '296' })).verified).toEqual([]);
    // The contract (0.0.1001) by its long-zero address, as a contract result's `to` names it, finds the same record;
    // 0.0.1002's does not.
    const longZero = `0x${'0'.repeat(37)}3e9`;
    const byLongZero = await call<{ address: string; verified: Array<{ status: string; name: string }> }>('verify/check', { address: longZero });
    expect(byLongZero).toMatchObject({ address: longZero, verified: [{ status: 'perfect', name: 'Storage' }] });
    expect((await call<{ verified: unknown[] }>('verify/check', { address: `0x${'0'.repeat(37)}3ea` })).verified).toEqual([]);

    // Again: answered from the repository, no compile.
    const compiles = service.compiler.compiles;
    const again = await call<VerifySessionView>('verify/contracts/verify', { contracts: [{ verificationId: id, address: deployment.address, chainId: '298' }] });
    expect(again.contracts[0]!.detail).toMatchObject({ fromRepository: true });
    expect(service.compiler.compiles).toBe(compiles);
  });

  it('reads the session\'s files once per request, and a failed attempt shows no stored time or detail', async () => {
    await call('verify/session/clear', null);
    const reads = vi.spyOn(service.sessions, 'files');
    try {
      const added = await call<VerifySessionView>('verify/files/add', files(['metadata.json', 'Storage.sol']));
      expect(reads).toHaveBeenCalledTimes(1);
      expect(added.bytes).toBe(Buffer.byteLength(upload['metadata.json']!) + Buffer.byteLength(upload['Storage.sol']!));
      const id = added.contracts[0]!.verificationId;
      const perfect = await call<VerifySessionView>('verify/contracts/verify', { contracts: [{ verificationId: id, address: deployment.address, chainId: '298' }] });
      expect(reads).toHaveBeenCalledTimes(2);
      expect(perfect.contracts[0]).toMatchObject({ status: 'perfect', verifiedAt: expect.any(String), detail: { fromRepository: true } });
      expect(perfect.bytes).toBe(added.bytes);

      const failed = await call<VerifySessionView>('verify/contracts/verify', { contracts: [{ verificationId: id, address: '0x00000000000000000000000000000000000003ea', chainId: '298' }] });
      expect(reads).toHaveBeenCalledTimes(3);
      expect(failed.contracts[0]).toMatchObject({ status: 'error', verifiedAt: null, detail: null, message: expect.stringMatching(/match|deployed/i) });
      expect((await call<VerifySessionView>('verify/session', null)).contracts[0]).toMatchObject({ status: 'error', verifiedAt: null, detail: null });
      // Viewing the session reads no files: it answers from what they made up when they were added.
      expect(reads).toHaveBeenCalledTimes(3);
    } finally {
      reads.mockRestore();
    }
  });

  it('reports a partial match with the metadata hash difference the engine found', async () => {
    const modified = path.join(FIXTURES, 'packages/lib-sourcify/test/sources/StorageModified');
    await call('verify/session/clear', null);
    const view = await call<VerifySessionView>('verify/files/add', { files: [
      { name: 'metadata.json', content: fs.readFileSync(path.join(modified, 'metadata.json'), 'utf8'), encoding: 'utf8' },
      { name: 'StorageModified.sol', content: fs.readFileSync(path.join(modified, 'sources/StorageModified.sol'), 'utf8'), encoding: 'utf8' },
    ] });
    const done = await call<VerifySessionView>('verify/contracts/verify', { contracts: [{ verificationId: view.contracts[0]!.verificationId, address: '0x00000000000000000000000000000000000003eb', chainId: '298' }] });
    expect(done.contracts[0]).toMatchObject({ status: 'partial', detail: { runtimeMatch: 'partial', fromRepository: false } });
    const metadataDiffs = done.contracts[0]!.detail!.differences.filter((d) => d.kind === 'cborAuxdata');
    expect(metadataDiffs).toHaveLength(1);
    expect(metadataDiffs[0]).toMatchObject({ bytecode: 'runtime', compiled: expect.stringMatching(/^a2646970667358/), deployed: expect.stringMatching(/^a2646970667358/) });
    expect(metadataDiffs[0]!.compiled).not.toBe(metadataDiffs[0]!.deployed);
    expect(metadataDiffs[0]!.description).toMatch(/^metadata hash differs: compiled ipfs 1220\w+…, deployed ipfs 1220\w+…/);

    // At the address Storage itself is verified at (earlier in this file), its own partial match, and why it is not stored.
    expect(service.repository.get('298', deployment.address)).toMatchObject({ status: 'perfect', name: 'Storage' });
    const beside = await call<VerifySessionView>('verify/contracts/verify', { contracts: [{ verificationId: view.contracts[0]!.verificationId, address: deployment.address, chainId: '298' }] });
    expect(beside.contracts[0]).toMatchObject({
      status: 'partial', verifiedAt: null, detail: { runtimeMatch: 'partial', fromRepository: false },
      message: expect.stringMatching(/^not stored: a perfect match from other sources, verified on .+, stays stored for this address$/),
    });
  });

  it('reads a Hardhat build-info file, drops per-contract artifacts, and verifies from it', async () => {
    await call('verify/session/clear', null);
    const buildInfo = {
      _format: 'hh-sol-build-info-1', id: 'abc', solcVersion: '0.8.37', solcLongVersion: EXAMPLES.compiler.version, input: EXAMPLES.input,
      output: { sources: {}, contracts: Object.fromEntries(Object.entries({ Counter: 'Counter.sol', DemoToken: 'DemoToken.sol', Poll: 'Poll.sol' })
        .map(([name, file]) => [file, { [name]: { metadata: EXAMPLES.contracts[name]!.metadata } }])) },
    };
    const view = await call<VerifySessionView>('verify/files/add', { files: [
      { name: 'app/artifacts/build-info/abc.json', content: JSON.stringify(buildInfo), encoding: 'utf8' },
      { name: 'app/artifacts/Counter.sol/Counter.json', content: JSON.stringify({ _format: 'hh-sol-artifact-1', contractName: 'Counter', abi: [] }), encoding: 'utf8' },
      { name: 'app/artifacts/Counter.sol/Counter.dbg.json', content: JSON.stringify({ _format: 'hh-sol-dbg-1', buildInfo: '../build-info/abc.json' }), encoding: 'utf8' },
    ] });
    expect(view.files).toEqual(['app/artifacts/build-info/abc.json']);
    expect(view.contracts.map((c) => c.name).sort()).toEqual(['Counter', 'DemoToken', 'Poll']);
    expect(view.contracts.every((c) => c.missing.length === 0)).toBe(true);
    const counter = view.contracts.find((c) => c.name === 'Counter')!;
    const done = await call<VerifySessionView>('verify/contracts/verify', { contracts: [{ verificationId: counter.verificationId, address: '0x00000000000000000000000000000000000003ec', chainId: '298' }] });
    expect(done.contracts.find((c) => c.name === 'Counter')).toMatchObject({ status: 'perfect', compilerVersion: EXAMPLES.compiler.version });
  }, 60_000);

  it('takes a Foundry artifact\'s rawMetadata as the contract\'s metadata', async () => {
    await call('verify/session/clear', null);
    const artifact = { abi: [], bytecode: { object: '0x' }, rawMetadata: upload['metadata.json'], metadata: JSON.parse(upload['metadata.json']!) };
    const view = await call<VerifySessionView>('verify/files/add', { files: [
      { name: 'proj/out/Storage.sol/Storage.json', content: JSON.stringify(artifact), encoding: 'utf8' },
      { name: 'proj/src/Storage.sol', content: upload['Storage.sol']!, encoding: 'utf8' },
    ] });
    expect(view.contracts).toHaveLength(1);
    expect(view.contracts[0]).toMatchObject({ name: 'Storage', missing: [] });
    expect(view.unused).toEqual([]);
  });

  it('suggests the mirror store contracts that have code, with their verification', async () => {
    const reply = await call<{ chainId: string; contracts: Array<{ contractId: string; address: string; verified: string | null }> }>('verify/suggestions', { query: '' });
    expect(reply.chainId).toBe('298');
    expect(reply.contracts.map((c) => c.contractId)).toEqual(['0.0.1004', '0.0.1003', '0.0.1002', '0.0.1001']);
    expect(reply.contracts[3]).toMatchObject({ address: deployment.address, verified: 'perfect' });
    expect(reply.contracts[2]!.address).toBe('0x00000000000000000000000000000000000003ea');
    const filtered = await call<{ contracts: unknown[] }>('verify/suggestions', { query: deployment.address.slice(2, 12) });
    expect(filtered.contracts).toHaveLength(1);
  });

  it('lists compilers and refuses downloads when no mirror is configured, with the progress event', async () => {
    const list = await call<{ compilers: Array<{ longVersion: string; bytes: number }>; downloadMirror: string | null }>('verify/compilers/list', null);
    expect(list.compilers.map((c) => c.longVersion)).toEqual([EXAMPLES.compiler.version, STORAGE_VERSION]);
    expect(list.compilers[1]).toEqual({ longVersion: STORAGE_VERSION, source: 'folder', bytes: expect.any(Number) });
    expect(list.compilers[1]!.bytes).toBeGreaterThan(1_000_000);
    expect(list.downloadMirror).toBeNull();
    const progress: CompilerProgress[] = [];
    const stop = events.on('verify/compiler-progress', (p) => progress.push(p));
    const result = await dispatch('verify/compilers/download', { version: '0.8.1+commit.df193b15' });
    stop();
    expect(result).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    expect(result.ok ? '' : result.error.message).toMatch(/compiler not available: 0\.8\.1\+commit\.df193b15.*downloading is off/);
    expect(progress.at(-1)).toMatchObject({ longVersion: '0.8.1+commit.df193b15', done: true });
    expect(progress.at(-1)!.error).toMatch(/downloading is off/);
  });

  it('refuses a file that is not a compiler with a plain message', async () => {
    const result = await dispatch('verify/compilers/import', { name: 'soljson.js', content: Buffer.from('module.exports = {};').toString('base64') });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(result.ok ? '' : result.error.message).toMatch(/not a usable soljson compiler/);
  });

  it('says why a file is not a compiler once, without the temporary file it was loaded from', async () => {
    const random = Buffer.from('\u0001\u00ff random bytes, not JavaScript \u0007');
    const failing = 'throw new Error(`cannot start from ${__filename}`);';
    for (const content of [random, Buffer.from(failing)]) {
      const result = await dispatch('verify/compilers/import', { name: 'soljson.js', content: content.toString('base64') });
      const message = result.ok ? '' : result.error.message;
      expect(message).toMatch(/^this file is not a usable soljson compiler: loading it failed: /);
      expect(message).not.toMatch(/usable soljson compiler.*usable soljson compiler/);
      expect(message).not.toContain('.incoming-');
      expect(message).not.toContain(dataDir);
    }
  });

  it.each([
    ['a path that climbs out', 'verify/files/add', { files: [{ name: '../etc/passwd', content: 'x', encoding: 'utf8' }] }, /without "\.\."/],
    ['an absolute path', 'verify/files/add', { files: [{ name: '/abs.sol', content: 'x', encoding: 'utf8' }] }, /relative path/],
    ['bad base64', 'verify/files/add', { files: [{ name: 'a.zip', content: '***', encoding: 'base64' }] }, /not valid base64/],
    ['an unknown encoding', 'verify/files/add', { files: [{ name: 'a.sol', content: 'x', encoding: 'latin1' }] }, /encoding/],
    ['no files', 'verify/files/add', { files: [] }, /non-empty/],
    ['a file too large for any call, naming it', 'verify/files/add', { files: [{ name: 'big.sol', content: 'x'.repeat(25 * 1024 * 1024), encoding: 'utf8' }] }, /^files\[0\] \(big\.sol\) is larger than 24 MiB, the most one file may be here; use the verify API for larger files$/],
    ['too much in one call', 'verify/files/add', { files: ['a.sol', 'b.sol'].map((name) => ({ name, content: 'x'.repeat(13 * 1024 * 1024), encoding: 'utf8' })) }, /at most 24 MiB; send them in several calls/],
    ['a short address', 'verify/contracts/verify', { contracts: [{ verificationId: 'a'.repeat(40), address: '0x12', chainId: '298' }] }, /address/],
    ['a chain name', 'verify/contracts/verify', { contracts: [{ verificationId: 'a'.repeat(40), address: deployment.address, chainId: 'mainnet' }] }, /chainId/],
    ['a bad creator hash', 'verify/contracts/verify', { contracts: [{ verificationId: 'a'.repeat(40), address: deployment.address, chainId: '298', creatorTxHash: '0x1' }] }, /creatorTxHash/],
    ['an extra field', 'verify/check', { address: deployment.address, admin: true }, /unexpected field/],
    ['a short version', 'verify/compilers/download', { version: '0.8.1' }, /long compiler version/],
  ])('refuses %s', async (_name, channel, request, message) => {
    const result = await dispatch(channel, request);
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(result.ok ? '' : result.error.details.join('\n')).toMatch(message);
  });

  it('says plainly when a verification id is not in the session', async () => {
    const result = await dispatch('verify/contracts/verify', { contracts: [{ verificationId: 'f'.repeat(40), address: deployment.address, chainId: '298' }] });
    expect(result).toMatchObject({ ok: false, error: { code: 'not-found', message: SESSION_CHANGED } });
  });

  it('leaves out a zip that is not one and JSON that does not parse, naming each, and adds the rest', async () => {
    await call('verify/session/clear', null);
    const added = await call<VerifyFilesAdded>('verify/files/add', { files: [
      ...files(['metadata.json', 'Storage.sol']).files,
      { name: 'project/sources.zip', content: Buffer.from('random bytes, no zip').toString('base64'), encoding: 'base64' },
      { name: 'project/out/metadata.json', content: '{"compiler": ', encoding: 'utf8' },
    ] });
    expect(added.unreadable).toEqual([
      { name: 'project/sources.zip', reason: 'it is not a zip archive' },
      { name: 'project/out/metadata.json', reason: expect.stringMatching(/^it is not valid JSON \(/) },
    ]);
    expect(added.files).toEqual(['project/Storage.sol', 'project/metadata.json']);
    expect(added.unused).toEqual([]);
    expect(added.contracts.map((c) => c.name)).toEqual(['Storage']);
    // Nothing readable in a call: the session as it was, and why.
    const none = await call<VerifyFilesAdded>('verify/files/add', { files: [{ name: 'broken.json', content: 'nope', encoding: 'utf8' }] });
    expect(none.unreadable.map((f) => f.name)).toEqual(['broken.json']);
    expect(none.files).toEqual(['project/Storage.sol', 'project/metadata.json']);
  });

  it('adds the example contracts the demo deploys, with where this store holds them, and they verify', async () => {
    await call('verify/session/clear', null);
    const { session, deployments } = await call<{ session: VerifySessionView; deployments: Record<string, { address: string; creatorTxHash: string | null }> }>('verify/examples/add', null);
    expect(session.contracts.map((c) => c.name).sort()).toEqual(['Counter', 'DemoToken', 'Poll']);
    expect(session.contracts.every((c) => c.missing.length === 0 && c.compilerInstalled)).toBe(true);
    expect(session.unused).toEqual([]);
    // Only Counter is deployed in this store (0.0.1004).
    const counter = session.contracts.find((c) => c.name === 'Counter')!;
    const address = '0x00000000000000000000000000000000000003ec';
    expect(deployments).toEqual({ [counter.verificationId]: { address, creatorTxHash: null } });
    const done = await call<VerifySessionView>('verify/contracts/verify', { contracts: [{ verificationId: counter.verificationId, address, chainId: '298' }] });
    expect(done.contracts.find((c) => c.name === 'Counter')).toMatchObject({ status: 'perfect' });
    expect((await dispatch('verify/examples/add', { please: true })).ok).toBe(false);
  }, 60_000);

  it('answers unavailable when verification is not running', async () => {
    const off = createDispatcher(createVerifyHandlers({ verify: () => null, session: () => { throw new Error('unused'); } }).handlers as unknown as ApiHandlers, () => undefined);
    const result = await off('verify/session', null);
    expect(result).toMatchObject({ ok: false, error: { code: 'unavailable' } });
  });
});

describe('verify/compilers/import into a compilers folder that cannot be written', () => {
  it('says the compiler could not be stored (unavailable), not that the file is no compiler', async () => {
    const dir = tempDir();
    // A file where the folder should be: no folder can be made there, whoever runs the test (root included).
    fs.writeFileSync(path.join(dir, 'not-a-folder'), '');
    const blocked = offlineVerifyService(dir, { dbFile: ':memory:', compilersDir: path.join(dir, 'not-a-folder', 'compilers') });
    try {
      const importing = createDispatcher(createVerifyHandlers({ verify: () => blocked, session: () => { throw new Error('unused'); } }).handlers as unknown as ApiHandlers, () => undefined);
      const result = await importing('verify/compilers/import', { name: 'soljson.js', content: fs.readFileSync(require.resolve('solc/soljson.js')).toString('base64') });
      expect(result).toMatchObject({ ok: false, error: { code: 'unavailable' } });
      expect(result.ok ? '' : result.error.message).toMatch(/^the compiler could not be stored in the compilers folder: ENOTDIR/);
    } finally {
      await blocked.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
