import http from 'node:http';
import { Worker } from 'node:worker_threads';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listenOnLoopback } from '../../../main/http/listen.ts';
import { buildVerifyServer } from '../../../main/verify/api/verify-server.ts';
import { SESSION_COOKIE } from '../../../main/verify/api/session-cookie.ts';
import { OFF_THREAD_MIN_BYTES } from '../../../main/verify/off-thread-min-bytes.ts';
import type { VerifyService } from '../../../main/verify/verify-service.ts';
import { offlineVerifyService, postJson, tempDir } from '../verify-fixture.ts';

// A large upload to a session is read (split, every source hashed) by a helper thread for seconds.
// A client that goes away meanwhile (real HTTP on loopback, the request destroyed) must stop that
// thread, store nothing of its files and let the session's next request go on.

let service: VerifyService;
let server: ReturnType<typeof buildVerifyServer>;
let baseUrl: string;
const logged: string[] = [];
beforeAll(async () => {
  service = offlineVerifyService(tempDir());
  server = buildVerifyServer({ service, hostCheck: true, log: (line) => void logged.push(line) });
  baseUrl = await listenOnLoopback(server, 0);
});
afterAll(async () => {
  await server.close();
  await service.close();
});

/**
 * The helper threads started from now on, each with how it ended: its exit code (1 when it was
 * terminated, 0 when it ran to its end). Node's Worker tells both through its own emit.
 */
function watchThreads(): Array<{ exitCode: Promise<number> }> {
  const threads: Array<{ exitCode: Promise<number> }> = [];
  const original = Worker.prototype.emit;
  Worker.prototype.emit = function emit(this: Worker, event: string | symbol, ...args: unknown[]) {
    if (event === 'online') threads.push({ exitCode: new Promise<number>((resolve) => this.once('exit', resolve)) });
    return original.call(this, event, ...args);
  };
  restore.push(() => { Worker.prototype.emit = original; });
  return threads;
}
const restore: Array<() => void> = [];
afterEach(() => {
  for (const undo of restore.splice(0)) undo();
});

/** The first thread `threads` saw start, once one has. */
async function firstThreadOf(threads: Array<{ exitCode: Promise<number> }>): Promise<{ exitCode: Promise<number> }> {
  while (threads.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  return threads[0]!;
}

/** About 16 MB of Solidity: its keccak256 alone keeps a helper thread busy for a second or more. */
function largeSource(): string {
  const text = `// SPDX-License-Identifier: MIT\ncontract Big {}\n${'// padding: a source large enough to be read in a helper thread, for long\n'.repeat(220_000)}`;
  expect(text.length).toBeGreaterThan(15 * OFF_THREAD_MIN_BYTES);
  return text;
}

/** Sends an add of `files` to a session (with `cookie`, or opening one) and gives the request, to destroy. */
function sendAdd(files: Record<string, string>, cookie?: string): http.ClientRequest {
  const body = JSON.stringify({ files });
  const request = http.request(`${baseUrl}/session/input-files`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...(cookie ? { cookie } : {}) },
  });
  // Destroyed on purpose: its error is the test's doing.
  request.on('error', () => undefined);
  request.end(body);
  return request;
}

const idOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);
const liveSessions = () => service.db.prepare('SELECT count(*) FROM verify_session').pluck().get() as number;

describe('an upload whose client goes away while its files are read', () => {
  it('terminates the reading thread, stores nothing of it, and lets the next add to the session go on', async () => {
    const first = await postJson(`${baseUrl}/session/input-files`, { files: { 'Keep.sol': 'contract Keep {}' } });
    expect(first.status).toBe(200);
    const cookie = first.setCookie!.split(';')[0]!;
    expect(cookie.startsWith(`${SESSION_COOKIE}=`)).toBe(true);
    const threads = watchThreads();
    const request = sendAdd({ 'Big.sol': largeSource() }, cookie);
    const thread = await firstThreadOf(threads);
    request.destroy();
    expect(await thread.exitCode).toBe(1);
    const next = await postJson(`${baseUrl}/session/input-files`, { files: { 'Next.sol': 'contract Next {}' } }, cookie);
    expect(next.status).toBe(200);
    expect(next.body.files).toEqual(['Keep.sol', 'Next.sol']);
    expect(service.sessions.files(idOf(cookie)).map((f) => f.path)).toEqual(['Keep.sol', 'Next.sol']);
    expect(service.sessions.bytes(idOf(cookie))).toBe('contract Keep {}'.length + 'contract Next {}'.length);
    // Nothing went wrong on the server's side: a client leaving is no fault to log.
    expect(logged).toEqual([]);
  });

  it('leaves no session behind when the upload was to open one', async () => {
    const before = liveSessions();
    const threads = watchThreads();
    const request = sendAdd({ 'Big.sol': largeSource() });
    const thread = await firstThreadOf(threads);
    request.destroy();
    expect(await thread.exitCode).toBe(1);
    // The add gives up in the microtasks after the thread's exit; a request's round trip comes after them all.
    expect((await fetch(`${baseUrl}/session/data`)).status).toBe(200);
    expect(liveSessions()).toBe(before);
    expect(service.db.prepare('SELECT count(*) FROM verify_session_file WHERE path = ?').pluck().get('Big.sol')).toBe(0);
  });
});
