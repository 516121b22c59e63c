/**
 * Where a request's time goes, for the benchmark's reading: each scenario's requests run once
 * more, one at a time, inside this process through the mirror API (response cache off), with
 * every SQLite statement timed (statement-tally.ts). The load figures say how fast a query is;
 * these say how much of it is SQLite, and whether the target is within reach at all.
 *
 * The reasoning the table prints: the trivial route takes 1/R seconds of server time per
 * request at R requests/s, nearly all of it HTTP work every route pays. A query reaches half
 * of R only if its own work fits in one such request time more, so 1/R is the query's budget;
 * the time its SQLite statements take is a floor under that work.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { defaultMirrorApiConfig } from '../mirror/config.ts';
import { createMirrorApi } from '../mirror/mirror-api.ts';
import { LedgerStore } from '../mirror/store/ledger-store.ts';
import type { Scenario } from './accounts-scenarios.ts';
import { tallyStatements, type StatementTally } from './statement-tally.ts';

export interface QueryCost {
  name: string;
  requests: number;
  /** Answers other than 200: a scenario that fails is not measuring what it says. */
  failures: number;
  /** Per request, microseconds: the whole in-process round trip (Fastify's inject). */
  handlerUs: number;
  /** Per request, microseconds: inside SQLite statements (rows to JavaScript included). */
  sqliteUs: number;
  statements: number;
  rows: number;
}

/**
 * Requests before the timed ones: they prepare the statements and let the JIT settle on the
 * request path (with 20, the injected trivial route still measured slower than a page of token balances).
 */
const WARMUP = 200;

/** The first row: the load bench's trivial route, injected the same way, for reading the handler column. */
export const IN_PROCESS_BASELINE = 'trivial route (in-process)';

export async function measureQueryCosts(file: string, scenarios: readonly Scenario[], requests: number): Promise<QueryCost[]> {
  const store = new LedgerStore({ file, readonly: true });
  const tally = tallyStatements(store.db); // before the API exists, so that every statement it prepares is counted
  const config = defaultMirrorApiConfig();
  const api = createMirrorApi(store, () => config, false, { responseCache: false });
  const trivial = Fastify({ logger: false });
  trivial.get('/hello', async () => ({ hello: 'world' }));
  try {
    const costs = [await measureOne(trivial, { name: IN_PROCESS_BASELINE, paths: ['/hello'] }, requests, tally)];
    for (const scenario of scenarios) costs.push(await measureOne(api.server, scenario, requests, tally));
    return costs;
  } finally {
    await trivial.close();
    await api.server.close();
    store.close();
  }
}

async function measureOne(server: FastifyInstance, scenario: Scenario, requests: number, tally: StatementTally): Promise<QueryCost> {
  let failures = 0;
  const get = async (index: number): Promise<void> => {
    const response = await server.inject({ method: 'GET', url: scenario.paths[index % scenario.paths.length]! });
    if (response.statusCode !== 200) failures += 1;
  };
  for (let i = 0; i < WARMUP; i++) await get(requests + i);
  failures = 0;
  tally.reset();
  const started = performance.now();
  for (let i = 0; i < requests; i++) await get(i);
  const us = (ms: number): number => (ms * 1000) / requests;
  return {
    name: scenario.name,
    requests,
    failures,
    handlerUs: us(performance.now() - started),
    sqliteUs: us(tally.ms),
    statements: tally.statements / requests,
    rows: tally.rows / requests,
  };
}

/** The table, with each query's SQLite time as a multiple of the budget the baseline leaves it. */
export function formatQueryCosts(costs: readonly QueryCost[], baselineRps: number): string {
  const budgetUs = 1e6 / baselineRps;
  const width = Math.max(...costs.map((c) => c.name.length), 5);
  const header = `${'query'.padEnd(width)}  ${'handler us'.padStart(10)}  ${'sqlite us'.padStart(9)}  ${'statements'.padStart(10)}  ${'rows'.padStart(6)}  ${'sqlite/budget'.padStart(13)}  failures`;
  const lines = costs.map((c) => [
    c.name.padEnd(width),
    c.handlerUs.toFixed(0).padStart(10),
    c.sqliteUs.toFixed(0).padStart(9),
    c.statements.toFixed(1).padStart(10),
    c.rows.toFixed(1).padStart(6),
    `${(c.sqliteUs / budgetUs).toFixed(2)}x`.padStart(13),
    String(c.failures),
  ].join('  '));
  const beyond = costs.filter((c) => c.sqliteUs > budgetUs).map((c) => c.name);
  // As served, a repeated query is a response-cache hit and runs no statement; the verdict is
  // about answers computed from the store, which is what every new lookup target needs.
  const verdict = beyond.length === 0
    ? 'answered from the store, every query\'s statements fit in the budget: the rest of its work decides whether it meets the target'
    : `answered from the store (not from the response cache), these cannot reach the target: their statements alone exceed the budget: ${beyond.join(', ')}`;
  return [
    `budget: ${budgetUs.toFixed(0)} us of work per request above the trivial route's (one trivial request at the baseline's ${Math.round(baselineRps)} req/s); ` +
      'a query within it reaches half the baseline\'s rate',
    header,
    ...lines,
    verdict,
  ].join('\n');
}
