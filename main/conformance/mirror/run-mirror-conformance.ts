import { createMirrorApi } from '../../mirror/mirror-api.ts';
import { defaultMirrorApiConfig, mergeConfig, type MirrorApiConfig } from '../../mirror/config.ts';
import { parseJsonLossless } from '../../mirror/format/json-out.ts';
import { LedgerStore } from '../../mirror/store/ledger-store.ts';
import { diffJson } from './compare.ts';
import { findDivergence } from './divergences.ts';
import { loadSpecSetup } from './setup-loader.ts';
import { findSpecFiles, readSpecCases, type SpecCase } from './spec-files.ts';

/** The reference runs its spec cases with this configuration (rest/__tests__/application.yml). */
export function referenceTestConfig(): MirrorApiConfig {
  return mergeConfig(defaultMirrorApiConfig(), {
    response: { enableDelegationAddress: true },
    query: { maxRepeatedQueryParameters: 8 },
  });
}

export interface CaseOutcome {
  specCase: SpecCase;
  result: 'passed' | 'failed' | 'skipped';
  problems: string[];
}

export interface ConformanceSummary {
  passed: number;
  failed: number;
  skipped: number;
  outcomes: CaseOutcome[];
}

/** Runs every spec file below `root` against the real routes, each request on a fresh store. */
export async function runMirrorConformance(root: string, options: { topLevelOnly: boolean }): Promise<ConformanceSummary> {
  const outcomes: CaseOutcome[] = [];
  for (const file of findSpecFiles(root, options.topLevelOnly)) {
    let cases: SpecCase[];
    try {
      cases = readSpecCases(root, file);
    } catch (error) {
      outcomes.push({ specCase: { file, index: 0, url: '(unreadable)' } as SpecCase, result: 'failed', problems: [String(error)] });
      continue;
    }
    for (const specCase of cases) outcomes.push(await runCase(specCase));
  }
  const count = (result: CaseOutcome['result']): number => outcomes.filter((o) => o.result === result).length;
  return { passed: count('passed'), failed: count('failed'), skipped: count('skipped'), outcomes };
}

export async function runCase(specCase: SpecCase): Promise<CaseOutcome> {
  const divergence = findDivergence(specCase.path ?? specCase.file, specCase.url, specCase.variant);
  if (divergence) return { specCase, result: 'skipped', problems: [divergence.reason] };
  const store = new LedgerStore({ file: ':memory:' });
  const restoreClock = freezeClock(specCase.setup.features);
  try {
    let config = mergeConfig(referenceTestConfig(), specCase.setup.config);
    loadSpecSetup(store.db, specCase.setup);
    config = mergeConfig(config, specCase.config);
    const api = createMirrorApi(store, () => config, true);
    const response = await api.server.inject({ method: 'GET', url: specCase.url });
    await api.server.close();
    const problems = judge(specCase, response.statusCode, response.body, response.headers as Record<string, unknown>);
    return { specCase, result: problems.length === 0 ? 'passed' : 'failed', problems };
  } catch (error) {
    return { specCase, result: 'failed', problems: [error instanceof Error ? error.message : String(error)] };
  } finally {
    restoreClock();
    store.close();
  }
}

/**
 * `setup.features.fakeTime` (a date string or epoch seconds) sets "now" for the case, as the
 * reference's harness does. Jest's fake timers hold `Date.now` still (the expected bodies carry
 * "now" to the nanosecond, e.g. transactions/timestamp.json), so it stays at that instant
 * for the case. Returns the undo.
 */
function freezeClock(features: unknown): () => void {
  const fake = (features as { fakeTime?: string | number } | undefined)?.fakeTime;
  if (fake === undefined) return () => {};
  const start = typeof fake === 'number' ? fake * 1000 : Date.parse(String(fake));
  const realNow = Date.now;
  Date.now = () => start;
  return () => {
    Date.now = realNow;
  };
}

function judge(specCase: SpecCase, status: number, text: string, headers: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (status !== specCase.status) problems.push(`status: expected ${specCase.status}, got ${status}`);
  let body: unknown = text;
  try {
    // Plain-text answers (network/supply?q=...) are compared as text, as the reference's harness does.
    if (!/^text\/plain/.test(String(headers['content-type'] ?? ''))) body = parseJsonLossless(text);
  } catch {
    // not JSON: compared as text
  }
  problems.push(...diffJson(specCase.body, body));
  if (status >= 200 && status < 300) {
    for (const [name, value] of Object.entries(specCase.headers)) {
      if (String(headers[name] ?? '') !== value) problems.push(`header ${name}: expected ${JSON.stringify(value)}, got ${JSON.stringify(headers[name] ?? null)}`);
    }
  }
  return problems;
}
