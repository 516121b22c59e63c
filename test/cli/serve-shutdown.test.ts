import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { callBridge, spawnServe, startServe, waitForDemoReady, type ServeProcess } from '../helpers/serve-process.ts';
import { stalledUpload } from '../verify/stalled-upload.ts';

// `serve` stopped by a signal while clients hold connections open, as an open browser tab does
// (its event stream) and as keep-alive clients do. `stopCleanly` fails where SIGKILL was needed.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-serve-shutdown-'));
const started: ServeProcess[] = [];
afterAll(() => {
  for (const serve of started) serve.child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function startDemo(): Promise<ServeProcess> {
  const serve = await startServe(['--data-dir', dataDir, '--demo-accounts', '400']);
  started.push(serve);
  await waitForDemoReady(serve.urls.get('ui')!);
  return serve;
}

/** The UI's event stream, opened as the page's EventSource does; resolves once it is connected. */
function openEventStream(uiUrl: string): Promise<http.IncomingMessage> {
  const url = new URL(uiUrl);
  return new Promise((resolve, reject) => {
    const request = http.get(`${url.origin}/bridge/events?token=${url.searchParams.get('token')}`, (response) => {
      response.once('data', () => resolve(response));
      response.on('error', () => undefined);
    });
    request.on('error', reject);
  });
}

/** One finished request on a keep-alive socket that then stays open, idle, as a browser's does. */
async function idleKeepAliveSocket(baseUrl: string, requestPath: string): Promise<http.Agent> {
  const agent = new http.Agent({ keepAlive: true });
  await new Promise<void>((resolve, reject) => {
    http.get(`${new URL(baseUrl).origin}${requestPath}`, { agent }, (response) => {
      response.resume();
      response.on('end', resolve);
    }).on('error', reject);
  });
  return agent;
}

/**
 * A POST whose JSON body never finishes arriving, as from a client on a stalled network: a request
 * under way that holds the shutdown. Resolves once serve has the request (its `100 Continue` says
 * so) and the body has begun.
 */
async function stalledPost(baseUrl: string, path: string, extraHeaders = ''): Promise<net.Socket> {
  const url = new URL(baseUrl);
  const socket = net.connect(Number(url.port), url.hostname);
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(`POST ${path} HTTP/1.1\r\nhost: ${url.host}\r\n${extraHeaders}content-type: application/json\r\ncontent-length: 100\r\nexpect: 100-continue\r\n\r\n`);
  await new Promise((resolve) => socket.once('data', resolve));
  socket.write('{');
  return socket;
}

/** A bridge call under way, never finished. */
const callUnderWay = (uiUrl: string): Promise<net.Socket> =>
  stalledPost(uiUrl, '/bridge/call/app/info', `x-mirrordesk-token: ${new URL(uiUrl).searchParams.get('token')}\r\n`);

/** A contract call under way on the mirror port, never finished. */
const stalledMirrorCall = (mirrorUrl: string): Promise<net.Socket> => stalledPost(mirrorUrl, '/api/v1/contracts/call');

async function stderrShows(serve: ServeProcess, text: string): Promise<void> {
  while (!serve.stderr().includes(text)) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('serve shutdown', () => {
  it('stops on SIGTERM while a tab holds its event stream and clients keep idle sockets open', async () => {
    const serve = await startDemo();
    const ui = serve.urls.get('ui')!;
    const stream = await openEventStream(ui);
    const streamEnded = new Promise((resolve) => stream.on('close', resolve));
    const agents = [
      await idleKeepAliveSocket(ui, '/bridge/events-not-a-route'),
      await idleKeepAliveSocket(serve.urls.get('mirror')!, '/api/v1/accounts?limit=1'),
      await idleKeepAliveSocket(serve.urls.get('status')!, '/api/v2/summary.json'),
    ];
    expect((await callBridge(ui, 'network/status')).ok).toBe(true);
    try {
      expect(await serve.stopCleanly()).toBe(0);
      await streamEnded;
      expect(serve.stderr()).toContain('SIGTERM: shutting down');
      expect(fs.existsSync(path.join(dataDir, 'demo.sqlite-wal')) ? fs.statSync(path.join(dataDir, 'demo.sqlite-wal')).size : 0).toBe(0);
    } finally {
      for (const agent of agents) agent.destroy();
      stream.destroy();
    }
  });

  it('waits for a call under way at most 3 s, then stops cleanly', async () => {
    const serve = await startDemo();
    const held = await callUnderWay(serve.urls.get('ui')!);
    const closedByServe = new Promise((resolve) => held.on('close', resolve));
    try {
      const asked = performance.now();
      expect(await serve.stopCleanly()).toBe(0);
      expect(performance.now() - asked).toBeGreaterThan(2500);
      await closedByServe;
    } finally {
      held.destroy();
    }
  });

  it('waits for a stalled upload to the verify port at most 3 s, then stops cleanly, the verification database closed', async () => {
    const serve = await startDemo();
    const upload = await stalledUpload(serve.urls.get('verify')!);
    try {
      const asked = performance.now();
      expect(await serve.stopCleanly()).toBe(0);
      expect(performance.now() - asked).toBeGreaterThan(2500);
      await upload.closed;
      const wal = path.join(dataDir, 'verify.sqlite-wal');
      expect(fs.existsSync(wal) ? fs.statSync(wal).size : 0).toBe(0);
    } finally {
      upload.socket.destroy();
    }
  });

  it('waits for a stalled request to the mirror port at most 3 s, then stops cleanly, the ledger store closed', async () => {
    const serve = await startDemo();
    const held = await stalledMirrorCall(serve.urls.get('mirror')!);
    const closedByServe = new Promise((resolve) => held.once('close', resolve));
    try {
      const asked = performance.now();
      expect(await serve.stopCleanly()).toBe(0);
      expect(performance.now() - asked).toBeGreaterThan(2500);
      await closedByServe;
      const stores = fs.readdirSync(dataDir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.sqlite-wal'));
      for (const wal of stores) expect(fs.statSync(path.join(dataDir, wal)).size, wal).toBe(0);
    } finally {
      held.destroy();
    }
  });

  it('stops cleanly within its limit when a request stalls on every port at once', async () => {
    const serve = await startDemo();
    const held = [await callUnderWay(serve.urls.get('ui')!), (await stalledUpload(serve.urls.get('verify')!)).socket, await stalledMirrorCall(serve.urls.get('mirror')!)];
    try {
      // Each port gives its requests a few seconds: the close must not add them up past the 10 s limit (exit 143, stores left open).
      expect(await serve.stopCleanly()).toBe(0);
      expect(serve.stderr()).not.toContain('still not closed');
    } finally {
      for (const socket of held) socket.destroy();
    }
  });

  it('shuts down in order on a SIGTERM sent the moment its first URL line is read', async () => {
    // Three times: the window this closes (URLs printed before the handlers were installed, so the
    // signal's default action ended the process) was hit in about a third of the starts.
    for (let run = 0; run < 3; run++) {
      const serve = spawnServe(['--mirror-port', '0', '--ui-port', '0', '--status-port', '0', '--verify-port', '0', '--data-dir', dataDir, '--demo-accounts', '400']);
      serve.child.stdout!.once('data', () => serve.child.kill('SIGTERM'));
      expect(await serve.exit).toBe(0);
      expect(serve.stderr()).toContain('SIGTERM: shutting down');
    }
  });

  it('stops at once on a second signal, with 130 after SIGINT, saying so', async () => {
    const serve = await startDemo();
    const held = await callUnderWay(serve.urls.get('ui')!);
    try {
      serve.child.kill('SIGTERM');
      await stderrShows(serve, 'SIGTERM: shutting down');
      serve.child.kill('SIGINT');
      // 130 is the second signal's: the call under way held the web UI open, and a shutdown that
      // waited for it would have ended 0 (or 143 past its limit).
      expect(await serve.exit).toBe(130);
      expect(serve.stderr()).toContain('SIGINT again: stopping now, without waiting for the web UI to close');
    } finally {
      held.destroy();
    }
  });
});
