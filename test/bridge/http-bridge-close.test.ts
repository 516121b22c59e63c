import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { Dispatcher } from '../../main/bridge/dispatch.ts';
import { buildHttpBridge, TOKEN_HEADER } from '../../main/bridge/http-bridge.ts';
import { listenOnLoopback } from '../../main/http/listen.ts';
import { ApiEventBus } from '../../main/services/event-bus.ts';

// Closing the web bridge (serve's shutdown) must not wait on what its clients hold open:
// a tab's event stream, an idle keep-alive socket, a call that never ends.
const TOKEN = 'test-token-0123456789';
const agents: http.Agent[] = [];
afterEach(() => {
  for (const agent of agents.splice(0)) agent.destroy();
});

async function openBridge(dispatch: Dispatcher, closeLimitMs?: number) {
  const bridge = buildHttpBridge({ dispatch, events: new ApiEventBus(), token: TOKEN, rendererDir: '/nonexistent', hostCheck: true, ...(closeLimitMs ? { closeLimitMs } : {}) });
  const base = new URL(await listenOnLoopback(bridge, 0));
  return { bridge, base };
}

/** A keep-alive client, as a browser is: its sockets stay open between requests. */
function keepAliveAgent(): http.Agent {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  agents.push(agent);
  return agent;
}

/** Opens the event stream as a tab does; resolves once connected, with a promise of how the stream ended. */
function openEventStream(base: URL, agent: http.Agent): Promise<{ ended: Promise<'ended' | 'cut'> }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: base.hostname, port: base.port, path: `/bridge/events?token=${TOKEN}`, agent }, (response) => {
      const ended = new Promise<'ended' | 'cut'>((settle) => {
        response.on('end', () => settle('ended'));
        response.on('error', () => settle('cut'));
        response.on('aborted', () => settle('cut'));
      });
      response.once('data', () => resolve({ ended }));
    });
    request.on('error', reject);
  });
}

/** Sends a bridge call on `agent`; resolves with the status, or 'cut' when the connection went. */
function call(base: URL, agent: http.Agent, channel = 'app/info'): Promise<number | 'cut'> {
  return new Promise((resolve) => {
    const request = http.request({ host: base.hostname, port: base.port, path: `/bridge/call/${channel}`, method: 'POST', agent, headers: { [TOKEN_HEADER]: TOKEN, 'content-type': 'application/json' } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode!));
    });
    request.on('error', () => resolve('cut'));
    request.end('null');
  });
}

async function timed(work: Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work;
  return performance.now() - started;
}

describe('closing the HTTP bridge', () => {
  it('ends the open event streams and idle keep-alive sockets instead of waiting for the tabs', async () => {
    const { bridge, base } = await openBridge(async () => ({ ok: true, value: null }));
    const agent = keepAliveAgent();
    const stream = await openEventStream(base, agent);
    // A finished call leaves its keep-alive socket open and idle.
    expect(await call(base, agent)).toBe(200);

    expect(await timed(bridge.close())).toBeLessThan(1000);
    expect(await stream.ended).toBe('ended');
  });

  it('cuts a call still running once the limit has passed', async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => { started = resolve; });
    const { bridge, base } = await openBridge(() => {
      started();
      return new Promise(() => undefined);
    }, 300);
    const answer = call(base, keepAliveAgent());
    await running;

    const took = await timed(bridge.close());
    expect(took).toBeGreaterThanOrEqual(250);
    expect(took).toBeLessThan(2000);
    expect(await answer).toBe('cut');
  });

  it('lets a call under way finish when it does so within the limit', async () => {
    let finish!: () => void;
    let started!: () => void;
    const running = new Promise<void>((resolve) => { started = resolve; });
    const { bridge, base } = await openBridge(() => {
      started();
      return new Promise((resolve) => { finish = () => resolve({ ok: true, value: 'done' }); });
    }, 5000);
    const answer = call(base, keepAliveAgent());
    await running;

    const closed = bridge.close();
    setTimeout(() => finish(), 100);
    expect(await answer).toBe(200);
    expect(await timed(closed)).toBeLessThan(1000);
  });
});
