import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreCompaction } from '../../../main/common/sync-types.ts';
import { defaultMirrorApiConfig } from '../../../main/mirror/config.ts';
import { createMirrorApi } from '../../../main/mirror/mirror-api.ts';
import { compactionCopyFile, CompactionRoomError, compactStore } from '../../../main/mirror/store/compact-store.ts';
import { LedgerStore } from '../../../main/mirror/store/ledger-store.ts';
import { storeFileBytes, storeLiveBytes, storeReusableBytes } from '../../../main/mirror/store/store-size.ts';
import { FollowedRetention } from '../../../main/sync/followed-retention.ts';
import { followedDemoLedger } from '../../helpers/followed-demo-ledger.ts';
import { tempStore } from '../../helpers/ledger-fixture.ts';
import { comparePages, FAITHFUL_QUERIES, injectedGet, TOKEN_QUERIES, type Get } from '../../sync/compare-mirrors.ts';

const DAY = 86_400n * 1_000_000_000n;

describe('compacting a store that pruning left room in', () => {
  // A real store file: a generated demo ledger, half of whose history a retention of some days deleted.
  const fixture = tempStore();
  const { db } = fixture.store;
  const file = db.name;
  let before: LedgerStore;
  let beforeGet: Get;
  /** The mirror API over the store's own connection, without its response cache: every answer is read from SQLite. */
  const local = injectedGet(createMirrorApi(fixture.store, defaultMirrorApiConfig, false, { responseCache: false }));
  const queries = () => [
    ...FAITHFUL_QUERIES.slice(0, 2), ...TOKEN_QUERIES.slice(0, 2),
    '/api/v1/transactions?limit=100', '/api/v1/transactions?limit=100&order=asc&transactiontype=CRYPTOTRANSFER',
    '/api/v1/contracts/results?limit=100', '/api/v1/contracts/results/logs?limit=100',
    ...(db.prepare('SELECT DISTINCT topic_id FROM topic_message ORDER BY 1 LIMIT 3').pluck().all() as number[]).map((topic) => `/api/v1/topics/0.0.${topic}/messages?limit=100`),
  ];

  beforeAll(async () => {
    const { oldest, newest } = followedDemoLedger(fixture.store, 1200);
    const retention = new FollowedRetention(db);
    retention.setKeepDays(Number((newest - oldest) / DAY / 2n));
    expect((await retention.prune()).transactions).toBeGreaterThan(1000);
    db.pragma('wal_checkpoint(TRUNCATE)');
    // The store as it was, to compare answers with: a copy of the file.
    fs.copyFileSync(file, path.join(fixture.dir, 'before.sqlite'));
    before = new LedgerStore({ file: path.join(fixture.dir, 'before.sqlite') });
    beforeGet = injectedGet(createMirrorApi(before, defaultMirrorApiConfig, false, { responseCache: false }));
  }, 60_000);
  afterAll(() => {
    before.close();
    fixture.dispose();
  });

  it('stopped half-way (the profile closing), leaves the store as it was, and writable', async () => {
    const reusable = storeReusableBytes(db);
    expect(reusable).toBeGreaterThan(500_000);
    const stop = new AbortController();
    const compacting = compactStore(db, {
      signal: stop.signal,
      pagesPerStep: 16,
      // Part of the copy is written back over the store (in a transaction of its own) when the stop comes.
      onProgress: (progress) => {
        if (progress.step === 'writing' && progress.doneBytes > 0) stop.abort(new Error('closing'));
      },
    });
    await expect(compacting).rejects.toThrow('closing');
    expect(storeReusableBytes(db)).toBe(reusable);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(await comparePages(beforeGet, local, queries())).toEqual({ pages: expect.any(Number), differences: [] });
    expect(fs.existsSync(compactionCopyFile(file))).toBe(false);
    // The worker's connections are gone with it: no lock is left behind, and the store takes writes again.
    fixture.store.setMeta('test.after-stop', 'written');
    expect(fixture.store.getMeta('test.after-stop')).toBe('written');
  });

  it('refuses without room on the disk for the copy and its write-back, changing nothing', async () => {
    const size = storeFileBytes(file);
    const live = storeLiveBytes(db);
    const refused = compactStore(db, { diskFree: () => live });
    await expect(refused).rejects.toThrow(CompactionRoomError);
    await expect(refused).rejects.toThrow(new RegExp(`^compacting needs about [\\d.]+ MiB free beside the store \\(a compact copy, then the store rewritten through its log\\); [\\d.]+ MiB is free in ${fixture.dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    expect(storeFileBytes(file)).toBe(size);
    fixture.store.setMeta('test.after-refusal', 'written');
  });

  it('gives the room back to the disk, while the same connection answers as before throughout and refuses writes', async () => {
    const reusable = storeReusableBytes(db);
    const sizeBefore = storeFileBytes(file);
    const sum = db.prepare('SELECT count(*) AS n, sum(charged_tx_fee) AS fees FROM "transaction"');
    const sums = sum.get();
    const progress: StoreCompaction[] = [];
    const writesDuring: string[] = [];
    let readsDuring = 0;
    const differentDuring: string[] = [];
    // Requests keep coming while the worker copies and writes back; each must answer as before.
    let reading = true;
    const reader = (async () => {
      const paths = ['/api/v1/transactions?limit=25', '/api/v1/accounts?limit=25', `/api/v1/accounts/0.0.1001`];
      for (let i = 0; reading; i++) {
        const url = paths[i % paths.length]!;
        const [mine, theirs] = await Promise.all([local(url), beforeGet(url)]);
        if (mine.body !== theirs.body) differentDuring.push(url);
        readsDuring++;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();

    const outcome = await compactStore(db, {
      pagesPerStep: 64,
      onProgress: (step) => {
        progress.push(step);
        if (step.step === 'writing' && step.doneBytes > 0 && writesDuring.length === 0) {
          // A write now would be lost under the copy written back: it fails at once instead.
          try {
            fixture.store.setMeta('test.during', 'lost?');
          } catch (error) {
            writesDuring.push((error as { code: string }).code);
          }
        }
      },
    });
    reading = false;
    await reader;

    expect(writesDuring).toEqual(['SQLITE_READONLY']);
    expect(readsDuring).toBeGreaterThan(3);
    expect(differentDuring).toEqual([]);
    expect([...new Set(progress.map((p) => p.step))]).toEqual(['copying', 'writing', 'finishing']);
    const written = progress.filter((p) => p.step === 'writing');
    expect(written.at(-1)!.doneBytes).toBe(written.at(-1)!.totalBytes);
    expect(written.map((p) => p.doneBytes)).toEqual([...written.map((p) => p.doneBytes)].sort((a, b) => a - b));

    // The file shrank by the room that was free in it, and its log was folded in.
    expect(outcome).toEqual({ beforeBytes: sizeBefore, afterBytes: storeFileBytes(file) });
    expect(outcome.afterBytes).toBeLessThanOrEqual(sizeBefore - reusable);
    expect(fs.statSync(`${file}-wal`).size).toBe(0);
    expect(storeReusableBytes(db)).toBe(0);
    expect(fs.existsSync(compactionCopyFile(file))).toBe(false);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');

    // A statement prepared before reads the compact store; every page answers as before; writes go in again.
    expect(sum.get()).toEqual(sums);
    const { pages, differences } = await comparePages(beforeGet, local, queries());
    expect(pages).toBeGreaterThan(15);
    expect(differences).toEqual([]);
    expect(fixture.store.getMeta('test.during')).toBeUndefined();
    fixture.store.setMeta('test.after', 'written');
    const reopened = new LedgerStore({ file, readonly: true });
    expect(reopened.getMeta('test.after')).toBe('written');
    reopened.close();
  });
});
