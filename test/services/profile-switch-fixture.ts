import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../../main/conformance/status/fake-upstream.ts';
import { startAppServices, type AppServices, type AppServicesOptions } from '../../main/services/app-services.ts';
import { CustomProfiles } from '../../main/services/custom-profiles.ts';
import { profileDatabaseFile } from '../../main/services/network-profiles.ts';
import { resolveProfile } from '../../main/services/profile-switch.ts';
import { feeds, incident } from '../status/status-fixture.ts';

// In-process app services on real loopback ports, and the small HTTP helpers the switch tests use.

const running: AppServices[] = [];

/** App services as `serve` starts them (every port picked by the system unless given), closed by `closeApps`. */
export async function startApp(options: Partial<AppServicesOptions> & Pick<AppServicesOptions, 'dataDir'>): Promise<AppServices> {
  const app = await startAppServices({ network: 'demo', demoAccounts: 30, ports: { mirror: 0, status: 0 }, hostCheck: true, log: () => undefined, ...options });
  running.push(app);
  return app;
}

/** An upstream mirror node for custom profiles to sync from: another app on its demo ledger, ready. */
export async function startUpstreamApp(dataDir: string, demoAccounts: number): Promise<AppServices> {
  const app = await startAppServices({ dataDir, network: 'demo', demoAccounts, ports: { mirror: 0, status: 0 }, hostCheck: true, log: () => undefined });
  await app.ready;
  return app;
}

/** What a suite of profile tests shares: its temp folder, an upstream app and a Statuspage, set once its `beforeAll` has run. */
export interface ProfileSuitePeers {
  dir: string;
  upstream: AppServices;
  statusPage: FakeUpstream;
}

/**
 * Registers a suite's hooks: before it, a temp folder, an upstream app on a 40-account demo ledger
 * and a fake Statuspage with one open incident (`incidentId`); apps started by `startApp` closed
 * after each test; the peers and the folder after the suite.
 */
export function useProfileSuitePeers(tempPrefix: string, incidentId: string): ProfileSuitePeers {
  const peers = { dir: fs.mkdtempSync(path.join(os.tmpdir(), tempPrefix)) } as ProfileSuitePeers;
  beforeAll(async () => {
    peers.upstream = await startUpstreamApp(path.join(peers.dir, 'upstream'), 40);
    peers.statusPage = await startFakeUpstream();
    peers.statusPage.serve(feeds([incident(incidentId, ['investigating'])]));
  }, 60_000);
  afterEach(closeApps);
  afterAll(async () => {
    await peers.upstream?.close();
    await peers.statusPage?.close();
    fs.rmSync(peers.dir, { recursive: true, force: true });
  });
  return peers;
}

/** Creates `dataDir` with these custom profiles saved in it, and returns it. */
export function saveProfiles(dataDir: string, profiles: Array<{ name: string; mirrorUrl: string; statusUrl?: string | null }>): string {
  fs.mkdirSync(dataDir, { recursive: true });
  const saved = new CustomProfiles(dataDir);
  for (const p of profiles) saved.save({ name: p.name, mirrorUrl: p.mirrorUrl, statusUrl: p.statusUrl ?? null, chainId: null });
  return dataDir;
}

/** The SQLite file that holds profile `name`'s ledger in `dataDir`. */
export function storeFileOf(name: string, dataDir: string): string {
  return profileDatabaseFile(resolveProfile(name, { dataDir }), dataDir);
}

/**
 * An app open on a custom profile `held` behind a holding proxy: its store stays empty, so a
 * by-id read of the upstream's first account (`byId`) reads through and waits at the proxy
 * until `proxy.release()`. The caller closes the proxy (and the app, with closeApps).
 */
export async function startAppWithHeldLookup(upstreamMirror: string, dataDir: string): Promise<{ app: AppServices; account: string; byId: string; proxy: HoldingProxy }> {
  const list = (await (await fetch(`${upstreamMirror}/api/v1/accounts?limit=1&balance=false`)).json()) as { accounts: Array<{ account: string }> };
  const account = list.accounts[0]!.account;
  const byId = `/api/v1/accounts/${account}`;
  const proxy = await startHoldingProxy(upstreamMirror, byId);
  try {
    const app = await startApp({ dataDir: saveProfiles(dataDir, [{ name: 'held', mirrorUrl: proxy.url }]), network: 'held' });
    return { app, account, byId, proxy };
  } catch (error) {
    await proxy.close();
    throw error;
  }
}

export async function closeApps(): Promise<void> {
  for (const app of running.splice(0).reverse()) await app.close();
}

/** Calls one API channel; fails the test on an error result. */
export async function call<T = unknown>(app: AppServices, channel: string, request: unknown = null): Promise<T> {
  const result = await app.dispatch(channel as 'app/info', request as null);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
}

/** Waits for the sync of an upstream profile to have caught up with its upstream. */
export async function syncFollowing(app: AppServices): Promise<void> {
  for (;;) {
    if ((await call<{ state: string }>(app, 'sync/status')).state === 'following') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** GET with a chosen Host header (fetch does not let one set it). */
export function getWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers: { host } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

export interface HoldingProxy {
  url: string;
  /** Resolves when the held request has arrived (and is being held). */
  arrived: Promise<void>;
  /** Forwards the held request to the upstream. */
  release(): void;
  close(): Promise<void>;
}

/**
 * A mirror node stand-in in front of a real one. By-id reads (`/api/v1/<resource>/<id>...`)
 * are forwarded, and the one path `hold` names waits until `release()`; every list read answers
 * 503, so the sync leaves the store empty and by-id reads go through to the upstream.
 */
export async function startHoldingProxy(upstream: string, hold: string): Promise<HoldingProxy> {
  const target = new URL(upstream);
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const forward = (request: http.IncomingMessage, response: http.ServerResponse) => {
    http.get({ host: target.hostname, port: target.port, path: request.url, headers: { accept: 'application/json', host: target.host } }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    }).on('error', () => response.destroy());
  };
  const server = http.createServer((request, response) => {
    const url = request.url ?? '/';
    if (!/^\/api\/v1\/[a-z]+\/[^/?]+/.test(url)) {
      response.writeHead(503, { 'content-type': 'application/json' }).end('{"_status":{"messages":[{"message":"Service unavailable"}]}}');
      return;
    }
    if (url.split('?')[0] === hold) {
      arrive();
      void released.then(() => forward(request, response));
      return;
    }
    forward(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrived,
    release,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
