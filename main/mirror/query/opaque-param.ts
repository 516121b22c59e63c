/**
 * A bound value the SQLite planner cannot look into, for hot statements whose plan does not
 * depend on the value. Compared with an indexed column (or as a `LIMIT`), a plain `?` lets
 * the STAT4 statistics (written by ANALYZE) estimate the plan from the bound value, so SQLite
 * re-prepares the statement, parsing and planning it again, every time it is bound: 20-200 us
 * per statement on the 6 GB bench dataset, several times the lookup itself. The unary plus
 * hides the value and leaves the comparison, its affinity and the index used as they were
 * (the query-plan tests pin those plans).
 */
export const OPAQUE_PARAM = '+?';
