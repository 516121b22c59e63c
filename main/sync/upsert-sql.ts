/**
 * `INSERT … ON CONFLICT (key) DO UPDATE` over named parameters (`@field`), so that a page the sync
 * applies twice leaves the same row as once. `extra` adds columns with fixed SQL values (an
 * entity's type), set on insert and update alike.
 */
export function upsertSql(table: string, fields: readonly string[], key: string, extra: Record<string, string> = {}): string {
  const columns = [...fields, ...Object.keys(extra)];
  const values = [...fields.map((f) => `@${f}`), ...Object.values(extra)];
  const updates = [...fields.filter((f) => f !== key).map((f) => `${f} = excluded.${f}`), ...Object.keys(extra).map((f) => `${f} = excluded.${f}`)];
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${values.join(', ')}) ON CONFLICT (${key}) DO UPDATE SET ${updates.join(', ')}`;
}

/**
 * `INSERT` (or, with `replace`, `INSERT OR REPLACE`) over named parameters (`@field`); columns are
 * quoted, since some are keywords (`"index"`). `extra` adds columns with fixed SQL values, as upsertSql's.
 */
export function insertSql(table: string, fields: readonly string[], { replace = false, extra = {} as Record<string, string> } = {}): string {
  const columns = [...fields, ...Object.keys(extra)].map((f) => `"${f}"`);
  const values = [...fields.map((f) => `@${f}`), ...Object.values(extra)];
  return `INSERT${replace ? ' OR REPLACE' : ''} INTO ${table} (${columns.join(', ')}) VALUES (${values.join(', ')})`;
}
