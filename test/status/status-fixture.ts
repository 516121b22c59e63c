import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeUpstream, type FakeUpstream } from '../../main/conformance/status/fake-upstream.ts';
import { createStatusService, type StatusService, type StatusServiceOptions } from '../../main/status/status-service.ts';
import type { StatusNotification } from '../../main/status/store/status-store.ts';

export const SAMPLES_DIR = path.resolve('../shared/conformance/status/samples');
export const SCENARIOS_DIR = path.resolve('../shared/conformance/status/scenarios');

export const PAGE = { id: 'pg0test', name: 'Test Network', url: 'https://status.test.invalid', time_zone: 'America/Chicago', updated_at: '2026-11-20T09:00:00.000-06:00' };

/** A Statuspage incident with one update per status given (newest first, as upstreams send). */
export function incident(id: string, statuses: string[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  const base = Date.parse('2026-11-20T10:00:00-06:00');
  const at = (i: number) => new Date(base + i * 600_000).toISOString();
  const updates = statuses.map((status, i) => ({ id: `${id}u${i}`, incident_id: id, status, body: `${status} ${i}`, created_at: at(i), updated_at: at(i), display_at: at(i), affected_components: null })).reverse();
  return { id, name: `Incident ${id}`, status: statuses.at(-1), impact: 'major', created_at: at(0), updated_at: at(statuses.length - 1), monitoring_at: null, resolved_at: null, shortlink: null, page_id: PAGE.id, incident_updates: updates, components: [], ...extra };
}

export function maintenance(id: string, status = 'scheduled', extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...incident(id, [status]), impact: 'maintenance', scheduled_for: '2026-12-01T02:00:00.000-06:00', scheduled_until: '2026-12-01T04:00:00.000-06:00', ...extra };
}

/** The three record feeds of an upstream at one moment. */
export function feeds(incidents: Record<string, unknown>[], upcoming: Record<string, unknown>[] = []): Record<string, unknown> {
  const open = ['investigating', 'identified', 'monitoring'];
  return {
    '/api/v2/incidents.json': { page: PAGE, incidents },
    '/api/v2/incidents/unresolved.json': { page: PAGE, incidents: incidents.filter((i) => open.includes(String(i.status))) },
    '/api/v2/scheduled-maintenances/upcoming.json': { page: PAGE, scheduled_maintenances: upcoming },
  };
}

export interface StatusHarness {
  upstream: FakeUpstream;
  service: StatusService;
  file: string;
  notifications: StatusNotification[];
  clock: { now: Date; advance(ms: number): void };
  reopen(overrides?: Partial<StatusServiceOptions>): StatusService;
  get(url: string): Promise<{ status: number; json: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** A status service in a fresh data folder, polling a fake upstream on loopback, with a hand-driven clock. */
export async function startHarness(overrides: Partial<StatusServiceOptions> = {}): Promise<StatusHarness> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-status-test-'));
  const file = path.join(dir, 'status.sqlite');
  const upstream = await startFakeUpstream();
  const clock = {
    now: new Date('2026-11-20T16:00:00Z'),
    advance(ms: number) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
  const notifications: StatusNotification[] = [];
  const open = (more: Partial<StatusServiceOptions> = {}) =>
    createStatusService({ file, source: { upstreamUrl: upstream.url }, clock: () => clock.now, onNotification: (n) => notifications.push(n), ...overrides, ...more });
  const harness: StatusHarness = {
    upstream,
    service: open(),
    file,
    notifications,
    clock,
    reopen(more) {
      harness.service = open(more);
      return harness.service;
    },
    async get(url) {
      const response = await harness.service.server.inject({ method: 'GET', url, headers: { host: '127.0.0.1' } });
      return { status: response.statusCode, json: response.json() as Record<string, unknown> };
    },
    async close() {
      await harness.service.close();
      await upstream.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return harness;
}

/** Polls once, first moving the clock past the minimum interval. */
export async function pollAfter(harness: StatusHarness, ms = 60_000) {
  harness.clock.advance(ms);
  return harness.service.poller.pollNow();
}

export function ids(list: unknown): string[] {
  return (list as { id: string }[]).map((record) => record.id);
}
