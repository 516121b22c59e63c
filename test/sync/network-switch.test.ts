import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { comparePages, httpGet } from './compare-mirrors.ts';
import { callBridge, startServe, waitForDemoReady, type ServeProcess } from './upstream-process.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-switch-'));
const running: ServeProcess[] = [];
afterAll(async () => {
  for (const serve of running) serve.child.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

async function accountCount(mirror: string): Promise<number> {
  let count = 0;
  let url: string | null = '/api/v1/accounts?limit=100&balance=false';
  while (url) {
    const body = (await (await fetch(`${mirror}${url}`)).json()) as { accounts: unknown[]; links: { next: string | null } };
    count += body.accounts.length;
    url = body.links.next;
  }
  return count;
}

describe('network/switch', () => {
  it('opens another profile in place, on the same local addresses, and back', async () => {
    const upstream = await startServe(['--data-dir', path.join(dir, 'upstream'), '--demo-accounts', '300']);
    running.push(upstream);
    await waitForDemoReady(upstream.urls.get('ui')!);
    const local = await startServe(['--data-dir', path.join(dir, 'local'), '--demo-accounts', '120', '--network', 'custom',
      '--upstream-mirror', upstream.urls.get('mirror')!, '--sync-rate', '0']);
    running.push(local);
    const ui = local.urls.get('ui')!;
    const mirror = local.urls.get('mirror')!;
    for (;;) {
      const { value } = await callBridge(ui, 'sync/status');
      if (value.state === 'following') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await accountCount(mirror)).toBe(300);

    const switched = await callBridge(ui, 'network/switch', { name: 'demo' });
    expect(switched.value).toMatchObject({ name: 'demo', source: 'demo' });
    await waitForDemoReady(ui);
    expect(await accountCount(mirror)).toBe(120);
    expect((await callBridge(ui, 'sync/status')).value.state).toBe('none');

    const back = await callBridge(ui, 'network/switch', { name: 'custom' });
    expect(back.value).toMatchObject({ name: 'custom', source: 'upstream', state: 'ready' });
    const { differences } = await comparePages(httpGet(upstream.urls.get('mirror')!), httpGet(mirror));
    expect(differences).toEqual([]);

    expect((await callBridge(ui, 'network/switch', { name: 'nowhere' })).error).toMatchObject({ code: 'invalid-input' });
    expect((await callBridge(ui, 'network/switch', { name: '../etc' })).error).toMatchObject({ code: 'invalid-input' });
    await local.stop();
  }, 120_000);
});
