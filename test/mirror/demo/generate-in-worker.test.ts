import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isDemoLedgerCurrent } from '../../../main/mirror/demo/demo-meta.ts';
import { generateDemoLedgerInWorker } from '../../../main/mirror/demo/generate-in-worker.ts';
import { tempStore } from '../../helpers/ledger-fixture.ts';

// As the app runs it: a store open on the file in this thread while the worker writes to it.
const fixture = tempStore();
const file = path.join(fixture.dir, 'ledger.sqlite');
afterAll(() => fixture.dispose());

const accountCount = () => (fixture.store.db.prepare("SELECT count(*) AS n FROM entity WHERE type IN ('ACCOUNT', 'CONTRACT')").get() as { n: number }).n;

describe('generateDemoLedgerInWorker', () => {
  it('generates in a worker thread and reports progress per chunk', async () => {
    const progress: Array<[number, number]> = [];
    const stats = await generateDemoLedgerInWorker(file, { accounts: 2500 }, (done, total) => progress.push([done, total]), new AbortController().signal);
    expect(stats?.accounts).toBe(2500);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toEqual([2500, 2500]);
    expect(progress.map(([done]) => done)).toEqual([...progress.map(([done]) => done)].sort((a, b) => a - b));
    expect(accountCount()).toBe(2500);
    expect(isDemoLedgerCurrent(fixture.store.db, 2500)).toBe(true);
  });

  it('reuses a complete dataset of the same size without generating again', async () => {
    const progress: number[] = [];
    const stats = await generateDemoLedgerInWorker(file, { accounts: 2500 }, (done) => progress.push(done), new AbortController().signal);
    expect(stats).toBeNull();
    expect(progress).toEqual([]);
  });

  it('stops the worker on abort, rejects, and leaves the dataset marked incomplete', async () => {
    const controller = new AbortController();
    const run = generateDemoLedgerInWorker(file, { accounts: 4000 }, () => controller.abort(), controller.signal);
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(isDemoLedgerCurrent(fixture.store.db, 4000)).toBe(false);
    expect(isDemoLedgerCurrent(fixture.store.db, 2500)).toBe(false);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(generateDemoLedgerInWorker(file, { accounts: 10 }, () => undefined, controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('regenerates after an interrupted run', async () => {
    const stats = await generateDemoLedgerInWorker(file, { accounts: 1500 }, () => undefined, new AbortController().signal);
    expect(stats?.accounts).toBe(1500);
    expect(accountCount()).toBe(1500);
  });
});
