import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEvents } from '../../main/common/api-contract.ts';
import { createDispatcher, type ApiHandlers } from '../../main/bridge/dispatch.ts';
import { startFakeUpstream, type FakeUpstream } from '../../main/conformance/status/fake-upstream.ts';
import { loadScenarios, type ScenarioStep } from '../../main/conformance/status/scenario-files.ts';
import { ApiEventBus } from '../../main/services/event-bus.ts';
import { findProfile } from '../../main/services/network-profiles.ts';
import { noStatusPage, openProfileStatus, statusPlan, type ProfileStatus, type ProfileStatusOptions } from '../../main/services/profile-status.ts';
import { SwitchableServer } from '../../main/http/switchable-server.ts';
import { createStatusHandlers } from '../../main/services/status-handlers.ts';
import { feeds, incident, SCENARIOS_DIR } from '../status/status-fixture.ts';
import { createVerifyHandlers } from '../../main/services/verify-handlers.ts';

const demo = findProfile('demo')!;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-profile-status-'));
let upstream: FakeUpstream;
let steps: ScenarioStep[];
beforeAll(async () => {
  upstream = await startFakeUpstream();
  steps = loadScenarios(path.join(SCENARIOS_DIR, 'incident-lifecycle.json'))[0]!.steps;
});
afterAll(async () => {
  await upstream.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const running: ProfileStatus[] = [];
const ports: SwitchableServer[] = [];
afterEach(async () => {
  for (const port of ports.splice(0)) await port.close();
  for (const status of running.splice(0)) await status.service.close();
});

/** Opens a profile's status service and starts it, as the open profile's. */
async function startStatus(options: ProfileStatusOptions): Promise<ProfileStatus> {
  const status = (await openProfileStatus(options))!;
  running.push(status);
  status.start();
  return status;
}

/** Collects every event of one name from the bus; `next()` waits for the following one. */
function collect<E extends keyof ApiEvents>(events: ApiEventBus, name: E) {
  const seen: ApiEvents[E][] = [];
  let waiting: Array<() => void> = [];
  events.on(name, (payload) => {
    seen.push(payload);
    for (const wake of waiting.splice(0)) wake();
  });
  return { seen, next: () => new Promise<void>((resolve) => waiting.push(resolve)) };
}

const unused = () => { throw new Error('not used here'); };
const dispatcherFor = (status: ProfileStatus | null) =>
  createDispatcher({ 'app/info': unused, 'network/status': unused, 'accounts/list': unused, 'mirror/get': unused, 'mirror/call': unused, 'sync/status': unused, 'sync/pause': unused, 'sync/resume': unused, 'sync/resync': unused, 'sync/account-history': unused, 'sync/topic-history': unused, 'sync/retention': unused, 'sync/compact': unused, 'network/switch': unused, 'network/profiles': unused, 'network/profiles/save': unused, 'network/profiles/delete': unused, 'network/profiles/check': unused, ...createVerifyHandlers({ verify: () => null, session: unused }).handlers, ...createStatusHandlers(() => status?.service ?? null) } as ApiHandlers);

describe('a profile\'s status service', () => {
  it('keeps each source in its own file in the profile\'s data folder', () => {
    expect(statusPlan(demo, '/data', null)).toEqual({ source: { demo: true }, file: path.join('/data', 'demo.status.sqlite') });
    const custom = statusPlan(demo, '/data', 'https://status.example.com');
    expect(custom?.source).toEqual({ upstreamUrl: 'https://status.example.com' });
    expect(custom?.file).toMatch(/demo\.status-[0-9a-f]{12}\.sqlite$/);
    expect(statusPlan(demo, '/data', 'https://other.example.com')?.file).not.toBe(custom?.file);
    expect(statusPlan({ ...demo, name: 'mainnet', source: 'upstream', statusUrl: 'https://status.hedera.com' }, '/d', null)?.source).toEqual({ upstreamUrl: 'https://status.hedera.com' });
    expect(statusPlan({ ...demo, name: 'local', source: 'upstream', statusUrl: null }, '/d', null)).toBeNull();
  });

  it('serves the demo feed as interface C on its own loopback port and announces each poll on the bus', async () => {
    const events = new ApiEventBus();
    const updated = collect(events, 'status/updated');
    const first = updated.next();
    const status = await startStatus({ profile: demo, dataDir, upstreamUrl: null, hostCheck: true, events, log: () => undefined });
    const port = await SwitchableServer.listen(0, status.service.server, noStatusPage(true));
    ports.push(port);
    expect(port.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await first;
    expect(updated.seen[0]!.source).toEqual({ label: 'demo network (sample data)', demo: true });
    const response = await fetch(`${port.url}/api/v2/scheduled-maintenances/upcoming.json`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { scheduled_maintenances: { status: string }[] };
    expect(body.scheduled_maintenances.length).toBeGreaterThan(0);
    expect(body.scheduled_maintenances.every((m) => m.status === 'scheduled')).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'demo.status.sqlite'))).toBe(true);
  });

  it('puts delivered notifications on the bus, holds back what the settings exclude, and answers the status channels', async () => {
    const events = new ApiEventBus();
    const updated = collect(events, 'status/updated');
    const notified = collect(events, 'status/notification');
    let now = Date.parse('2026-11-20T16:00:00Z');
    upstream.serve(steps[0]!.upstream);
    const baseline = updated.next();
    const status = await startStatus({ profile: demo, dataDir, upstreamUrl: upstream.url, hostCheck: true, events, log: () => undefined, clock: () => new Date(now) });
    await baseline;
    // The event comes as the poll ends; a call before it has fully settled would share that poll.
    await status.service.poller.settled();
    const dispatch = dispatcherFor(status);
    expect(notified.seen).toEqual([]);

    // Polls are at least 10 s apart.
    expect(await dispatch('status/poll-now', null)).toMatchObject({ ok: true, value: { outcome: 'too-soon' } });

    now += 60_000;
    upstream.serve(steps[1]!.upstream);
    expect(await dispatch('status/poll-now', null)).toEqual({ ok: true, value: { outcome: 'ok', changed: true, notifications: 1 } });
    expect(notified.seen.map((n) => [n.kind, n.id])).toEqual([['incident.new', 'inc0new0001']]);
    const snapshot = await dispatch('status/snapshot', null);
    expect(snapshot).toMatchObject({ ok: true, value: { worstImpact: 'major', unresolved: [{ id: 'inc0new0001' }] } });
    expect(updated.seen.at(-1)?.unresolved.map((i) => i.id)).toEqual(['inc0new0001']);
    // The snapshot sent as the poll ends already says it is done, so the screen does not show "Checking…".
    expect(updated.seen.at(-1)?.poll).toMatchObject({ polling: false, lastError: null });

    // Quiet mode: the next transition is recorded but not put on the bus.
    expect(await dispatch('status/settings/set', { quiet: true, impacts: null, componentIds: null })).toEqual({ ok: true, value: { quiet: true, impacts: null, componentIds: null } });
    expect(await dispatch('status/settings/get', null)).toEqual({ ok: true, value: { quiet: true, impacts: null, componentIds: null } });
    now += 60_000;
    upstream.serve(steps[2]!.upstream);
    expect(await dispatch('status/poll-now', null)).toMatchObject({ ok: true, value: { outcome: 'ok', notifications: 1 } });
    expect(notified.seen).toHaveLength(1);

    expect(await dispatch('status/settings/set', { quiet: 'no' })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });

    // A replaced profile's service goes quiet: its polls no longer reach the bus.
    status.quiet();
    const heard = updated.seen.length;
    now += 60_000;
    upstream.serve(steps[3]?.upstream ?? steps[1]!.upstream);
    expect((await status.service.poller.pollNow()).outcome).toBe('ok');
    expect(updated.seen).toHaveLength(heard);
    expect(notified.seen).toHaveLength(1);
  });

  it('puts one summary on the bus for a poll with news of many incidents, and each one for a poll with few', async () => {
    const events = new ApiEventBus();
    const updated = collect(events, 'status/updated');
    const notified = collect(events, 'status/notification');
    let now = Date.parse('2026-11-22T16:00:00Z');
    upstream.serve(feeds([]));
    const baseline = updated.next();
    const status = await startStatus({ profile: { ...demo, name: 'burst' }, dataDir, upstreamUrl: upstream.url, hostCheck: true, events, log: () => undefined, clock: () => new Date(now) });
    await baseline;
    await status.service.poller.settled();
    // What the desktop's link guard reads: the page watched (its http origin may be linked to).
    expect(status.service.source).toEqual({ label: upstream.url, demo: false });

    const five = ['a', 'b', 'c', 'd', 'e'].map((id) => incident(id, ['investigating']));
    upstream.serve(feeds(five));
    now += 60_000;
    expect(await status.service.poller.pollNow()).toMatchObject({ outcome: 'ok', notifications: expect.any(Array) });
    expect(notified.seen).toEqual([expect.objectContaining({ kind: 'poll.summary', id: '', title: '5 incidents opened or changed on Test Network' })]);
    // Each of them is still in the notification log.
    expect(status.service.snapshot().notifications.map((n) => n.id).sort()).toEqual(['a', 'b', 'c', 'd', 'e']);

    upstream.serve(feeds([...five.slice(0, 3), incident('d', ['investigating', 'resolved']), incident('e', ['investigating', 'resolved'])]));
    now += 60_000;
    await status.service.poller.pollNow();
    expect(notified.seen.slice(1).map((n) => `${n.kind} ${n.id}`)).toEqual(['incident.resolved d', 'incident.resolved e']);
  });

  it('puts the rest of a poll\'s news on the bus when a bus listener throws or the snapshot cannot be read, and logs each failure', async () => {
    const events = new ApiEventBus();
    const updated = collect(events, 'status/updated');
    const notified = collect(events, 'status/notification');
    // After the collector: the bus stops at the first listener that throws, and rethrows.
    events.on('status/notification', (notification) => { throw new Error(`cannot show ${notification.title}`); });
    const logged: string[] = [];
    let now = Date.parse('2026-11-23T16:00:00Z');
    upstream.serve(feeds([]));
    const baseline = updated.next();
    const status = await startStatus({ profile: { ...demo, name: 'throwing' }, dataDir, upstreamUrl: upstream.url, hostCheck: true, events, log: (l) => logged.push(l), clock: () => new Date(now) });
    await baseline;
    await status.service.poller.settled();
    const heard = updated.seen.length;

    upstream.serve(feeds(['a', 'b'].map((id) => incident(id, ['investigating']))));
    now += 60_000;
    await status.service.poller.pollNow();
    expect(notified.seen.map((n) => n.id)).toEqual(['a', 'b']);
    expect(updated.seen).toHaveLength(heard + 1);
    expect(logged).toEqual(['status: a status/notification listener failed: cannot show Test Network: Incident a', 'status: a status/notification listener failed: cannot show Test Network: Incident b']);

    // The snapshot cannot be read: the notifications still go out, named after the page's address.
    const snapshot = status.service.snapshot;
    status.service.snapshot = () => { throw new Error('disk I/O error'); };
    upstream.serve(feeds(['a', 'b', 'c', 'd', 'e', 'f'].map((id) => incident(id, ['investigating']))));
    now += 60_000;
    await status.service.poller.pollNow();
    status.service.snapshot = snapshot;
    expect(notified.seen.slice(2)).toEqual([expect.objectContaining({ kind: 'poll.summary', title: `4 incidents opened or changed on ${upstream.url}` })]);
    expect(updated.seen).toHaveLength(heard + 1);
    expect(logged.slice(2)).toEqual(['status: reading the status snapshot failed: disk I/O error', `status: a status/notification listener failed: cannot show 4 incidents opened or changed on ${upstream.url}`]);
  });

  it('reports a failed poll on the bus with the error, keeping the last good data, and logs it once', async () => {
    const events = new ApiEventBus();
    const updated = collect(events, 'status/updated');
    const logged: string[] = [];
    let now = Date.parse('2026-11-21T16:00:00Z');
    upstream.serve(steps[0]!.upstream);
    const first = updated.next();
    const status = await startStatus({ profile: { ...demo, name: 'failing' }, dataDir, upstreamUrl: upstream.url, hostCheck: true, events, log: (l) => logged.push(l), clock: () => new Date(now) });
    await first;
    await status.service.poller.settled();
    const dispatch = dispatcherFor(status);
    upstream.serve({});
    for (let i = 0; i < 2; i++) {
      now += 60_000;
      expect(await dispatch('status/poll-now', null)).toMatchObject({ ok: true, value: { outcome: 'failed', error: expect.stringContaining('HTTP 404') } });
    }
    const last = updated.seen.at(-1)!;
    expect(last.poll).toMatchObject({ polling: false, consecutiveFailures: 2, lastError: expect.stringContaining('HTTP 404') });
    expect(last.recent.map((i) => i.id)).toEqual(['inc0old0001']);
    expect(logged).toHaveLength(1);
  });

  it('answers `unavailable` when the profile has no status page', async () => {
    expect(await dispatcherFor(null)('status/snapshot', null)).toMatchObject({ ok: false, error: { code: 'unavailable', message: expect.stringMatching(/no status page/) } });
  });
});
