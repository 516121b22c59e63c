import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FEED_PATHS } from '../../main/status/feed/feed-paths.ts';
import { feeds, ids, incident, PAGE, pollAfter, SAMPLES_DIR, startHarness, type StatusHarness } from './status-fixture.ts';

const kinds = (h: StatusHarness) => h.notifications.map((n) => `${n.kind} ${n.id}${n.updateId ? ` ${n.updateId}` : ''}`);

/** A maintenance as a page that lists its maintenances among its incidents sends it: one update per status. */
function maintenanceAsIncident(id: string, statuses: string[]): Record<string, unknown> {
  return { ...incident(id, statuses), impact: 'minor', scheduled_for: '2026-11-20T10:00:00.000-06:00', scheduled_until: '2026-11-20T12:00:00.000-06:00' };
}

/** What the local API and the snapshot count as open: the upstream's unresolved.json leaves maintenances out. */
async function openIds(harness: StatusHarness) {
  const unresolved = await harness.get(FEED_PATHS.unresolved);
  const snapshot = harness.service.snapshot();
  return { local: ids(unresolved.json.incidents), snapshot: ids(snapshot.unresolved), worst: snapshot.worstImpact };
}

describe('a maintenance listed among the incidents', () => {
  let harness: StatusHarness;
  afterEach(async () => harness.close());

  it('is listed with the incidents but never open (Telerik 2016: a completed maintenance in incidents.json)', async () => {
    harness = await startHarness();
    const text = fs.readFileSync(path.join(SAMPLES_DIR, 'telerik_incidents_2016_includes_maintenance.json'), 'utf8');
    harness.upstream.serve({
      ...feeds([]),
      [FEED_PATHS.incidents]: { status: 200, body: text, headers: { 'content-type': 'application/json' } },
      [FEED_PATHS.unresolved]: { page: PAGE, incidents: [] },
    });
    expect((await harness.service.poller.pollNow()).outcome).toBe('ok');
    expect(ids((await harness.get(FEED_PATHS.incidents)).json.incidents)).toContain('zbqw6z7t5tql');
    expect(await openIds(harness)).toEqual({ local: [], snapshot: [], worst: 'none' });
  });

  it('is announced once, by the upcoming list, and its start and end raise no incident notifications', async () => {
    harness = await startHarness();
    harness.upstream.serve(feeds([]));
    await harness.service.poller.pollNow();

    const scheduled = maintenanceAsIncident('m', ['scheduled']);
    harness.upstream.serve(feeds([scheduled], [scheduled]));
    await pollAfter(harness);
    expect(kinds(harness)).toEqual(['maintenance.new m']);
    expect(await openIds(harness)).toEqual({ local: [], snapshot: [], worst: 'none' });

    for (const statuses of [['scheduled', 'in_progress'], ['scheduled', 'in_progress', 'verifying'], ['scheduled', 'in_progress', 'verifying', 'completed']]) {
      harness.notifications.length = 0;
      harness.upstream.serve(feeds([maintenanceAsIncident('m', statuses)]));
      await pollAfter(harness);
      expect(kinds(harness), statuses.at(-1)).toEqual([]);
      expect(await openIds(harness), statuses.at(-1)).toEqual({ local: [], snapshot: [], worst: 'none' });
    }
    expect(ids((await harness.get(FEED_PATHS.incidents)).json.incidents)).toEqual(['m']);
  });

  it('leaves the incidents around it as they were: opened, updated and resolved', async () => {
    harness = await startHarness();
    harness.upstream.serve(feeds([]));
    await harness.service.poller.pollNow();
    const done = maintenanceAsIncident('m', ['scheduled', 'in_progress', 'completed']);
    harness.upstream.serve(feeds([incident('i', ['investigating']), done]));
    await pollAfter(harness);
    expect(kinds(harness)).toEqual(['incident.new i']);
    expect(await openIds(harness)).toEqual({ local: ['i'], snapshot: ['i'], worst: 'major' });
    harness.notifications.length = 0;
    harness.upstream.serve(feeds([incident('i', ['investigating', 'resolved']), done]));
    await pollAfter(harness);
    expect(kinds(harness)).toEqual(['incident.resolved i']);
    expect(await openIds(harness)).toEqual({ local: [], snapshot: [], worst: 'none' });
  });
});
