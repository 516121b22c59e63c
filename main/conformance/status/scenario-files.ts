import fs from 'node:fs';
import path from 'node:path';
import { ConformanceInputError, inputKind, readInputJson } from '../conformance-input.ts';

export interface ScenarioStep {
  at: string;
  restart?: boolean;
  upstream: Record<string, unknown>;
  expectNotifications: { kind: string; id: string; updateId?: string }[];
  expectLocal: { incidentIds: string[]; unresolvedIds: string[]; upcomingIds: string[] } | null;
  note?: string;
}

export interface Scenario {
  file: string;
  name: string;
  steps: ScenarioStep[];
}

/**
 * Reads one scenario file, or every `*.json` scenario in a folder, in name order. Refuses input
 * that cannot be run (ConformanceInputError), a folder with no scenario included: a run of none
 * passed.
 */
export function loadScenarios(target: string): Scenario[] {
  const files = inputKind(target) === 'folder'
    ? fs.readdirSync(target).filter((name) => name.endsWith('.json')).sort().map((name) => path.join(target, name))
    : [target];
  if (files.length === 0) throw new ConformanceInputError(`no scenario files (*.json) in ${target}`);
  return files.map((file) => {
    const json = readInputJson(file) as { name?: string; steps?: ScenarioStep[] } | null;
    const steps = json?.steps;
    if (!Array.isArray(steps)) throw new ConformanceInputError(`${file}: no steps array`);
    return { file, name: json?.name ?? path.basename(file, '.json'), steps };
  });
}
