import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultMirrorApiConfig } from '../../main/mirror/config.ts';
import { createMirrorApi } from '../../main/mirror/mirror-api.ts';
import { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import type { AppServices } from '../../main/services/app-services.ts';
import { AccountWriter } from '../../main/sync/account-writer.ts';
import { SyncEngine } from '../../main/sync/sync-engine.ts';
import { startUpstreamApp } from '../services/profile-switch-fixture.ts';
import { startUntilCaughtUp } from './caught-up.ts';
import { comparePages, httpGet, injectedGet } from './compare-mirrors.ts';

// Re-sync used to forget the transactions cursor with the crawls': following began again at the
// upstream's newest transaction, so every transaction followed before fell outside the lists (which
// reach back only to where following began), with the balances at past moments worked out from
// them. It crawls again now, and following goes on from where it stood.

describe('Re-sync', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-resync-'));
  let upstream: AppServices;
  beforeAll(async () => {
    upstream = await startUpstreamApp(path.join(dir, 'upstream'), 300);
  }, 60_000);
  afterAll(async () => {
    await upstream?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('crawls the accounts, tokens and contracts again, and keeps the followed transactions and where following began', async () => {
    const remote = httpGet(upstream.urls.mirror);
    // Following began a hundred transactions back from the upstream's newest.
    const newest = JSON.parse((await remote('/api/v1/transactions?limit=100&order=desc')).body) as { transactions: Array<{ consensus_timestamp: string }> };
    const since = newest.transactions.at(-1)!.consensus_timestamp;
    const store = new LedgerStore({ file: path.join(dir, 'local.sqlite') });
    const writer = new AccountWriter(store.db);
    writer.cursors.put({ phase: 'transactions', nextUrl: null, items: 0, passes: 0, mark: since, since });
    // An account's older history fetched back from where following began.
    store.db.prepare("INSERT INTO account_history (account_id, held_since, next_url, complete, updated_at) VALUES (1001, '1.000000000', NULL, 1, 1)").run();
    const engine = new SyncEngine({ profile: 'resync', db: store.db, upstreamUrl: upstream.urls.mirror, requestsPerSecond: 0, followIntervalMs: 60_000 });
    await startUntilCaughtUp(engine);
    const followed = writer.cursors.get('transactions')!;
    expect(followed.items).toBeGreaterThan(0);
    const local = injectedGet(createMirrorApi(store, defaultMirrorApiConfig, false));
    const lists = [`/api/v1/transactions?timestamp=gt:${since}&limit=100`, `/api/v1/transactions?timestamp=gt:${since}&limit=25&order=asc`];
    expect((await comparePages(remote, local, lists)).differences).toEqual([]);

    // An account the store lost: only a new crawl brings it back.
    const lost = Number(store.db.prepare("SELECT max(id) FROM entity WHERE type = 'ACCOUNT'").pluck().get());
    store.db.prepare('DELETE FROM entity WHERE id = ?').run(lost);
    const caughtUp = engine.caughtUp();
    await engine.resync();
    await caughtUp;
    // The crawls went through again, from their first pages (their cursors forgotten, a first pass again).
    expect(writer.cursors.get('accounts')).toMatchObject({ nextUrl: null, passes: 1 });
    expect(store.db.prepare('SELECT count(*) FROM entity WHERE id = ?').pluck().get(lost)).toBe(1);
    // Following stood where it was: the same start, the transactions it had followed still listed, and the panel's count.
    expect(writer.cursors.get('transactions')).toMatchObject({ since, mark: followed.mark, items: followed.items });
    expect(engine.status()).toMatchObject({ followedSince: since, lastTransactionTimestamp: followed.mark });
    const { pages, differences } = await comparePages(remote, local, lists);
    expect(pages).toBeGreaterThan(0);
    expect(differences).toEqual([]);
    expect(JSON.parse((await local(`/api/v1/transactions?timestamp=gt:${since}&limit=1`)).body).transactions).toHaveLength(1);
    expect(store.db.prepare('SELECT count(*) FROM account_history').pluck().get()).toBe(1);
    await engine.close();
    store.close();
  }, 60_000);
});
