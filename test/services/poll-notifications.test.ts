import { describe, expect, it } from 'vitest';
import type { StatusNotification } from '../../main/common/status-types.ts';
import { MOST_NOTIFIED_ONE_BY_ONE, notificationsToShow } from '../../main/services/poll-notifications.ts';

let seq = 0;
function raised(kind: StatusNotification['kind'], id: string, impact: string | null = 'minor', componentIds: string[] = []): StatusNotification {
  seq += 1;
  const title = kind === 'incident.resolved' ? `Resolved: ${id}` : kind === 'maintenance.new' ? `Maintenance scheduled: ${id}` : `Investigating: ${id}`;
  return { seq, kind, id, updateId: null, title, body: `body of ${id}`, impact, componentIds, raisedAt: '2026-11-20T16:00:00.000Z', delivered: true };
}

describe('what a poll\'s notifications become', () => {
  it(`shows up to ${MOST_NOTIFIED_ONE_BY_ONE} one by one, as raised`, () => {
    const few = [raised('incident.new', 'a'), raised('incident.resolved', 'b'), raised('maintenance.new', 'm')];
    expect(notificationsToShow(few, 'Hedera Status')).toEqual(few);
    expect(notificationsToShow([], 'Hedera Status')).toEqual([]);
  });

  it('tells more in one summary that names the page, counts them and opens the Status screen', () => {
    const many = Array.from({ length: 30 }, (_, i) => raised('incident.new', `i${i}`, i === 7 ? 'critical' : 'minor', [`c${i % 2}`]));
    const shown = notificationsToShow(many, 'Hedera Status');
    expect(shown).toEqual([{
      seq: many.at(-1)!.seq,
      kind: 'poll.summary',
      id: '',
      updateId: null,
      title: '30 incidents opened or changed on Hedera Status',
      body: 'Investigating: i0; Investigating: i1; Investigating: i2; and 27 more.',
      impact: 'critical',
      componentIds: ['c0', 'c1'],
      raisedAt: '2026-11-20T16:00:00.000Z',
      delivered: true,
    }]);
  });

  it('counts resolutions and maintenances apart, and looks like the worst incident still open among them', () => {
    const mixed = [raised('incident.resolved', 'r', 'critical'), raised('incident.update', 'u', 'major'), raised('incident.new', 'n', null), raised('maintenance.new', 'm1', 'maintenance'), raised('maintenance.new', 'm2', 'none')];
    expect(notificationsToShow(mixed, 'Test Network')[0]).toMatchObject({ title: '2 incidents opened or changed, 1 resolved and 2 maintenances announced on Test Network', impact: 'major' });
    const someClosed = [raised('incident.new', 'n', 'none'), raised('incident.update', 'u', null), raised('incident.resolved', 'a', 'critical'), raised('incident.resolved', 'b'), raised('incident.resolved', 'c')];
    expect(notificationsToShow(someClosed, 'Test Network')[0]).toMatchObject({ title: '2 incidents opened or changed and 3 resolved on Test Network', impact: 'none' });
  });

  it('reads as good news when every incident it stands for was resolved, and as a maintenance when those are all that is left', () => {
    const closed = ['a', 'b', 'c', 'd'].map((id) => raised('incident.resolved', id, 'critical'));
    expect(notificationsToShow(closed, 'Test Network')[0]).toMatchObject({ title: '4 incidents resolved on Test Network', body: 'Resolved: a; Resolved: b; Resolved: c; and 1 more.', impact: null });
    const closedAndAnnounced = [...closed.slice(0, 3), raised('maintenance.new', 'm', 'none')];
    expect(notificationsToShow(closedAndAnnounced, 'Test Network')[0]).toMatchObject({ title: '3 incidents resolved and 1 maintenance announced on Test Network', impact: 'maintenance' });
    const announced = ['m1', 'm2', 'm3', 'm4'].map((id) => raised('maintenance.new', id, 'maintenance'));
    expect(notificationsToShow(announced, 'Test Network')[0]).toMatchObject({ title: '4 maintenances announced on Test Network', impact: 'maintenance' });
  });
});
