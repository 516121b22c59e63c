import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { callBridge, startServe, waitForDemoReady, type ServeProcess } from '../helpers/serve-process.ts';

// `serve` as a user runs it, stopped with Ctrl-C while the demo ledger is generated and started
// again over the half-written ledger: the mirror API never answers from it, and `demo: ready` is
// said only of a ledger that is.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-serve-generation-'));
const started: ServeProcess[] = [];
afterAll(async () => {
  await Promise.all(started.map((serve) => serve.stop()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Big enough that its generation takes seconds, so the first requests find it under way. */
const ACCOUNTS = '5000';
const GENERATING = /^The demo ledger is being generated( \(\d{1,2}%\))?; try again in a moment$/;

async function start(): Promise<ServeProcess> {
  const serve = await startServe(['--data-dir', dataDir, '--demo-accounts', ACCOUNTS]);
  started.push(serve);
  return serve;
}

async function accountsAnswer(serve: ServeProcess) {
  const response = await fetch(`${serve.urls.get('mirror')}/api/v1/accounts?order=desc`);
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() as { _status?: { messages: Array<{ message: string }> } } };
}

describe('serve during the demo ledger generation', () => {
  it('answers 503 on the REST port and the bridge, and says no "ready" when Ctrl-C stops it', async () => {
    const serve = await start();
    const answer = await accountsAnswer(serve);
    expect(answer.status).toBe(503);
    expect(answer.retryAfter).toBe('5');
    expect(answer.body._status?.messages[0]?.message).toMatch(GENERATING);
    const bridged = await callBridge(serve.urls.get('ui')!, 'mirror/get', { path: '/api/v1/accounts?order=desc' });
    expect(bridged).toMatchObject({ ok: false, error: { code: 'unavailable', message: expect.stringMatching(GENERATING) } });

    serve.child.kill('SIGINT');
    expect(await serve.exit).toBe(0);
    expect(serve.stderr()).toContain('SIGINT: shutting down');
    expect(serve.stderr()).not.toContain('demo: ready');
  }, 60_000);

  it('started again over the half-written ledger: 503 until it is generated whole, then the full ledger and "demo: ready"', async () => {
    const serve = await start();
    expect((await accountsAnswer(serve)).status).toBe(503);
    await waitForDemoReady(serve.urls.get('ui')!);
    const answer = await accountsAnswer(serve);
    expect(answer.status).toBe(200);
    expect(answer.retryAfter).toBeNull();
    await expect.poll(() => serve.stderr()).toContain(`demo: ready (data in ${dataDir})`);
  }, 120_000);
});
