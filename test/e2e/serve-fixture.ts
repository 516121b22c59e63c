import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { test as base, type Page } from '@playwright/test';

export const SCREENSHOTS = path.resolve('test-results/screenshots');
const SERVE = path.resolve('main/cli/serve.ts');
const DEMO_ACCOUNTS = 3000;

export interface ServeInstance {
  mirrorUrl: string;
  /** `http://127.0.0.1:PORT/?token=…` exactly as `serve` printed it. */
  uiUrl: string;
  token: string;
  /** Interface C, when the profile has a status page. */
  statusUrl: string | null;
}

/** Node 24 runs the TypeScript entry; npm scripts put it first on PATH, older nodes fall back to the pinned one. */
function nodeBinary(): string {
  if (Number(process.versions.node.split('.')[0]) >= 24) return process.execPath;
  const pinned = path.resolve('node_modules/.bin/node');
  return fs.existsSync(pinned) ? pinned : process.execPath;
}

/** Starts `serve` on free ports; `extraArgs` add flags (e.g. `--status-upstream URL`). */
export async function startServe(dataDir: string, extraArgs: string[] = []): Promise<{ child: ChildProcess; instance: ServeInstance }> {
  const child = spawn(nodeBinary(), [SERVE, '--data-dir', dataDir, '--ui-port', '0', '--mirror-port', '0', '--status-port', '0', '--demo-accounts', String(DEMO_ACCOUNTS), ...extraArgs], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => { stderr += chunk; });
  const urls = await new Promise<Map<string, string>>((resolve, reject) => {
    const seen = new Map<string, string>();
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^(mirror|status|ui): (http:\/\/127\.0\.0\.1:\d+\S*)$/.exec(line);
      if (match) seen.set(match[1]!, match[2]!);
      if (seen.has('mirror') && seen.has('ui')) resolve(seen);
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code} before listening:\n${stderr}`)));
  });
  const uiUrl = urls.get('ui')!;
  return { child, instance: { mirrorUrl: urls.get('mirror')!, uiUrl, token: new URL(uiUrl).searchParams.get('token')!, statusUrl: urls.get('status') ?? null } };
}

/** Waits on the app's own readiness signal (network/status), not on a sleep. */
export async function waitForReady(instance: ServeInstance): Promise<void> {
  const origin = new URL(instance.uiUrl).origin;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${origin}/bridge/call/network/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-mirrordesk-token': instance.token },
      body: 'null',
    });
    const result = (await response.json()) as { ok: boolean; value?: { state: string; message: string | null } };
    if (result.value?.state === 'ready') return;
    if (result.value?.state === 'error') throw new Error(`demo ledger failed: ${result.value.message}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the demo ledger was not ready within 120 s');
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

/** SIGTERM (a clean shutdown), SIGKILL if that hangs, then the data folder goes. */
export async function stopServe(child: ChildProcess, dataDir: string): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
}

export { expect } from '@playwright/test';

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}
