import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runStatusConformance } from '../../main/conformance/status/run-status-conformance.ts';
import { feeds, incident, SCENARIOS_DIR } from '../status/status-fixture.ts';

describe('status conformance runner', () => {
  it('passes every shared scenario', async () => {
    const summary = await runStatusConformance(SCENARIOS_DIR);
    expect(summary.outcomes.flatMap((o) => o.problems)).toEqual([]);
    expect(summary.failed).toBe(0);
    expect(summary.passed).toBeGreaterThanOrEqual(2);
  });

  it('plays a failed upstream step as "no change, nothing raised", and reports a wrong expectation', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-status-scenario-'));
    const step = (at: string, upstream: Record<string, unknown>, expectNotifications: unknown[], expectLocal: unknown) => ({ at, restart: false, upstream, expectNotifications, expectLocal });
    const open = feeds([incident('a', ['investigating'])]);
    const scenario = {
      name: 'upstream-outage',
      steps: [
        step('2026-11-20T09:00:00Z', feeds([]), [], { incidentIds: [], unresolvedIds: [], upcomingIds: [] }),
        step('2026-11-20T09:10:00Z', { ...open, '/api/v2/incidents/unresolved.json': { status: 500, body: { error: 'x' } } }, [], null),
        step('2026-11-20T09:20:00Z', open, [{ kind: 'incident.new', id: 'a' }], { incidentIds: ['a'], unresolvedIds: ['a'], upcomingIds: [] }),
      ],
    };
    fs.writeFileSync(path.join(dir, 'a.json'), JSON.stringify(scenario));
    fs.writeFileSync(path.join(dir, 'b.json'), JSON.stringify({ ...scenario, name: 'wrong', steps: [scenario.steps[0], { ...scenario.steps[2], expectNotifications: [] }] }));
    const summary = await runStatusConformance(dir);
    fs.rmSync(dir, { recursive: true, force: true });
    expect(summary.outcomes.map((o) => [o.scenario.name, o.passed])).toEqual([['upstream-outage', true], ['wrong', false]]);
  });
});
