import { afterEach, describe, expect, it } from 'vitest';
import { feeds, ids, incident, maintenance, PAGE, pollAfter, startHarness, type StatusHarness } from './status-fixture.ts';

const kinds = (h: StatusHarness) => h.notifications.map((n) => `${n.kind} ${n.id}${n.updateId ? ` ${n.updateId}` : ''}`);

describe('status notifications', () => {
  let harness: StatusHarness;
  afterEach(async () => harness.close());

  it('keeps the first good poll silent, then raises each transition once', async () => {
    harness = await startHarness();
    harness.upstream.serve(feeds([incident('old', ['investigating'])], [maintenance('m0')]));
    await harness.service.poller.pollNow();
    expect(kinds(harness)).toEqual([]);

    harness.upstream.serve(feeds([incident('new', ['investigating']), incident('old', ['investigating', 'identified'])], [maintenance('m0'), maintenance('m1')]));
    await pollAfter(harness);
    expect(kinds(harness).sort()).toEqual(['incident.new new', 'incident.update old oldu1', 'maintenance.new m1']);

    harness.notifications.length = 0;
    harness.upstream.serve(feeds([incident('new', ['investigating', 'resolved']), incident('old', ['investigating', 'identified'])], [maintenance('m0'), maintenance('m1')]));
    await pollAfter(harness);
    expect(kinds(harness)).toEqual(['incident.resolved new']);
    harness.notifications.length = 0;
    await pollAfter(harness);
    expect(kinds(harness)).toEqual([]);
  });

  it('raises a reopened incident\'s next resolution again, and an update published after the resolution', async () => {
    harness = await startHarness();
    harness.upstream.serve(feeds([]));
    await harness.service.poller.pollNow();
    const steps: Array<[string[], string[]]> = [
      [['investigating'], ['incident.new r']],
      [['investigating', 'resolved'], ['incident.resolved r']],
      // A copy of the feed from before the resolution (a stale cache) has no new update: not a reopening.
      [['investigating'], []],
      [['investigating', 'resolved'], []],
      [['investigating', 'resolved', 'investigating'], ['incident.update r ru2']],
      [['investigating', 'resolved', 'investigating', 'resolved'], ['incident.resolved r']],
      [['investigating', 'resolved', 'investigating', 'resolved', 'postmortem'], ['incident.update r ru4']],
      [['investigating', 'resolved', 'investigating', 'resolved', 'postmortem'], []],
    ];
    for (const [statuses, expected] of steps) {
      harness.notifications.length = 0;
      harness.upstream.serve(feeds([incident('r', statuses)]));
      await pollAfter(harness);
      expect(kinds(harness), statuses.join(' → ')).toEqual(expected);
    }
  });

  it('raises one notification per incident and poll: of several new updates (a machine waking), the latest', async () => {
    harness = await startHarness();
    harness.upstream.serve(feeds([incident('w', ['investigating']), incident('r', ['investigating'])]));
    await harness.service.poller.pollNow();
    // Five updates on `w` since the last poll; `r` updated twice and then resolved.
    harness.upstream.serve(feeds([
      incident('w', ['investigating', 'identified', 'monitoring', 'investigating', 'identified', 'monitoring']),
      incident('r', ['investigating', 'identified', 'monitoring', 'resolved']),
    ]));
    await pollAfter(harness);
    expect(kinds(harness).sort()).toEqual(['incident.resolved r', 'incident.update w wu5']);
    expect(harness.notifications.find((n) => n.id === 'w')).toMatchObject({ title: 'Monitoring: Incident w', body: 'monitoring 5' });
    // Every update heard counts as seen: none of them is raised later.
    harness.notifications.length = 0;
    await pollAfter(harness);
    expect(kinds(harness)).toEqual([]);
  });

  it('raises nothing twice after the SQLite file is reopened', async () => {
    harness = await startHarness();
    harness.upstream.serve(feeds([]));
    await harness.service.poller.pollNow();
    harness.upstream.serve(feeds([incident('x', ['investigating'])]));
    await pollAfter(harness);
    expect(kinds(harness)).toEqual(['incident.new x']);
    await harness.service.close();
    harness.reopen();
    harness.notifications.length = 0;
    await pollAfter(harness);
    expect(kinds(harness)).toEqual([]);
    expect(harness.service.store.recentNotifications().map((n) => n.kind)).toEqual(['incident.new']);
  });

  it('raises nothing for a failed poll and keeps the last good data', async () => {
    harness = await startHarness();
    harness.upstream.serve(feeds([incident('a', ['investigating'])]));
    await harness.service.poller.pollNow();
    const bad = feeds([incident('a', ['investigating']), incident('b', ['investigating'])]);
    const failures: Record<string, unknown>[] = [
      { ...bad, '/api/v2/incidents/unresolved.json': { status: 500, body: { error: 'boom' } } },
      { ...bad, '/api/v2/incidents.json': { status: 200, body: '<!DOCTYPE html><html>Maintenance</html>', headers: { 'content-type': 'text/html' } } },
      { ...bad, '/api/v2/incidents.json': { status: 200, body: '{"page": {"id": "x"', headers: { 'content-type': 'application/json' } } },
      { ...bad, '/api/v2/scheduled-maintenances/upcoming.json': { page: { id: 1 }, scheduled_maintenances: 'none' } },
      { ...bad, '/api/v2/incidents.json': { status: 200, body: JSON.stringify({ page: { id: 'p', name: 'n' }, incidents: [{ id: 'z', name: 'x'.repeat(5_000_000), status: 'investigating', created_at: '2026-01-01T00:00:00Z' }] }), headers: { 'content-type': 'application/json' } } },
    ];
    for (const upstream of failures) {
      harness.upstream.serve(upstream);
      const result = await pollAfter(harness);
      expect(result.outcome).toBe('failed');
      expect(kinds(harness)).toEqual([]);
      expect(ids((await harness.get('/api/v2/incidents/unresolved.json')).json.incidents)).toEqual(['a']);
    }
    expect(harness.service.poller.state().lastError).toMatch(/byte limit|larger than/);
    // The next good poll still knows what it has seen: b is new, a is not.
    harness.upstream.serve(bad);
    await pollAfter(harness);
    expect(kinds(harness)).toEqual(['incident.new b']);
  });

  it('records but does not deliver what quiet mode or the impact and component filters hold back', async () => {
    harness = await startHarness();
    harness.upstream.serve(feeds([]));
    await harness.service.poller.pollNow();
    harness.service.setSettings({ impacts: ['critical'], componentIds: null, quiet: false });
    const rest = { id: 'c1', name: 'REST', status: 'partial_outage' };
    harness.upstream.serve(feeds([incident('minor', ['investigating'], { impact: 'minor' }), incident('crit', ['investigating'], { impact: 'critical', components: [rest] })]));
    await pollAfter(harness);
    expect(harness.notifications.map((n) => [n.id, n.delivered]).sort()).toEqual([['crit', true], ['minor', false]]);

    harness.service.setSettings({ quiet: true });
    harness.upstream.serve(feeds([incident('q', ['investigating'], { impact: 'critical' })]));
    await pollAfter(harness);
    expect(harness.notifications.at(-1)).toMatchObject({ id: 'q', delivered: false });
    expect(() => harness.service.setSettings({ quiet: 'yes' })).toThrow(/quiet/);
  });

  it('lets the Maintenance choice decide maintenance announcements, whatever impact the page gave them; incidents go by their impact', async () => {
    harness = await startHarness();
    harness.upstream.serve(feeds([]));
    await harness.service.poller.pollNow();
    // Statuspage maintenances often carry impact none or minor.
    const quietMaintenance = maintenance('m-none', 'scheduled', { impact: 'none' });
    const minorMaintenance = maintenance('m-minor', 'scheduled', { impact: 'minor' });

    harness.service.setSettings({ impacts: ['critical', 'major', 'minor', 'none'] });
    harness.upstream.serve(feeds([incident('i-none', ['investigating'], { impact: 'none' })], [quietMaintenance]));
    await pollAfter(harness);
    expect(harness.notifications.map((n) => [n.id, n.delivered]).sort()).toEqual([['i-none', true], ['m-none', false]]);

    harness.notifications.length = 0;
    harness.service.setSettings({ impacts: ['maintenance'] });
    harness.upstream.serve(feeds([incident('i-minor', ['investigating'], { impact: 'minor' })], [quietMaintenance, minorMaintenance]));
    await pollAfter(harness);
    expect(harness.notifications.map((n) => [n.id, n.delivered]).sort()).toEqual([['i-minor', false], ['m-minor', true]]);
    // The notification still says the impact the page gave, for its look.
    expect(harness.notifications.find((n) => n.id === 'm-minor')).toMatchObject({ kind: 'maintenance.new', impact: 'minor' });
  });

  it('orders records by instant, not by the upstream order or timestamp text', async () => {
    harness = await startHarness();
    // Created at 01:30 CDT and 01:10 CST on the fall-back night: the second is 40 minutes later.
    const early = incident('early', ['resolved'], { created_at: '2026-11-01T01:30:00.000-05:00' });
    const late = incident('late', ['resolved'], { created_at: '2026-11-01T01:10:00.000-06:00' });
    const earliest = incident('earliest', ['resolved'], { created_at: '2026-10-31T23:00:00.000-05:00' });
    harness.upstream.serve(feeds([early, earliest, late]));
    await harness.service.poller.pollNow();
    expect(ids((await harness.get('/api/v2/incidents.json')).json.incidents)).toEqual(['late', 'early', 'earliest']);
  });

  it('keeps the later-updated copy when feeds disagree, whatever order they arrive in', async () => {
    harness = await startHarness();
    const fresh = incident('a', ['investigating', 'identified']);
    const stale = incident('a', ['investigating']);
    harness.upstream.serve({ ...feeds([stale]), '/api/v2/incidents/unresolved.json': { page: PAGE, incidents: [fresh] } });
    await harness.service.poller.pollNow();
    const served = (await harness.get('/api/v2/incidents.json')).json.incidents as Record<string, unknown>[];
    expect(served[0]).toMatchObject({ id: 'a', status: 'identified' });
  });
});
