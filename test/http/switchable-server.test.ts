import http from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { listenOnLoopback } from '../../main/http/listen.ts';
import { SwitchableServer } from '../../main/http/switchable-server.ts';
import { rawExchange } from '../helpers/raw-exchange.ts';

// SwitchableServer over a real loopback socket, with real Fastify apps handed its requests.

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A manually opened gate: a route waits on it, the test opens it. */
function gate(): { open: () => void; opened: Promise<void> } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

interface TestApp {
  app: FastifyInstance;
  /** Resolves when `/slow` has been entered (and waits on `release`). */
  entered: Promise<void>;
  release: () => void;
}

/** A ready app that says its name at `/who`; `/slow` answers only once released. */
async function namedApp(name: string): Promise<TestApp> {
  const app = Fastify({ logger: false });
  const entered = gate();
  const released = gate();
  app.get('/who', async () => ({ app: name }));
  app.get('/slow', async () => {
    entered.open();
    await released.opened;
    return { app: name, slow: true };
  });
  await app.ready();
  cleanups.push(() => app.close());
  return { app, entered: entered.opened, release: released.open };
}

const vacant: http.RequestListener = (_request, response) => {
  response.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"nobody home"}');
};

async function listen(app: FastifyInstance | null): Promise<SwitchableServer> {
  const server = await SwitchableServer.listen(0, app, vacant);
  cleanups.push(() => server.close(100));
  return server;
}

const json = async (url: string) => (await fetch(url)).json();

/** Whether `promise` has settled by the time everything already queued has run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true), () => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('SwitchableServer', () => {
  it('sends new requests to the swapped-in app while a request in flight on the old one completes there', async () => {
    const a = await namedApp('a');
    const b = await namedApp('b');
    const server = await listen(a.app);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await json(`${server.url}/who`)).toEqual({ app: 'a' });

    const slow = fetch(`${server.url}/slow`);
    await a.entered;
    server.swap(b.app);
    expect(await json(`${server.url}/who`)).toEqual({ app: 'b' });
    const drained = server.drained(a.app);
    expect(await settled(drained)).toBe(false);

    a.release();
    expect(await (await slow).json()).toEqual({ app: 'a', slow: true });
    expect(await drained).toBe(true);
    // An app with nothing in flight is drained at once.
    expect(await server.drained(b.app)).toBe(true);
  });

  it('gives up waiting for a drain after its limit while a request is still held', async () => {
    const a = await namedApp('a');
    const b = await namedApp('b');
    const server = await listen(a.app);
    const slow = fetch(`${server.url}/slow`);
    await a.entered;
    server.swap(b.app);

    expect(await server.drained(a.app, 20)).toBe(false);
    a.release();
    expect((await slow).status).toBe(200);
    expect(await server.drained(a.app, 20)).toBe(true);
  });

  it('counts work run with hold() as a request of its app until it settles, failed or not', async () => {
    const a = await namedApp('a');
    const server = await listen(a.app);
    const work = gate();
    const held = server.hold(a.app, async () => {
      await work.opened;
      return 'answered';
    });
    const drained = server.drained(a.app);
    expect(await settled(drained)).toBe(false);
    work.open();
    expect(await held).toBe('answered');
    expect(await drained).toBe(true);

    const failing = server.hold(a.app, async () => {
      throw new Error('work failed');
    });
    await expect(failing).rejects.toThrow('work failed');
    expect(await server.drained(a.app)).toBe(true);
  });

  it('answers with the vacant listener while no app is current, and serves again once one is swapped in', async () => {
    const a = await namedApp('a');
    const server = await listen(null);
    const answer = await fetch(`${server.url}/who`);
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({ error: 'nobody home' });

    server.swap(a.app);
    expect(await json(`${server.url}/who`)).toEqual({ app: 'a' });
    server.swap(null);
    expect((await fetch(`${server.url}/who`)).status).toBe(503);
  });

  it('closes with an idle keep-alive connection open and a request held, cutting the held one after the limit', async () => {
    const a = await namedApp('a');
    const server = await SwitchableServer.listen(0, a.app, vacant);
    const agent = new http.Agent({ keepAlive: true });
    cleanups.push(async () => agent.destroy());
    const get = (path: string) => new Promise<number>((resolve, reject) => {
      http.get(`${server.url}${path}`, { agent }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      }).on('error', reject);
    });
    // One connection left idle by the agent, one with a request the app never answers.
    expect(await get('/who')).toBe(200);
    const held = get('/slow');
    await a.entered;

    await server.close(20);
    await expect(held).rejects.toThrow();
    await expect(fetch(`${server.url}/who`)).rejects.toThrow();
    a.release();
  });

  it('answers a request Node cannot parse exactly as a Fastify server listening itself does', async () => {
    const a = await namedApp('a');
    const server = await listen(a.app);
    const own = Fastify({ logger: false });
    const ownUrl = await listenOnLoopback(own, 0);
    cleanups.push(() => own.close());

    const malformed = 'GET /who HTTP/1.1\r\nHost: 127.0.0.1\r\nno colon here\r\n\r\n';
    const answer = await rawExchange(server.url, malformed);
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toEqual({ error: 'Bad Request', message: 'Client Error', statusCode: 400 });
    expect(answer).toBe(await rawExchange(ownUrl, malformed));

    // Headers over Node's limit (16 KiB): 431.
    const oversized = `GET /who HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`;
    const tooLarge = await rawExchange(server.url, oversized);
    expect(tooLarge).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(tooLarge).toBe(await rawExchange(ownUrl, oversized));
  });

  it('answers 408 and closes a request whose body stops arriving, rather than holding its socket for good', async () => {
    const app = Fastify({ logger: false });
    app.post('/echo', async (request) => request.body);
    await app.ready();
    cleanups.push(() => app.close());
    // A limit of 300 ms stands in for the real 60 s (request-receive-limit.ts).
    const server = await SwitchableServer.listen(0, app, vacant, { receiveLimitMs: 300 });
    cleanups.push(() => server.close(100));
    const halfSent = 'POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"half":';
    const answer = await rawExchange(server.url, halfSent);
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    // The port goes on answering.
    const whole = await fetch(`${server.url}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"whole":1}' });
    expect(await whole.json()).toEqual({ whole: 1 });
  });
});
