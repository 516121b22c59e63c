import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { NetworkInfo } from '../../main/common/api-contract.ts';
import { defaultMirrorApiConfig } from '../../main/mirror/config.ts';
import { generateDemoLedger } from '../../main/mirror/demo/generate-ledger.ts';
import { createMirrorApi } from '../../main/mirror/mirror-api.ts';
import { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import { ApiEventBus } from '../../main/services/event-bus.ts';
import { findProfile } from '../../main/services/network-profiles.ts';
import { ProfileSession } from '../../main/services/profile-session.ts';

// The demo ledger generated on a disk that fills up part way. While `disk.full`, each attempt runs
// the real generator on a connection of its own to the real file, which may not grow past a few
// pages (PRAGMA max_page_count: SQLite's own SQLITE_FULL, "database or disk is full", as a full disk
// gives it), so it fails after some progress; once there is room, the app's own worker generates it.
const disk = vi.hoisted(() => ({ full: true, attempts: 0 }));
vi.mock('../../main/mirror/demo/generate-in-worker.ts', async (actual) => {
  const real = await actual<typeof import('../../main/mirror/demo/generate-in-worker.ts')>();
  return {
    generateDemoLedgerInWorker: async (file: string, options: { accounts: number }, onProgress: (done: number, total: number) => void, signal: AbortSignal) => {
      disk.attempts += 1;
      // As the worker does, it begins once the session that asked is under way.
      await new Promise((resolve) => setImmediate(resolve));
      if (!disk.full) return real.generateDemoLedgerInWorker(file, options, onProgress, signal);
      const store = new LedgerStore({ file });
      try {
        store.db.pragma(`max_page_count = ${(store.db.pragma('page_count', { simple: true }) as number) + 300}`);
        return generateDemoLedger(store, { accounts: options.accounts, chunkSize: 100 }, onProgress);
      } finally {
        store.close();
      }
    },
  };
});

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-demo-full-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('a demo ledger generated on a full disk', () => {
  it('says the disk is full and what to do, shows no progress meanwhile, and is generated once there is room', async () => {
    const events = new ApiEventBus();
    const changes: NetworkInfo[] = [];
    events.on('network/changed', (info) => void changes.push(info));
    const session = new ProfileSession(findProfile('demo')!, dir, 1500, events, () => undefined, { fullDiskRetryMs: 150 });
    session.announce(true);
    const api = createMirrorApi(session.store, defaultMirrorApiConfig, false, { availability: () => session.mirrorUnavailable() });
    await api.server.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(api.server.server.address() as AddressInfo).port}`;
    try {
      await vi.waitFor(() => expect(session.info().state).toBe('error'), { timeout: 20_000 });
      // It got part way before the disk was full.
      expect(changes.some((info) => (info.progress?.done ?? 0) > 0)).toBe(true);
      const escaped = dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const words = new RegExp(`^The demo ledger could not be generated: the disk is full \\(\\d+(\\.\\d)? [KMG]iB free in ${escaped}\\); free some space on that disk: it is tried again at \\d\\d:\\d\\d:\\d\\d, and generated once there is room$`);
      expect(session.info()).toMatchObject({ state: 'error', progress: null, message: expect.stringMatching(words) });
      const refused = await fetch(`${base}/api/v1/accounts?limit=1`);
      expect(refused.status).toBe(503);
      // Asked again once it is tried again (150 ms here: at least a second).
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(((await refused.json()) as { _status: { messages: Array<{ message: string }> } })._status.messages[0]!.message).toMatch(words);

      // Tried again while still full: it fails again, and says so again.
      await vi.waitFor(() => expect(disk.attempts).toBeGreaterThanOrEqual(3), { timeout: 20_000 });
      disk.full = false;
      expect(await session.ready).toBe('ready');
      expect(session.info()).toMatchObject({ state: 'ready', progress: null });
      const answered = await fetch(`${base}/api/v1/accounts/0.0.1500`);
      expect(answered.status).toBe(200);
    } finally {
      await api.server.close();
      await session.close();
    }
  }, 60_000);
});
