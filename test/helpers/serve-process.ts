import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

// `serve` as a user starts it: a real child process on real loopback ports, and its typed API
// called over the HTTP bridge. Shared by the vitest suites and the Playwright specs, so this
// file imports neither test runner.

const SERVE = path.resolve('main/cli/serve.ts');
/** Every service on a port the system picks, so runs never collide with each other or a running app. */
const FREE_PORTS = ['--mirror-port', '0', '--ui-port', '0', '--status-port', '0', '--verify-port', '0'];
/**
 * How long a SIGTERM (a clean shutdown) may take before the process is killed outright: longer
 * than serve's own 10 s limit, so that the exit code says how the shutdown went (0, or 143 past the limit).
 */
const STOP_GRACE_MS = 12_000;
/** A demo ledger of a few thousand accounts is ready in seconds; this only bounds a hang. */
const DEMO_READY_TIMEOUT_MS = 120_000;

export interface SpawnedServe {
  child: ChildProcess;
  /**
   * The service lines `serve` printed (`mirror`, `ui`, `status`, `verify` → URL), once `mirror`
   * and `ui` are up; rejects with stderr if serve exits first.
   */
  listening: Promise<Map<string, string>>;
  stderr(): string;
  /** The exit code; null when a signal ended it. */
  exit: Promise<number | null>;
  /** SIGTERM, SIGKILL if that hangs; resolves once the process is gone. */
  stop(): Promise<void>;
  /**
   * SIGTERM, and the exit code serve stopped with by itself; rejects (with its stderr) when it had
   * to be killed: for tests of the shutdown, where `stop()`'s SIGKILL would hide a hang.
   */
  stopCleanly(): Promise<number | null>;
}

/** A serve that is listening; `urls` as in `listening`. */
export interface ServeProcess extends SpawnedServe {
  urls: Map<string, string>;
}

/** Node 24 runs the TypeScript entry; npm scripts put it first on PATH, older nodes fall back to the pinned one. */
function nodeBinary(): string {
  if (Number(process.versions.node.split('.')[0]) >= 24) return process.execPath;
  const pinned = path.resolve('node_modules/.bin/node');
  return fs.existsSync(pinned) ? pinned : process.execPath;
}

/** Who the child runs as: another user, for a test of what this one may not write (root may write anywhere). */
export interface SpawnAs {
  uid?: number;
  gid?: number;
}

/** Spawns `serve` with exactly `args`: for tests of the command line itself, bad arguments included. */
export function spawnServe(args: string[], as: SpawnAs = {}): SpawnedServe {
  const child = spawn(nodeBinary(), [SERVE, ...args], { stdio: ['ignore', 'pipe', 'pipe'], ...as });
  let stderr = '';
  child.stderr!.on('data', (chunk) => { stderr += chunk; });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<Map<string, string>>((resolve, reject) => {
    const seen = new Map<string, string>();
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^(\w+): (http:\/\/127\.0\.0\.1:\d+\S*)$/.exec(line);
      if (match) seen.set(match[1]!, match[2]!);
      if (seen.has('mirror') && seen.has('ui')) resolve(seen);
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code} before listening:\n${stderr}`)));
  });
  // A test that expects serve to fail awaits `exit` only; its `listening` must not count as unhandled.
  listening.catch(() => {});
  const stopCleanly = async (): Promise<number | null> => {
    if (await stopProcess(child) === 'killed') throw new Error(`serve did not stop within ${STOP_GRACE_MS / 1000} s of SIGTERM and was killed:\n${stderr}`);
    return exit;
  };
  return { child, listening, stderr: () => stderr, exit, stop: async () => { await stopProcess(child); }, stopCleanly };
}

/** Starts `serve` on free ports (`args` may override them) and waits until it listens. */
export async function startServe(args: string[]): Promise<ServeProcess> {
  const serve = spawnServe([...FREE_PORTS, ...args]);
  return { ...serve, urls: await serve.listening };
}

/**
 * SIGTERM (a clean shutdown), SIGKILL if it has not exited within the grace period. Tells which
 * it took ('exited': by itself, or before it was asked).
 */
export async function stopProcess(child: ChildProcess): Promise<'exited' | 'killed'> {
  if (child.exitCode !== null || child.signalCode !== null) return 'exited';
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref());
  await Promise.race([exited, timer]);
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await exited;
    return 'killed';
  }
  return 'exited';
}

export interface BridgeReply {
  ok: boolean;
  value?: any;
  error?: any;
}

/** Calls the typed API of a serve process over its HTTP bridge, as the page does; `uiUrl` carries the token. */
export async function callBridge(uiUrl: string, channel: string, request: unknown = null): Promise<BridgeReply> {
  const url = new URL(uiUrl);
  const response = await fetch(`${url.origin}/bridge/call/${channel}`, {
    method: 'POST',
    headers: { 'x-mirrordesk-token': url.searchParams.get('token')!, 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  return response.json() as Promise<BridgeReply>;
}

/** The value of a bridge call; throws, naming the channel, when the call fails. */
export async function bridgeValue<T>(uiUrl: string, channel: string, request: unknown = null): Promise<T> {
  const result = await callBridge(uiUrl, channel, request);
  if (!result.ok) throw new Error(`${channel}: ${result.error?.message}`);
  return result.value as T;
}

/** Waits on the app's own readiness signal (network/status) until the demo ledger is generated. */
export async function waitForDemoReady(uiUrl: string): Promise<void> {
  const deadline = Date.now() + DEMO_READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const result = await callBridge(uiUrl, 'network/status');
    if (result.value?.state === 'ready') return;
    if (result.value?.state === 'error') throw new Error(`demo ledger failed: ${result.value.message}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the demo ledger was not ready within ${DEMO_READY_TIMEOUT_MS / 1000} s`);
}
