import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { ensureCompilers } from '../../main/conformance/verify/ensure-compilers.ts';
import { FakeEvmChains, type Deployment } from '../../main/conformance/verify/fake-evm-chain.ts';
import { listenOnLoopback } from '../../main/http/listen.ts';
import { buildVerifyServer } from '../../main/verify/api/verify-server.ts';
import { VerifyService, type VerifyServiceOptions } from '../../main/verify/verify-service.ts';

const require = createRequire(import.meta.url);

/** The soljson the app ships (the `solc` dependency). */
export const BUNDLED_SOLJSON = require.resolve('solc/soljson.js');
/** Shared, gitignored compilers cache: filled from the npm registry once, reused by every run. */
export const COMPILERS_CACHE = path.resolve('.data/compilers');
export const FIXTURES = path.resolve('../shared/conformance/verify/fixtures');
export const STORAGE_VERSION = '0.8.4+commit.c7e474f2';
export const STORAGE_DIR = path.join(FIXTURES, 'packages/lib-sourcify/test/sources/Storage');

/** Every folder tempDir made in this test file: removed after its last test, whoever forgot to. */
const madeDirs: string[] = [];
// Registered when a test file imports the fixture, so first: after-all hooks run last-registered
// first, and the file's own (closing its stores and servers) have run when the folders go.
afterAll(() => {
  for (const dir of madeDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

export function tempDir(prefix = 'mirrordesk-verify-test-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  madeDirs.push(dir);
  return dir;
}

/** Makes sure the cache holds these long versions (fetched from the npm registry when missing). */
export async function cachedCompilers(...versions: string[]): Promise<string> {
  await ensureCompilers(COMPILERS_CACHE, versions, () => undefined);
  return COMPILERS_CACHE;
}

/** The Storage fixture's files as an upload: metadata.json plus its source. */
export function storageUpload(): Record<string, string> {
  return {
    'metadata.json': fs.readFileSync(path.join(STORAGE_DIR, 'metadata.json'), 'utf8'),
    'Storage.sol': fs.readFileSync(path.join(STORAGE_DIR, 'sources/Storage.sol'), 'utf8'),
  };
}

/**
 * The StorageModified fixture as an upload: the same code as Storage under another source path,
 * so its metadata (and so its metadata hash) differs: a partial match of Storage's deployment.
 */
export function storageModifiedUpload(): Record<string, string> {
  const dir = path.join(FIXTURES, 'packages/lib-sourcify/test/sources/StorageModified');
  return {
    'metadata.json': fs.readFileSync(path.join(dir, 'metadata.json'), 'utf8'),
    'StorageModified.sol': fs.readFileSync(path.join(dir, 'sources/StorageModified.sol'), 'utf8'),
  };
}

export function storageDeployment(txHash = `0x${'ab'.repeat(32)}`): Deployment {
  const dir = path.join(STORAGE_DIR, 'expected');
  const info = JSON.parse(fs.readFileSync(path.join(dir, 'deployment.json'), 'utf8')) as { address: string; deployer: string };
  return {
    address: info.address.toLowerCase(),
    deployer: info.deployer.toLowerCase(),
    runtimeCode: fs.readFileSync(path.join(dir, 'runtime-bytecode.hex'), 'utf8').trim(),
    creationInput: fs.readFileSync(path.join(dir, 'creation-tx-input.hex'), 'utf8').trim(),
    txHash,
  };
}

/**
 * A verification service with no chain to read (nothing deployed anywhere), no compiler download
 * and no bundled compiler put in its folder: what a test of sessions or compilers alone needs.
 */
export function offlineVerifyService(dataDir: string, overrides: Partial<VerifyServiceOptions> = {}): VerifyService {
  return new VerifyService({
    dbFile: path.join(dataDir, 'verify.sqlite'),
    compilersDir: path.join(dataDir, 'compilers'),
    solcBinMirror: null,
    chains: { mirrorChainIds: [], mirrorSource: null, rpcUrls: {} },
    explorers: {},
    addBundledCompiler: false,
    log: () => undefined,
    ...overrides,
  });
}

export interface VerifyHarness {
  service: VerifyService;
  chains: FakeEvmChains;
  rpcUrls: Record<string, string>;
  baseUrl: string;
  dataDir: string;
  close(): Promise<void>;
}

/** The verify service and its HTTP API on loopback, with a JSON-RPC test chain (id 31337) holding Storage. */
export async function startVerifyHarness(overrides: Partial<VerifyServiceOptions> = {}, dataDir = tempDir()): Promise<VerifyHarness> {
  const compilersDir = await cachedCompilers(STORAGE_VERSION);
  const chains = new FakeEvmChains();
  await chains.start();
  const rpcUrls: Record<string, string> = {};
  rpcUrls['31337'] = chains.deploy('31337', storageDeployment());
  const service = new VerifyService({
    dbFile: path.join(dataDir, 'verify.sqlite'),
    compilersDir,
    solcBinMirror: null,
    chains: { mirrorChainIds: [], mirrorSource: null, rpcUrls },
    explorers: {},
    addBundledCompiler: false,
    log: () => undefined,
    ...overrides,
  });
  const server = buildVerifyServer({ service, hostCheck: true, log: () => undefined });
  const baseUrl = await listenOnLoopback(server, 0);
  return {
    service, chains, rpcUrls, baseUrl, dataDir,
    async close() {
      await server.close();
      await service.close();
      await chains.stop();
    },
  };
}

/** POSTs JSON and returns status, body and the Set-Cookie header. */
export async function postJson(url: string, body: unknown, cookie?: string): Promise<{ status: number; body: any; setCookie: string | null }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json(), setCookie: response.headers.get('set-cookie') };
}

/**
 * Inserts a row into a mirror store table, filling NOT NULL columns the test does not name with 0,
 * so tests follow the mirror schema as it grows instead of copying it.
 */
export function insertRow(db: import('better-sqlite3').Database, table: string, values: Record<string, unknown>): void {
  const row: Record<string, unknown> = {};
  for (const column of db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string; notnull: number; dflt_value: unknown; pk: number }>) {
    if (column.notnull && column.dflt_value === null) row[column.name] = 0;
  }
  Object.assign(row, values);
  db.prepare(`INSERT INTO ${table} (${Object.keys(row).map((k) => `"${k}"`).join(', ')}) VALUES (${Object.keys(row).map(() => '?').join(', ')})`).run(...Object.values(row));
}
