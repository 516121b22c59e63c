import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { callBridge, startServe, waitForDemoReady, type ServeProcess } from '../helpers/serve-process.ts';
import { comparePages, httpGet } from './compare-mirrors.ts';

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
    // The demo's status page came with the switch, and app/info says where it answers now.
    const info = (await callBridge(ui, 'app/info')).value as { services: { status?: string } };
    const summary = (await (await fetch(`${info.services.status}/api/v2/summary.json`)).json()) as { page: { name: string } };
    expect(summary.page.name).toMatch(/Demo Network/);
    expect((await callBridge(ui, 'sync/status')).value.state).toBe('none');

    const back = await callBridge(ui, 'network/switch', { name: 'custom' });
    expect(back.value).toMatchObject({ name: 'custom', source: 'upstream', state: 'ready' });
    const { differences } = await comparePages(httpGet(upstream.urls.get('mirror')!), httpGet(mirror));
    expect(differences).toEqual([]);

    expect((await callBridge(ui, 'network/switch', { name: 'nowhere' })).error).toMatchObject({ code: 'invalid-input' });
    expect((await callBridge(ui, 'network/switch', { name: '../etc' })).error).toMatchObject({ code: 'invalid-input' });
    await local.stop();
  }, 120_000);

  it('saves custom profiles (validated, persisted in the data folder), switches to one and refuses to edit the open one', async () => {
    const upstream = await startServe(['--data-dir', path.join(dir, 'upstream2'), '--demo-accounts', '200']);
    running.push(upstream);
    await waitForDemoReady(upstream.urls.get('ui')!);
    const dataDir = path.join(dir, 'profiles');
    const local = await startServe(['--data-dir', dataDir, '--demo-accounts', '50']);
    running.push(local);
    const ui = local.urls.get('ui')!;

    const invalid = await callBridge(ui, 'network/profiles/save', { name: 'Bad Name', mirrorUrl: 'ftp://x', statusUrl: 'http://a?b', chainId: -1 });
    expect(invalid.error.code).toBe('invalid-input');
    expect(invalid.error.details).toHaveLength(4);
    expect((await callBridge(ui, 'network/profiles/save', { name: 'testnet', mirrorUrl: 'http://127.0.0.1:1', statusUrl: null, chainId: null })).error.message).toMatch(/built-in/);

    const saved = await callBridge(ui, 'network/profiles/save', { name: 'local-node', mirrorUrl: `${upstream.urls.get('mirror')!}/`, statusUrl: null, chainId: 298 });
    expect(saved.value.active).toBe('demo');
    expect(saved.value.profiles.map((p: { name: string }) => p.name)).toEqual(['demo', 'mainnet', 'testnet', 'previewnet', 'local-node']);
    expect(saved.value.profiles.at(-1)).toMatchObject({ kind: 'saved', mirrorUrl: upstream.urls.get('mirror')!, chainId: 298 });
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'profiles.json'), 'utf8')).profiles).toHaveLength(1);

    const switched = await callBridge(ui, 'network/switch', { name: 'local-node' });
    expect(switched.value).toMatchObject({ name: 'local-node', source: 'upstream', chainId: 298 });
    for (;;) {
      const { value } = await callBridge(ui, 'sync/status');
      if (value.state === 'following') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await accountCount(local.urls.get('mirror')!)).toBe(200);
    const editOpen = await callBridge(ui, 'network/profiles/save', { name: 'local-node', previousName: 'local-node', mirrorUrl: 'http://127.0.0.1:1', statusUrl: null, chainId: null });
    expect(editOpen.error.message).toMatch(/is open/);
    expect((await callBridge(ui, 'network/profiles/delete', { name: 'local-node' })).error.message).toMatch(/is open/);
    await local.stop();

    // A restart straight into the saved profile finds it, and its synced store.
    const again = await startServe(['--data-dir', dataDir, '--network', 'local-node']);
    running.push(again);
    expect((await callBridge(again.urls.get('ui')!, 'network/status')).value).toMatchObject({ name: 'local-node', accountCount: 200 });
    await callBridge(again.urls.get('ui')!, 'network/switch', { name: 'demo' });
    const removed = await callBridge(again.urls.get('ui')!, 'network/profiles/delete', { name: 'local-node' });
    expect(removed.value.profiles.map((p: { name: string }) => p.name)).not.toContain('local-node');
    await again.stop();
  }, 120_000);
});
