import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../../main/conformance/status/fake-upstream.ts';
import { ApiEventBus } from '../../main/services/event-bus.ts';
import type { NetworkProfile } from '../../main/services/network-profiles.ts';
import { moveStoreFiles, planStoreRename } from '../../main/services/profile-store-files.ts';
import { openProfileStatus, statusPlan, statusStoreFile, type ProfileStatus } from '../../main/services/profile-status.ts';
import { createStatusService } from '../../main/status/status-service.ts';
import type { StatusNotification } from '../../main/status/store/status-store.ts';
import { incident } from '../status/status-fixture.ts';

/** Two different status pages, each with one open incident of its own. */
let pageA: FakeUpstream;
let pageB: FakeUpstream;
beforeAll(async () => {
  [pageA, pageB] = await Promise.all([startFakeUpstream(), startFakeUpstream()]);
  pageA.serve(pageFeeds('pgA', 'Page A', '2026-11-20T12:00:00Z', [incident('a1', ['investigating'])]));
  // Page B's page says it was updated earlier than A's: it must still be the page shown for B.
  pageB.serve(pageFeeds('pgB', 'Page B', '2026-11-01T12:00:00Z', [incident('b1', ['investigating'])]));
});
afterAll(async () => {
  await Promise.all([pageA.close(), pageB.close()]);
});

function pageFeeds(id: string, name: string, updatedAt: string, incidents: Record<string, unknown>[]): Record<string, unknown> {
  const page = { id, name, url: `https://${id}.example`, time_zone: 'Etc/UTC', updated_at: updatedAt };
  return {
    '/api/v2/incidents.json': { page, incidents },
    '/api/v2/incidents/unresolved.json': { page, incidents },
    '/api/v2/scheduled-maintenances/upcoming.json': { page, scheduled_maintenances: [] },
  };
}

const dirs: string[] = [];
const opened: ProfileStatus[] = [];
afterEach(async () => {
  for (const status of opened.splice(0)) await status.service.close();
});
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-status-file-'));
  dirs.push(dir);
  return dir;
}

const watching = (name: string, statusUrl: string): NetworkProfile => ({ name, source: 'upstream', chainId: null, statusUrl, mirrorUrl: 'https://mirror.invalid', custom: true });

let now = Date.parse('2026-11-20T16:00:00Z');

/** Opens a profile's status service as the app does, and polls it once (a minute after the last poll). */
async function openAndPoll(profile: NetworkProfile, dir: string, log: (line: string) => void = () => undefined) {
  const notifications: StatusNotification[] = [];
  const status = (await openProfileStatus({ profile, dataDir: dir, upstreamUrl: null, hostCheck: true, events: new ApiEventBus(), log, clock: () => new Date(now) }))!;
  opened.push(status);
  status.service.on('notification', (n) => notifications.push(n));
  now += 60_000;
  expect((await status.service.poller.pollNow()).outcome).toBe('ok');
  const snapshot = status.service.snapshot();
  // What the user sees of it; the service apart (a matcher's diff must not walk the HTTP server).
  return { service: status.service, seen: { page: snapshot.page?.name, unresolved: snapshot.unresolved.map((i) => i.id), recent: snapshot.recent.map((i) => i.id), notifications } };
}

async function closeAll(): Promise<void> {
  for (const status of opened.splice(0)) await status.service.close();
}

describe('a profile\'s status store', () => {
  it('is one per status page: a profile whose page URL changed starts the new page with a silent first poll and none of the old page\'s records', async () => {
    const dir = dataDir();
    const before = await openAndPoll(watching('watch', pageA.url), dir);
    expect(before.seen).toMatchObject({ page: 'Page A', unresolved: ['a1'], notifications: [] });
    await closeAll();

    const after = await openAndPoll(watching('watch', pageB.url), dir);
    expect(after.seen).toMatchObject({ page: 'Page B', unresolved: ['b1'], recent: ['b1'], notifications: [] });
    expect(statusPlan(watching('watch', pageA.url), dir, null)?.file).not.toBe(statusPlan(watching('watch', pageB.url), dir, null)?.file);
  });

  it('is found again by a profile deleted and added again with the same name and page, and not by one with another page', async () => {
    const dir = dataDir();
    const first = await openAndPoll(watching('again', pageA.url), dir);
    first.service.setSettings({ quiet: true, impacts: null, componentIds: ['a-component'] });
    await closeAll();
    // A profile of the same name watching another page: a store of its own.
    expect((await openAndPoll(watching('again', pageB.url), dir)).seen).toMatchObject({ page: 'Page B', unresolved: ['b1'], notifications: [] });
    await closeAll();
    const back = await openAndPoll(watching('again', pageA.url), dir);
    // Its own file, as it was: even the choice of page A's components.
    expect(back.service.getSettings()).toEqual({ quiet: true, impacts: null, componentIds: ['a-component'] });
    expect(back.seen).toMatchObject({ page: 'Page A', unresolved: ['a1'] });
  });

  it('keeps its state when the profile is renamed with the same page', async () => {
    const dir = dataDir();
    const first = await openAndPoll(watching('old', pageA.url), dir);
    first.service.setSettings({ quiet: true });
    await closeAll();
    const plan = planStoreRename(watching('old', pageA.url), watching('new', pageA.url), dir);
    expect(plan.taken).toEqual([]);
    moveStoreFiles(plan.moves);
    const renamed = await openAndPoll(watching('new', pageA.url), dir);
    expect(renamed.service.getSettings().quiet).toBe(true);
    expect(renamed.service.store.recentNotifications()).toEqual([]);
    expect(fs.readdirSync(dir).filter((file) => file.startsWith('old.'))).toEqual([]);
  });

  it('takes over the file a profile\'s page was kept in before stores were named by page, rather than leaving it behind', async () => {
    const dir = dataDir();
    const unkeyed = statusStoreFile('kept', dir, null);
    const earlier = createStatusService({ file: unkeyed, source: { upstreamUrl: pageA.url }, clock: () => new Date(now) });
    await earlier.poller.pollNow();
    earlier.setSettings({ quiet: true });
    await earlier.close();

    const logged: string[] = [];
    const adopted = await openAndPoll(watching('kept', pageA.url), dir, (line) => logged.push(line));
    expect(adopted.service.getSettings().quiet).toBe(true);
    expect(adopted.seen).toMatchObject({ page: 'Page A', unresolved: ['a1'], notifications: [] });
    expect(fs.existsSync(unkeyed)).toBe(false);
    const keyed = path.basename(statusPlan(watching('kept', pageA.url), dir, null)!.file);
    expect(fs.readdirSync(dir).filter((file) => !file.startsWith(keyed))).toEqual([]);
    expect(logged).toEqual([]);
  });

  it('starts afresh when the file it took over turns out to hold another page (the URL was edited before the profile was opened again)', async () => {
    const dir = dataDir();
    const earlier = createStatusService({ file: statusStoreFile('edited', dir, null), source: { upstreamUrl: pageA.url }, clock: () => new Date(now) });
    await earlier.poller.pollNow();
    earlier.setSettings({ quiet: true, impacts: ['critical'], componentIds: ['a-only-component'] });
    await earlier.close();

    const edited = await openAndPoll(watching('edited', pageB.url), dir);
    expect(edited.seen).toEqual({ page: 'Page B', unresolved: ['b1'], recent: ['b1'], notifications: [] });
    // The user's choices stay; the old page's components are not this page's.
    expect(edited.service.getSettings()).toEqual({ quiet: true, impacts: ['critical'], componentIds: null });
    // Its next polls go on as usual: a new incident of page B is news.
    pageB.serve(pageFeeds('pgB', 'Page B', '2026-11-01T12:00:00Z', [incident('b2', ['investigating']), incident('b1', ['investigating'])]));
    try {
      now += 60_000;
      const next = await edited.service.poller.pollNow();
      expect(next.outcome === 'ok' && next.notifications.map((n) => n.id)).toEqual(['b2']);
    } finally {
      pageB.serve(pageFeeds('pgB', 'Page B', '2026-11-01T12:00:00Z', [incident('b1', ['investigating'])]));
    }
  });

  /** A status file as the app before this one kept it: polled at `polledAt`, with these settings. */
  async function statusFileAt(file: string, upstreamUrl: string, polledAt: number, settings: Record<string, unknown>): Promise<void> {
    const service = createStatusService({ file, source: { upstreamUrl }, clock: () => new Date(polledAt) });
    expect((await service.poller.pollNow()).outcome).toBe('ok');
    service.setSettings(settings);
    await service.close();
  }

  /** The data folder's status files of a profile (an open store's journal apart), the replaced one's time cut off. */
  const statusFiles = (dir: string, name: string) => fs.readdirSync(dir).filter((file) => file.startsWith(`${name}.status`) && !/-(wal|shm)$/.test(file)).map((file) => file.replace(/replaced-[\d-TZ]+$/, 'replaced-<time>')).sort();

  it('keeps the page\'s own file when it has one already (watched once with --status-upstream, polled last), with the profile\'s settings, and moves the older file aside rather than deleting it', async () => {
    const dir = dataDir();
    const profile = watching('both', pageA.url);
    const keyed = statusStoreFile('both', dir, pageA.url);
    const unkeyed = statusStoreFile('both', dir, null);
    expect(statusPlan(profile, dir, pageA.url)?.file).toBe(keyed);
    // The profile's long-used file, its settings chosen over time; then one run with --status-upstream.
    await statusFileAt(unkeyed, pageA.url, now - 86_400_000, { quiet: true, impacts: ['critical', 'major'], componentIds: ['a-component'] });
    await statusFileAt(keyed, pageA.url, now - 3_600_000, {});

    const logged: string[] = [];
    const opened = await openAndPoll(profile, dir, (line) => logged.push(line));
    expect(opened.service.getSettings()).toEqual({ quiet: true, impacts: ['critical', 'major'], componentIds: ['a-component'] });
    expect(opened.seen).toMatchObject({ page: 'Page A', unresolved: ['a1'], notifications: [] });
    expect(statusFiles(dir, 'both')).toEqual([path.basename(keyed), `${path.basename(unkeyed)}.replaced-<time>`]);
    expect(logged).toEqual([expect.stringMatching(/^status: kept both\.status-[0-9a-f]{12}\.sqlite for this status page and moved both\.status\.sqlite to .*replaced-.* \(it was polled earlier\), its notification settings carried over$/)]);
  });

  it('keeps the profile\'s own file instead when it was polled after the page\'s (its history the newer), the other moved aside', async () => {
    const dir = dataDir();
    const keyed = statusStoreFile('later', dir, pageA.url);
    const unkeyed = statusStoreFile('later', dir, null);
    await statusFileAt(keyed, pageA.url, now - 86_400_000, { quiet: false, impacts: ['minor'] });
    await statusFileAt(unkeyed, pageA.url, now - 3_600_000, { quiet: true });

    const opened = await openAndPoll(watching('later', pageA.url), dir);
    expect(opened.service.getSettings()).toEqual({ quiet: true, impacts: null, componentIds: null });
    expect(statusFiles(dir, 'later')).toEqual([path.basename(keyed), `${path.basename(keyed)}.replaced-<time>`]);
    // The one moved aside is the page's own, whole.
    const aside = fs.readdirSync(dir).find((file) => file.includes('.replaced-'))!;
    const replaced = createStatusService({ file: path.join(dir, aside), source: { upstreamUrl: pageA.url } });
    expect(replaced.getSettings()).toEqual({ quiet: false, impacts: ['minor'], componentIds: null });
    await replaced.close();
  });

  it('keeps the page\'s own file when the older one held another page (its address edited before), carrying quiet mode and the impact choices but not that page\'s components', async () => {
    const dir = dataDir();
    const keyed = statusStoreFile('moved', dir, pageB.url);
    const unkeyed = statusStoreFile('moved', dir, null);
    await statusFileAt(keyed, pageB.url, now - 86_400_000, { componentIds: ['b-component'] });
    // Polled later, but page A's: nothing of it is page B's.
    await statusFileAt(unkeyed, pageA.url, now - 3_600_000, { quiet: true, impacts: ['critical'], componentIds: ['a-component'] });

    const logged: string[] = [];
    const opened = await openAndPoll(watching('moved', pageB.url), dir, (line) => logged.push(line));
    expect(opened.service.getSettings()).toEqual({ quiet: true, impacts: ['critical'], componentIds: ['b-component'] });
    expect(opened.seen).toMatchObject({ page: 'Page B', unresolved: ['b1'], notifications: [] });
    expect(statusFiles(dir, 'moved')).toEqual([path.basename(keyed), `${path.basename(unkeyed)}.replaced-<time>`]);
    expect(logged).toEqual([expect.stringContaining('(it held another page)')]);
  });

  it('completes a take-over cut short (a crash after the journal moved, before the file did) at the next opening', async () => {
    const dir = dataDir();
    const unkeyed = statusStoreFile('cut', dir, null);
    const keyed = statusStoreFile('cut', dir, pageA.url);
    // A store whose latest writes are still in its WAL journal, as a running app leaves it.
    const running = createStatusService({ file: unkeyed, source: { upstreamUrl: pageA.url }, clock: () => new Date(now) });
    expect((await running.poller.pollNow()).outcome).toBe('ok');
    running.setSettings({ quiet: true, impacts: ['major'] });
    const copy = (from: string, to: string) => fs.copyFileSync(from, to);
    const scratch = path.join(dir, 'scratch');
    fs.mkdirSync(scratch);
    copy(unkeyed, path.join(scratch, 'main'));
    copy(`${unkeyed}-wal`, path.join(scratch, 'wal'));
    await running.close();
    // The move cut short: the journal under the new name, the file still under the old one.
    copy(path.join(scratch, 'main'), unkeyed);
    copy(path.join(scratch, 'wal'), `${keyed}-wal`);
    fs.rmSync(`${unkeyed}-wal`, { force: true });
    fs.rmSync(`${unkeyed}-shm`, { force: true });

    const opened = await openAndPoll(watching('cut', pageA.url), dir);
    expect(opened.service.getSettings()).toEqual({ quiet: true, impacts: ['major'], componentIds: null });
    expect(statusFiles(dir, 'cut').filter((file) => !file.endsWith('-wal') && !file.endsWith('-shm'))).toEqual([path.basename(keyed)]);
  });
});
