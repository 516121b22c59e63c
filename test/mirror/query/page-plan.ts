import type { SqliteDatabase } from '../../../main/mirror/store/ledger-store.ts';
import { explainRows, type PlanRow } from '../../helpers/query-plan.ts';

/** A page statement's EXPLAIN QUERY PLAN, in the parts the plan tests pin apart. */
export interface PagePlan {
  /** How the page's rows are found and ordered: the plan of the page subquery, or the whole plan when there is none. */
  walk: string[];
  /** The query around the page subquery: the page, its scan and the token balances column; empty without a page subquery. */
  outer: string[];
  /** The correlated token balances probe, one evaluation per row of the query it belongs to. */
  tokens: string[];
}

/** The rows below the rows `roots` picks, at any depth (rows come parents first). */
function descendants(rows: PlanRow[], roots: (row: PlanRow) => boolean): Set<number> {
  const ids = new Set(rows.filter(roots).map((r) => r.id));
  const below = new Set<number>();
  for (const row of rows) {
    if (ids.has(row.parent)) {
      ids.add(row.id);
      below.add(row.id);
    }
  }
  return below;
}

export function pagePlan(db: SqliteDatabase, sql: string, params: unknown[]): PagePlan {
  const rows = explainRows(db, sql, params);
  const tokens = descendants(rows, (r) => r.detail.startsWith('CORRELATED SCALAR SUBQUERY'));
  const page = descendants(rows, (r) => r.detail === 'CO-ROUTINE page');
  const hasPage = rows.some((r) => r.detail === 'CO-ROUTINE page');
  const inWalk = (r: PlanRow): boolean => (hasPage ? page.has(r.id) : !tokens.has(r.id) && !r.detail.startsWith('CORRELATED SCALAR SUBQUERY'));
  return {
    walk: rows.filter(inWalk).map((r) => r.detail),
    outer: hasPage ? rows.filter((r) => r.parent === 0).map((r) => r.detail) : [],
    tokens: rows.filter((r) => tokens.has(r.id)).map((r) => r.detail),
  };
}
