import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test as base, type Page } from '@playwright/test';
import { startServe as startServeProcess, stopProcess, waitForDemoReady } from '../helpers/serve-process.ts';

export const SCREENSHOTS = path.resolve('test-results/screenshots');
const DEMO_ACCOUNTS = 3000;

export interface ServeInstance {
  mirrorUrl: string;
  /** `http://127.0.0.1:PORT/?token=…` exactly as `serve` printed it. */
  uiUrl: string;
  token: string;
  /** Interface C, when the profile has a status page. */
  statusUrl: string | null;
}

/** Starts `serve` on free ports over `dataDir` with the e2e demo ledger; `extraArgs` add flags (e.g. `--status-upstream URL`). */
export async function startServe(dataDir: string, extraArgs: string[] = []): Promise<{ child: ChildProcess; instance: ServeInstance }> {
  const { child, urls } = await startServeProcess(['--data-dir', dataDir, '--demo-accounts', String(DEMO_ACCOUNTS), ...extraArgs]);
  const uiUrl = urls.get('ui')!;
  return { child, instance: { mirrorUrl: urls.get('mirror')!, uiUrl, token: new URL(uiUrl).searchParams.get('token')!, statusUrl: urls.get('status') ?? null } };
}

/** Waits on the app's own readiness signal (network/status), not on a sleep. */
export async function waitForReady(instance: ServeInstance): Promise<void> {
  await waitForDemoReady(instance.uiUrl);
}

/** One real `serve` per worker (workers: 1, so one per run) on a fresh data folder. */
export const test = base.extend<{ openApp: (hash?: string) => Promise<void> }, { serve: ServeInstance }>({
  serve: [async ({}, use) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-e2e-'));
    const { child, instance } = await startServe(dataDir);
    try {
      await waitForReady(instance);
      await use(instance);
    } finally {
      await stopServe(child, dataDir);
    }
  }, { scope: 'worker', timeout: 180_000 }],

  openApp: async ({ page, serve }, use) => {
    await use(async (hash = '') => {
      await page.goto(`${serve.uiUrl}${hash}`);
    });
  },
});

/** Stops `serve` cleanly (SIGKILL if that hangs), then the data folder goes. */
export async function stopServe(child: ChildProcess, dataDir: string): Promise<void> {
  await stopProcess(child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * A `serve` of the calling spec file's own, on a fresh data folder: started before the file's
 * tests, stopped after them. For specs that write into its ledger, which the worker's shared
 * `serve` must not see change, or that start from a data folder of their own making (`prepare`
 * writes into it first). Read `instance` and `dataDir` inside tests.
 */
export function ownServe(prefix: string, prepare: (dataDir: string) => void = () => {}): { readonly instance: ServeInstance; readonly dataDir: string } {
  let dataDir = '';
  let child: ChildProcess | undefined;
  let instance: ServeInstance | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    prepare(dataDir);
    ({ child, instance } = await startServe(dataDir));
    await waitForReady(instance);
  });
  test.afterAll(async () => {
    if (child) await stopServe(child, dataDir);
  });
  return {
    get instance(): ServeInstance {
      if (!instance) throw new Error('the spec\'s own serve starts in beforeAll; use it inside a test');
      return instance;
    },
    get dataDir(): string {
      return dataDir;
    },
  };
}

/** A `serve` a spec file started itself: its process (to stop or kill), its URLs and its data folder. */
export interface SpecServe {
  child: ChildProcess;
  instance: ServeInstance;
  dir: string;
}

/**
 * Two `serve`s of the calling spec file's own: an upstream on the demo profile, and the app under
 * test syncing from it as a custom profile (`syncArgs` adds flags, e.g. its request rate). Started
 * before the file's tests, stopped after them; read them inside tests.
 */
export function syncedServes(prefix: string, syncArgs: string[] = []): { readonly upstream: SpecServe; readonly local: SpecServe } {
  let upstream: SpecServe | undefined;
  let local: SpecServe | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const upstreamDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}upstream-`));
    upstream = { ...(await startServe(upstreamDir)), dir: upstreamDir };
    await waitForReady(upstream.instance);
    const localDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}local-`));
    local = { ...(await startServe(localDir, ['--network', 'custom', '--upstream-mirror', upstream.instance.mirrorUrl, ...syncArgs])), dir: localDir };
  });
  test.afterAll(async () => {
    if (local) await stopServe(local.child, local.dir);
    if (upstream) await stopServe(upstream.child, upstream.dir);
  });
  const started = (serve: SpecServe | undefined): SpecServe => {
    if (!serve) throw new Error('the spec\'s own serves start in beforeAll; use them inside a test');
    return serve;
  };
  return {
    get upstream(): SpecServe {
      return started(upstream);
    },
    get local(): SpecServe {
      return started(local);
    },
  };
}

export { expect };

/**
 * A GET of the REST port, its body read by `parse`: JSON.parse by default, parseJsonLossless where
 * int64 values pass 2^53 (stakes, supplies) and must stay exact.
 */
export async function mirrorJson<T>(serve: ServeInstance, path: string, parse: (text: string) => unknown = JSON.parse): Promise<T> {
  const response = await fetch(`${serve.mirrorUrl}${path}`);
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return parse(await response.text()) as T;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}

/**
 * The top bar fits the window, Copy button whole, at every width from the window's minimum (800 px,
 * main/desktop/window.ts) to past the widest media step (1700 px), 20 px apart: the bar's parts
 * change size with their states and with breakpoints, and a few chosen widths missed the gaps between.
 * Leaves the viewport at `restore`.
 */
export async function expectTopBarFits(page: Page, restore: { width: number; height: number }): Promise<void> {
  const topbar = page.locator('header.topbar');
  for (let width = 800; width <= 1720; width += 20) {
    await page.setViewportSize({ width, height: restore.height });
    expect(await topbar.evaluate((el) => el.scrollWidth - el.clientWidth), `the top bar overflows at ${width} px by`).toBeLessThanOrEqual(0);
    await expect(page.getByRole('button', { name: 'Copy API URL of the mirror' }), `the Copy button at ${width} px`).toBeInViewport({ ratio: 1 });
    // The search box's hint is shown whole (a shorter one where the box is narrow), never cut.
    // Laid out, not computed: the hint is put in as the box's text for a moment and must not scroll,
    // which also counts whatever the browser draws inside the box beside it.
    await expect.poll(() => page.getByTestId('search-input').evaluate((box: HTMLInputElement) => {
      box.value = box.placeholder;
      const overflow = box.scrollWidth - box.clientWidth;
      box.value = '';
      return -overflow;
    }), `room left by the search hint at ${width} px`).toBeGreaterThanOrEqual(0);
  }
  await page.setViewportSize(restore);
}
