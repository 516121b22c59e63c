import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createStatusService, type StatusService } from '../../main/status/status-service.ts';
import type { StatusNotification } from '../../main/status/store/status-store.ts';
import { ids } from './status-fixture.ts';

describe('demo profile status history', () => {
  let service: StatusService | undefined;
  let dir: string;
  afterEach(async () => {
    await service?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves a recent history with an upcoming maintenance, offline, and later raises its live incident', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-status-demo-'));
    let now = new Date('2027-03-10T12:00:00Z');
    const raised: StatusNotification[] = [];
    service = createStatusService({ file: path.join(dir, 'status.sqlite'), source: { demo: true }, clock: () => now, isOnline: () => false, onNotification: (n) => raised.push(n) });
    expect((await service.poller.pollNow()).outcome).toBe('ok');
    expect(raised).toEqual([]);
    const get = async (url: string) => (await service!.server.inject({ url, headers: { host: '127.0.0.1' } })).json() as Record<string, unknown>;
    const incidents = (await get('/api/v2/incidents.json')).incidents as Record<string, unknown>[];
    expect(incidents.length).toBeGreaterThanOrEqual(5);
    expect(Date.parse(String(incidents[0]!.created_at))).toBeLessThanOrEqual(now.getTime());
    const upcoming = (await get('/api/v2/scheduled-maintenances/upcoming.json')).scheduled_maintenances as Record<string, unknown>[];
    expect(upcoming.length).toBeGreaterThan(0);
    for (const m of upcoming) expect(Date.parse(String(m.scheduled_for))).toBeGreaterThan(now.getTime());
    // Every maintenance, and those under way (none now), as the page serves them.
    const all = (await get('/api/v2/scheduled-maintenances.json')).scheduled_maintenances as Record<string, unknown>[];
    expect(ids(all)).toEqual(expect.arrayContaining(ids(upcoming)));
    expect((await get('/api/v2/scheduled-maintenances/active.json')).scheduled_maintenances).toEqual([]);
    expect((await get('/api/v2/incidents.json')).page).toMatchObject({ name: expect.stringMatching(/demo/i), url: expect.stringMatching(/\.invalid$/) });

    now = new Date(now.getTime() + 3 * 60_000);
    await service.poller.pollNow();
    expect(raised.map((n) => n.kind)).toEqual(['incident.new']);
    expect(ids((await get('/api/v2/incidents/unresolved.json')).incidents)).toEqual([raised[0]!.id]);
    expect(service.snapshot().worstImpact).toBe('minor');

    now = new Date(now.getTime() + 30 * 60_000);
    await service.poller.pollNow();
    expect(raised.map((n) => n.kind)).toEqual(['incident.new', 'incident.resolved']);
  });
});
