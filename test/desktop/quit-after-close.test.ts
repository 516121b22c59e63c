import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { quitAfterClose } from '../../main/desktop/quit-after-close.ts';
import { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import { startVerifyApi, type RunningVerifyApi } from '../../main/verify/start-verify-api.ts';
import { stalledUpload } from '../verify/stalled-upload.ts';
import { tempDir } from '../verify/verify-fixture.ts';

// The desktop app's before-quit, without Electron: the services it closes are a real verification
// API on loopback, with a client holding a stalled upload to it.
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startApi(closeLimitMs: number): Promise<RunningVerifyApi> {
  const dataDir = tempDir();
  const opened = new LedgerStore({ file: path.join(dataDir, 'demo.sqlite') });
  cleanups.push(() => opened.close());
  return startVerifyApi({
    dataDir, port: 0, hostCheck: true, profileChainId: 298, mirrorDb: () => opened.db, log: () => undefined,
    compilersDir: path.join(dataDir, 'compilers'), solcBinMirror: null, closeLimitMs,
  });
}

/** A quit asked for once: whether the listener held it, and when (if) it quit for real, within `waitMs`. */
function harness(services: { close(): Promise<void> } | null, limitMs: number) {
  const logged: string[] = [];
  let taken = services;
  let quits = 0;
  let quit!: () => void;
  const quitted = new Promise<void>((resolve) => { quit = resolve; });
  const onBeforeQuit = quitAfterClose({
    takeServices: () => {
      const running = taken;
      taken = null;
      return running;
    },
    quit: () => {
      quits += 1;
      quit();
    },
    log: (line) => logged.push(line),
    limitMs,
  });
  const ask = (): { held: boolean } => {
    let held = false;
    onBeforeQuit({ preventDefault: () => { held = true; } });
    return { held };
  };
  // `quitted` resolves once the app has quit; a quit that never comes fails the test by its time-out.
  return { ask, quitted: () => quitted, logged, quits: () => quits };
}

describe('quitAfterClose', () => {
  it('holds the quit while the services close and quits once they have, their database closed, without a word', async () => {
    // The verify port cuts the stalled upload after 200 ms itself, well inside the quit's limit.
    const api = await startApi(200);
    const upload = await stalledUpload(api.url);
    cleanups.push(() => { upload.socket.destroy(); });
    const quit = harness(api, 5000);
    expect(quit.ask().held).toBe(true);
    await quit.quitted();
    expect(api.service.db.open).toBe(false);
    expect(quit.logged).toEqual([]);
    await upload.closed;
  });

  it('quits after its limit when a stalled upload still holds the services, saying what was still closing', async () => {
    // The verify port would wait 10 s for the upload: longer than the quit's limit here.
    const api = await startApi(10_000);
    const upload = await stalledUpload(api.url);
    cleanups.push(async () => {
      upload.socket.destroy();
      await api.close();
    });
    const quit = harness(api, 300);
    const asked = performance.now();
    expect(quit.ask().held).toBe(true);
    await quit.quitted();
    // A lower bound proving it waited for its limit before quitting.
    expect(performance.now() - asked).toBeGreaterThanOrEqual(250);
    expect(quit.logged).toEqual(['quit: the services still not closed after 0.3 s; quitting now']);
    expect(quit.quits()).toBe(1);
  });

  it('lets a second quit through at once while the services are closing', async () => {
    let finish!: () => void;
    const quit = harness({ close: () => new Promise<void>((resolve) => { finish = resolve; }) }, 5000);
    expect(quit.ask().held).toBe(true);
    expect(quit.ask().held).toBe(false);
    finish();
    await quit.quitted();
    // Once quitting for real, the quit it asks for itself is not held either.
    expect(quit.ask().held).toBe(false);
    expect(quit.quits()).toBe(1);
  });

  it('says why closing failed and quits anyway', async () => {
    const quit = harness({ close: async () => { throw new Error('disk full'); } }, 5000);
    quit.ask();
    await quit.quitted();
    expect(quit.logged).toEqual(['quit: closing the services failed: disk full']);
  });

  it('does not hold a quit when no services are running', () => {
    expect(harness(null, 5000).ask().held).toBe(false);
  });
});
