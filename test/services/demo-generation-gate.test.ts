import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { MirrorGetResponse } from '../../main/common/api-contract.ts';
import type { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import { startAppServices, type AppServices } from '../../main/services/app-services.ts';
import { BYTECODE, insertContract } from '../helpers/contract-fixture.ts';
import { mirrorGetter } from '../../renderer/src/lib/mirror-source.ts';
import { resolveSearch } from '../../renderer/src/lib/search-resolve.ts';

// The demo ledger while it is generated, and after its generation failed or was stopped: the
// mirror API (its REST port and the bridge's mirror/get alike) answers 503 until the ledger is
// complete, and the app's `ready` says how the generation ended. The generation is a stand-in
// this test drives (progress, done, failed); everything else is the app as `serve` starts it.

interface DrivenGeneration {
  progress(done: number, total: number): void;
  finish(): void;
  fail(error: Error): void;
}

const generations = vi.hoisted(() => ({ current: null as DrivenGeneration | null }));
vi.mock('../../main/mirror/demo/generate-in-worker.ts', () => ({
  generateDemoLedgerInWorker: (_file: string, _options: unknown, onProgress: (done: number, total: number) => void, signal: AbortSignal) =>
    new Promise((resolve, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason));
      generations.current = { progress: onProgress, finish: () => resolve(null), fail: reject };
    }),
}));

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-demo-gate-'));
const running: AppServices[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((app) => app.close()));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function startDemo(name: string): Promise<{ app: AppServices; generation: DrivenGeneration }> {
  generations.current = null;
  const app = await startAppServices({ dataDir: path.join(dir, name), network: 'demo', demoAccounts: 50, ports: { mirror: 0, status: 0 }, hostCheck: true, log: () => undefined });
  running.push(app);
  return { app, generation: generations.current! };
}

/** The renderer's search, asking through the bridge's mirror/get as the page does. */
const search = (app: AppServices, text: string) => resolveSearch(text, mirrorGetter({
  mirror: { get: (request) => app.dispatch('mirror/get', request) as Promise<{ ok: true; value: MirrorGetResponse }> },
}));

/** A GET on the REST port: status, Retry-After and the body's messages. */
async function restGet(app: AppServices, pathAndQuery: string) {
  const response = await fetch(`${app.urls.mirror}${pathAndQuery}`);
  const body = await response.json() as { _status?: { messages: Array<{ message: string }> } };
  return { status: response.status, retryAfter: response.headers.get('retry-after'), messages: body._status?.messages.map((m) => m.message) ?? null };
}

describe('the mirror API of a demo ledger not complete yet', () => {
  it('answers 503 with the progress and Retry-After while it is generated, on the REST port and the bridge alike; then answers', async () => {
    const { app, generation } = await startDemo('generating');
    expect(await restGet(app, '/api/v1/accounts?order=desc')).toEqual({
      status: 503, retryAfter: '5', messages: ['The demo ledger is being generated; try again in a moment'],
    });
    generation.progress(42, 100);
    expect(await restGet(app, '/api/v1/transactions')).toEqual({
      status: 503, retryAfter: '5', messages: ['The demo ledger is being generated (42%); try again in a moment'],
    });
    expect(await app.dispatch('mirror/get', { path: '/api/v1/accounts?order=desc' })).toMatchObject({
      ok: false, error: { code: 'unavailable', message: 'The demo ledger is being generated (42%); try again in a moment', mirror: { status: 503 } },
    });
    // The header search says so too, rather than "not found" or an upstream that cannot be reached.
    expect(await search(app, '0.0.1001')).toEqual({ kind: 'error', message: 'The demo ledger is being generated (42%); try again in a moment' });
    // The app's other reads of the store alike: the accounts list, and no contract suggested to verify.
    expect(await app.dispatch('accounts/list', { query: 'limit=1' })).toMatchObject({
      ok: false, error: { code: 'unavailable', message: 'The demo ledger is being generated (42%); try again in a moment' },
    });
    // A contract the generation has written already (from a second connection, as the worker writes).
    const db = new Database(path.join(dir, 'generating', 'demo.sqlite'));
    insertContract({ db } as unknown as LedgerStore, { num: 1500, runtime: BYTECODE.readSlot0 });
    db.close();
    expect(await app.dispatch('verify/suggestions', { query: '' })).toEqual({ ok: true, value: { chainId: '298', contracts: [] } });
    // What does not read the ledger still answers: the API's own document, and a path it does not have.
    expect((await fetch(`${app.urls.mirror}/api/v1/docs/openapi.json`)).status).toBe(200);
    expect((await restGet(app, '/api/v1/nothing-here')).status).toBe(404);

    generation.finish();
    expect(await app.ready).toBe('ready');
    expect(await restGet(app, '/api/v1/accounts?order=desc')).toMatchObject({ status: 200, retryAfter: null });
    expect(await app.dispatch('mirror/get', { path: '/api/v1/accounts?order=desc' })).toMatchObject({ ok: true, value: { status: 200 } });
    expect(await app.dispatch('accounts/list', { query: 'limit=1' })).toMatchObject({ ok: true });
    expect(await app.dispatch('verify/suggestions', { query: '' })).toMatchObject({ ok: true, value: { contracts: [{ contractId: '0.0.1500' }] } });
  });

  it('answers 503 naming the reason once its generation failed (no Retry-After: waiting will not help), and `ready` says it failed', async () => {
    const { app, generation } = await startDemo('failed');
    generation.progress(10, 100);
    generation.fail(new Error('database or disk is full'));
    expect(await app.ready).toBe('failed');
    const expected = 'The demo ledger could not be generated: database or disk is full';
    expect(await restGet(app, '/api/v1/accounts')).toEqual({ status: 503, retryAfter: null, messages: [expected] });
    expect(await app.dispatch('mirror/get', { path: '/api/v1/accounts' })).toMatchObject({ ok: false, error: { code: 'unavailable', message: expected } });
    expect(await search(app, '0.0.1001')).toEqual({ kind: 'error', message: expected });
  });

  it('says `stopped`, not ready, when the app closes during the generation', async () => {
    const { app, generation } = await startDemo('stopped');
    generation.progress(20, 100);
    await app.close();
    running.splice(0);
    expect(await app.ready).toBe('stopped');
  });
});
