import type { SqliteDatabase } from '../mirror/store/ledger-store.ts';

/** What the statements of one connection did since the tally began (or was reset). */
export interface StatementTally {
  /** Time spent inside `get`, `all` and `run`: SQLite's own work plus building the result rows. */
  ms: number;
  statements: number;
  rows: number;
  reset(): void;
}

/** The executing methods, timed; the others (binding modes, metadata) pass through. */
const EXECUTING = new Set(['get', 'all', 'run']);

/**
 * Times every statement `db` prepares from now on, without touching the code that prepares
 * them: the services keep calling `db.prepare`, and get statements that count their work.
 * Chained modifiers (`safeIntegers`, `pluck`, `raw`, `expand`) return the counting wrapper,
 * so a statement set up as `prepare(sql).safeIntegers(true)` stays counted. `iterate` is not
 * timed (its work happens as the caller steps through it); the API's routes do not use it.
 * For the benchmark only: the wrapper costs a closure call per execution.
 */
export function tallyStatements(db: SqliteDatabase): StatementTally {
  const tally: StatementTally = {
    ms: 0,
    statements: 0,
    rows: 0,
    reset() {
      tally.ms = 0;
      tally.statements = 0;
      tally.rows = 0;
    },
  };
  const prepare = db.prepare.bind(db);
  db.prepare = ((source: string) => counting(prepare(source), tally)) as SqliteDatabase['prepare'];
  return tally;
}

function counting<T extends object>(statement: T, tally: StatementTally): T {
  const wrapper: T = new Proxy(statement, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown;
      if (typeof value !== 'function') return value;
      if (typeof key === 'string' && EXECUTING.has(key)) {
        return (...args: unknown[]) => {
          const started = performance.now();
          try {
            const result = value.apply(target, args) as unknown;
            tally.rows += key === 'all' ? (result as unknown[]).length : key === 'get' && result !== undefined ? 1 : 0;
            return result;
          } finally {
            tally.ms += performance.now() - started;
            tally.statements += 1;
          }
        };
      }
      return (...args: unknown[]) => {
        const result = value.apply(target, args) as unknown;
        return result === target ? wrapper : result;
      };
    },
  });
  return wrapper;
}
