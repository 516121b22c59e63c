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

  it('drops that older file when the page has a file of its own already (watched before with --status-upstream)', async () => {
    const dir = dataDir();
    const profile = watching('both', pageA.url);
    const keyed = statusStoreFile('both', dir, pageA.url);
    expect(statusPlan(profile, dir, pageA.url)?.file).toBe(keyed);
    for (const file of [keyed, statusStoreFile('both', dir, null)]) {
      const service = createStatusService({ file, source: { upstreamUrl: pageA.url }, clock: () => new Date(now) });
      await service.poller.pollNow();
      await service.close();
    }
    const logged: string[] = [];
    await openAndPoll(profile, dir, (line) => logged.push(line));
    expect(fs.readdirSync(dir).filter((file) => file.startsWith('both.status.'))).toEqual([]);
    expect(logged).toEqual([expect.stringContaining('both.status.sqlite')]);
  });
});
