import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import path from 'node:path';

const SERVE = path.resolve('main/cli/serve.ts');

export interface ServeProcess {
  child: ChildProcess;
  /** Service lines printed on stdout (`mirror`, `ui`, `status`). */
  urls: Map<string, string>;
  stderr(): string;
  exit: Promise<number | null>;
  /** SIGTERM and wait. */
  stop(): Promise<void>;
}

/** Starts `serve` as a user would: a real child process on real loopback ports. */
export async function startServe(args: string[]): Promise<ServeProcess> {
  const child = spawn(process.execPath, [SERVE, '--mirror-port', '0', '--ui-port', '0', '--status-port', '0', '--verify-port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (chunk) => { err += chunk; });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const urls = await new Promise<Map<string, string>>((resolve, reject) => {
    const seen = new Map<string, string>();
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^(\w+): (http:\/\/127\.0\.0\.1:\d+\S*)$/.exec(line);
      if (match) seen.set(match[1]!, match[2]!);
      if (seen.has('mirror') && seen.has('ui')) resolve(seen);
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code} before listening: ${err}`)));
  });
  return {
    child,
    urls,
    stderr: () => err,
    exit,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exit;
    },
  };
}

/** Calls the typed API of a serve process over its HTTP bridge. */
export async function callBridge(uiUrl: string, channel: string, request: unknown = null): Promise<{ ok: boolean; value?: any; error?: any }> {
  const url = new URL(uiUrl);
  const response = await fetch(`${url.origin}/bridge/call/${channel}`, {
    method: 'POST',
    headers: { 'x-mirrordesk-token': url.searchParams.get('token')!, 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  return response.json() as Promise<{ ok: boolean; value?: any; error?: any }>;
}

/** Waits until the demo ledger of a serve process is generated. */
export async function waitForDemoReady(uiUrl: string): Promise<void> {
  for (;;) {
    const result = await callBridge(uiUrl, 'network/status');
    if (result.value?.state === 'ready') return;
    if (result.value?.state === 'error') throw new Error(result.value.message);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
