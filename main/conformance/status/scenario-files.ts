import fs from 'node:fs';
import path from 'node:path';

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

/** Reads one scenario file, or every `*.json` scenario in a folder, in name order. */
export function loadScenarios(target: string): Scenario[] {
  const files = fs.statSync(target).isDirectory()
    ? fs.readdirSync(target).filter((name) => name.endsWith('.json')).sort().map((name) => path.join(target, name))
    : [target];
  return files.map((file) => {
    const json = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; steps?: ScenarioStep[] };
    if (!Array.isArray(json.steps)) throw new Error(`${file}: no steps array`);
    return { file, name: json.name ?? path.basename(file, '.json'), steps: json.steps };
  });
}
