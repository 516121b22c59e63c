import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultMirrorApiConfig } from '../../main/mirror/config.ts';
import { createMirrorApi } from '../../main/mirror/mirror-api.ts';
import { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import { LOOKUP_HOLD_CAP_MS } from '../../main/sync/upstream-hold.ts';
import { bridgeValue, startServe, type ServeProcess } from '../helpers/serve-process.ts';
import { ScriptedUpstreams } from './scripted-upstream.ts';

// One 429 with a long Retry-After, then a working upstream: `serve` used to hold every request,
// the sync's and every lookup's, for the whole 10 minutes, with lookups answering 503 "did not
// answer … in time" without asking, and the log showing a crawl with seconds left.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-retry-after-hold-'));
const upstreams = new ScriptedUpstreams();
let local: ServeProcess | undefined;
afterAll(async () => {
  await local?.stop();
  await upstreams.closeAll();
  fs.rmSync(dir, { recursive: true, force: true });
});

const clock = String.raw`\d\d:\d\d:\d\d`;

describe('a 429 with a long Retry-After', () => {
  it('holds the sync, saying until when; lookups are refused saying so, with Retry-After, and go again well before the sync', async () => {
    const upstreamApi = createMirrorApi(new LedgerStore({ file: ':memory:' }), defaultMirrorApiConfig, false);
    let refusingUntil = Infinity;
    const upstream = await upstreams.start(async (req, res) => {
      if (refusingUntil === Infinity) refusingUntil = performance.now() + 1500;
      if (performance.now() < refusingUntil) {
        res.writeHead(429, { 'retry-after': '600', 'content-type': 'application/json' }).end('{"_status":{"messages":[{"message":"Too many requests"}]}}');
        return;
      }
      const reply = await upstreamApi.server.inject({ url: req.url! });
      res.writeHead(reply.statusCode, { 'content-type': 'application/json' }).end(reply.body);
    });
    local = await startServe(['--data-dir', dir, '--network', 'custom', '--upstream-mirror', upstream]);
    const ui = local.urls.get('ui')!;
    const mirror = local.urls.get('mirror')!;
    const heldAt = Date.now();

    let status = await bridgeValue<any>(ui, 'sync/status');
    for (let tries = 0; status.state !== 'retrying' && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = await bridgeValue<any>(ui, 'sync/status');
    }
    expect(status.state).toBe('retrying');
    expect(status.lastError.message).toMatch(new RegExp(`^the upstream asked to wait until ${clock} \\(Retry-After\\): HTTP 429 Too Many Requests from ${upstream}/api/v1/`));
    expect(Date.parse(status.lastError.retryAt) - heldAt).toBeGreaterThan(590_000);
    expect(status.estimatedSecondsLeft).toBeNull();
    await expect.poll(() => local!.stderr()).toMatch(new RegExp(`sync: waiting, the upstream asked to wait until ${clock} \\(Retry-After\\)`));
    expect(local.stderr()).not.toMatch(/ left/);

    // A lookup is refused at once, saying why and until when, with the seconds to wait.
    for (const lookup of ['/api/v1/accounts/0.0.99999', '/api/v1/network/nodes']) {
      // Refused, not waited out (the hold is 10 minutes); that it is at once is upstream-hold.test.ts's to show.
      const response = await fetch(`${mirror}${lookup}`);
      expect(response.status).toBe(503);
      const seconds = Number(response.headers.get("retry-after"));
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(LOOKUP_HOLD_CAP_MS / 1000);
      const body = await response.json() as { _status: { messages: Array<{ message: string }> } };
      expect(body._status.messages[0]!.message).toMatch(new RegExp(`^The upstream mirror node asked to wait until ${clock} before it is asked again \\(Retry-After\\)`));
    }

    // Pause and resume do not lift the upstream's hold, and the state keeps saying so.
    await bridgeValue(ui, 'sync/pause');
    expect((await bridgeValue<any>(ui, 'sync/resume')).state).toBe('retrying');

    // Past the lookups' shorter hold, a lookup asks the upstream (which has no such account: 404),
    // while the sync keeps to the wait it was asked for.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, heldAt + LOOKUP_HOLD_CAP_MS + 500 - Date.now())));
    expect((await fetch(`${mirror}/api/v1/accounts/0.0.99999`)).status).toBe(404);
    expect((await fetch(`${mirror}/api/v1/network/nodes`)).status).toBe(200);
    expect(await bridgeValue<any>(ui, 'sync/status')).toMatchObject({ state: 'retrying', lastError: { retryAt: status.lastError.retryAt, recoveredAt: null } });
  }, 60_000);
});
