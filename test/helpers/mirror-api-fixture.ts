import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { defaultMirrorApiConfig, type MirrorApiConfig } from '../../main/mirror/config.ts';
import { createMirrorApi, type MirrorApi, type MirrorApiOptions } from '../../main/mirror/mirror-api.ts';
import type { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import { tempStore } from './ledger-fixture.ts';

export interface MirrorApiFixtureOptions {
  /** The settings the API reads on every request; the shipped defaults unless the test varies them. */
  config?: () => MirrorApiConfig;
  /** The Host header check `serve` runs with; on unless the test turns it off. */
  hostCheck?: boolean;
  /** Passed on to createMirrorApi (response cache, read-through). */
  api?: MirrorApiOptions;
  /** Time allowed for seeding, for files that generate a large demo ledger; vitest's hook timeout otherwise. */
  seedTimeoutMs?: number;
}

export interface MirrorApiFixture {
  /** A real SQLite store in a fresh temp folder, open from the start so a file can keep a handle to its `db`. */
  readonly store: LedgerStore;
  /** The temp folder holding the store. */
  readonly dir: string;
  /** The mirror API over the seeded store; built in beforeAll, so only usable inside tests. */
  readonly api: MirrorApi;
  /** Any request through Fastify's inject (no socket). */
  inject(request: InjectOptions): Promise<LightMyRequestResponse>;
  /** A GET with optional headers; Fastify's response as is (statusCode, headers, body, json()). */
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

/**
 * The set-up most mirror route tests share, registered on the calling file: a temp store,
 * seeded once in beforeAll (left empty without `seed`), the real mirror API over it, and in
 * afterAll the server closed and the folder removed.
 */
export function mirrorApiFixture(seed: (store: LedgerStore) => void = () => {}, options: MirrorApiFixtureOptions = {}): MirrorApiFixture {
  const { store, dir, dispose } = tempStore();
  let api: MirrorApi | undefined;
  beforeAll(() => {
    seed(store);
    api = createMirrorApi(store, options.config ?? defaultMirrorApiConfig, options.hostCheck ?? true, options.api);
  }, options.seedTimeoutMs);
  afterAll(async () => {
    await api?.server.close();
    dispose();
  });

  const built = (): MirrorApi => {
    if (!api) throw new Error('the mirror API is built in beforeAll; use it inside a test');
    return api;
  };
  return {
    store,
    dir,
    get api() { return built(); },
    inject: (request) => built().server.inject(request),
    get: (url, headers = {}) => built().server.inject({ method: 'GET', url, headers }),
  };
}

/** Each `[query, message]`: `path?query` answers 400, and its first error message is `message`. */
export async function expectRefused(fixture: Pick<MirrorApiFixture, 'get'>, path: string, cases: ReadonlyArray<readonly [query: string, message: string]>): Promise<void> {
  for (const [query, message] of cases) {
    const response = await fixture.get(`${path}?${query}`);
    expect(response.statusCode, query).toBe(400);
    expect(JSON.parse(response.body)._status.messages[0].message, query).toBe(message);
  }
}
