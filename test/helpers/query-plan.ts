import { withOpaqueParams } from '../../main/mirror/query/opaque-param.ts';
import type { SqliteDatabase } from '../../main/mirror/store/ledger-store.ts';

export interface PlanRow { id: number; parent: number; detail: string }

/**
 * EXPLAIN QUERY PLAN of a statement as the mirror prepares it: with its values bound opaquely,
 * as StatementCache binds them, so a plan test pins the plan that serves requests.
 */
export function explainRows(db: SqliteDatabase, sql: string, params: readonly unknown[]): PlanRow[] {
  return db.prepare(`EXPLAIN QUERY PLAN ${withOpaqueParams(sql)}`).all(...params) as PlanRow[];
}

/** The plan's lines (their `detail`), in order. */
export function explainPlan(db: SqliteDatabase, sql: string, params: readonly unknown[]): string[] {
  return explainRows(db, sql, params).map((row) => row.detail);
}
