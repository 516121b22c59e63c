import type { LoadResult } from './http-load.ts';

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const fixed = (value: number, digits: number): string => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');

export interface Row {
  name: string;
  result: LoadResult;
  rssBytes: number;
  /** The requests/s of the trivial route measured next to this row (just before and after it), its ratio's denominator. */
  baselineRps: number;
}

/** A plain-text table: one line per query, with its baseline and its ratio to it. */
export function formatTable(rows: Row[]): string {
  const width = Math.max(...rows.map((r) => r.name.length), 5);
  const header = `${'query'.padEnd(width)}  ${'req/s'.padStart(8)}  ${'baseline'.padStart(8)}  ${'ratio'.padStart(6)}  ${'p50 ms'.padStart(7)}  ${'p99 ms'.padStart(7)}  ${'rss MB'.padStart(7)}  failures`;
  const lines = rows.map(({ name, result, rssBytes, baselineRps }) => [
    name.padEnd(width),
    number.format(result.requestsPerSecond).padStart(8),
    number.format(baselineRps).padStart(8),
    fixed(result.requestsPerSecond / baselineRps, 2).padStart(6),
    fixed(result.p50Ms, 2).padStart(7),
    fixed(result.p99Ms, 2).padStart(7),
    fixed(rssBytes / 2 ** 20, 0).padStart(7),
    String(result.failures),
  ].join('  '));
  return [header, ...lines].join('\n');
}

export interface Target {
  minRatio: number;
  maxP99Ms: number;
}

/** Names the queries that miss the target, each against its own baseline; empty when all meet it. */
export function missedTargets(rows: Row[], target: Target): string[] {
  return rows
    .filter(({ result, baselineRps }) => result.failures > 0 || result.requestsPerSecond / baselineRps < target.minRatio || result.p99Ms >= target.maxP99Ms)
    .map(({ name }) => name);
}
