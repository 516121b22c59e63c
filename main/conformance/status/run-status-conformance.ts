import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { createStatusService, type StatusService } from '../../status/status-service.ts';
import type { StatusNotification } from '../../status/store/status-store.ts';
import { startFakeUpstream, type FakeUpstream } from './fake-upstream.ts';
import { loadScenarios, type Scenario, type ScenarioStep } from './scenario-files.ts';

export interface ScenarioOutcome {
  scenario: Scenario;
  passed: boolean;
  problems: string[];
}

export interface StatusConformanceSummary {
  outcomes: ScenarioOutcome[];
  passed: number;
  failed: number;
}

const LOCAL_LISTS = {
  incidentIds: { path: '/api/v2/incidents.json', key: 'incidents' },
  unresolvedIds: { path: '/api/v2/incidents/unresolved.json', key: 'incidents' },
  upcomingIds: { path: '/api/v2/scheduled-maintenances/upcoming.json', key: 'scheduled_maintenances' },
} as const;
type LocalKey = keyof typeof LOCAL_LISTS;
type LocalLists = Record<LocalKey, Record<string, unknown>[]>;

/** Plays every scenario in `target` (a folder or one file) against a fake upstream on loopback. */
export async function runStatusConformance(target: string): Promise<StatusConformanceSummary> {
  const outcomes: ScenarioOutcome[] = [];
  for (const scenario of loadScenarios(target)) {
    outcomes.push(await runScenario(scenario));
  }
  const passed = outcomes.filter((o) => o.passed).length;
  return { outcomes, passed, failed: outcomes.length - passed };
}

async function runScenario(scenario: Scenario): Promise<ScenarioOutcome> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-status-conformance-'));
  const upstream = await startFakeUpstream();
  const problems: string[] = [];
  let now = new Date(0);
  let raised: StatusNotification[] = [];
  const open = (): StatusService =>
    createStatusService({
      file: path.join(dataDir, 'status.sqlite'),
      source: { upstreamUrl: upstream.url },
      clock: () => now,
      onNotification: (notification) => raised.push(notification),
    });
  let service = open();
  let previous: LocalLists | null = null;
  try {
    for (const [index, step] of scenario.steps.entries()) {
      const label = `step ${index + 1}${step.note ? ` (${step.note})` : ''}`;
      if (step.restart) {
        await service.close();
        service = open();
      }
      upstream.serve(step.upstream);
      now = new Date(step.at);
      raised = [];
      const result = await service.poller.pollNow();
      if (result.outcome === 'too-soon' || result.outcome === 'offline') problems.push(`${label}: poll did not run (${result.outcome})`);
      problems.push(...checkNotifications(label, step, raised));
      const local = await readLocal(service);
      problems.push(...checkLocal(label, step, local, previous, upstream));
      previous = local;
    }
  } catch (error) {
    problems.push(`crashed: ${(error as Error).stack ?? String(error)}`);
  } finally {
    await service.close().catch(() => undefined);
    await upstream.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return { scenario, passed: problems.length === 0, problems };
}

function key(n: { kind: string; id: string; updateId?: string | null }): string {
  return `${n.kind} ${n.id}${n.updateId ? ` ${n.updateId}` : ''}`;
}

function checkNotifications(label: string, step: ScenarioStep, raised: StatusNotification[]): string[] {
  const expected = step.expectNotifications.map(key).sort();
  const actual = raised.map(key).sort();
  return isDeepStrictEqual(expected, actual) ? [] : [`${label}: notifications expected [${expected.join(', ')}], raised [${actual.join(', ')}]`];
}

async function readLocal(service: StatusService): Promise<LocalLists> {
  const lists = {} as LocalLists;
  for (const [name, { path: url, key: listKey }] of Object.entries(LOCAL_LISTS) as [LocalKey, (typeof LOCAL_LISTS)[LocalKey]][]) {
    const response = await service.server.inject({ method: 'GET', url, headers: { host: '127.0.0.1' } });
    if (response.statusCode !== 200) throw new Error(`local ${url} answered ${response.statusCode}: ${response.body}`);
    lists[name] = (response.json() as Record<string, Record<string, unknown>[]>)[listKey] ?? [];
  }
  return lists;
}

/** Upstream records of this step by id, to check the local copies kept every field. */
function upstreamRecords(step: ScenarioStep): Map<string, Record<string, unknown>> {
  const byId = new Map<string, Record<string, unknown>>();
  for (const body of Object.values(step.upstream)) {
    if (typeof body !== 'object' || body === null || !('page' in body)) continue;
    const lists = [(body as { incidents?: unknown }).incidents, (body as { scheduled_maintenances?: unknown }).scheduled_maintenances];
    for (const list of lists) {
      if (!Array.isArray(list)) continue;
      for (const record of list as Record<string, unknown>[]) {
        const prior = byId.get(String(record.id));
        if (!prior || Date.parse(String(record.updated_at)) >= Date.parse(String(prior.updated_at))) byId.set(String(record.id), record);
      }
    }
  }
  return byId;
}

function checkLocal(label: string, step: ScenarioStep, local: LocalLists, previous: LocalLists | null, _upstream: FakeUpstream): string[] {
  const problems: string[] = [];
  const ids = (list: Record<string, unknown>[]) => list.map((record) => String(record.id));
  for (const name of Object.keys(LOCAL_LISTS) as LocalKey[]) {
    const expected = step.expectLocal === null ? (previous ? ids(previous[name]) : []) : step.expectLocal[name];
    const actual = ids(local[name]);
    if (!isDeepStrictEqual(expected, actual)) problems.push(`${label}: ${name} expected [${expected.join(', ')}], local [${actual.join(', ')}]`);
  }
  if (step.expectLocal === null) return problems;
  const sent = upstreamRecords(step);
  for (const name of Object.keys(LOCAL_LISTS) as LocalKey[]) {
    for (const record of local[name]) {
      const original = sent.get(String(record.id));
      if (!original) continue;
      for (const [field, value] of Object.entries(original)) {
        if (!isDeepStrictEqual(record[field], value)) problems.push(`${label}: ${name} ${String(record.id)}.${field} differs from what the upstream sent`);
      }
    }
  }
  return problems;
}
