/**
 * Serving statements bind their values opaquely. Compared with an indexed column (or as a
 * `LIMIT`), a plain `?` lets the STAT4 statistics (written by ANALYZE) estimate the plan from
 * the bound value, so SQLite re-prepares the statement, parsing and planning it again, every
 * time it is bound: 20-200 us per statement on the 6 GB bench dataset, several times the
 * lookup itself (an account's token relationships: 135 us with `?`, 29 us without). A unary
 * plus hides the value from the planner and leaves the comparison, its affinity and the index
 * used as they were (the query-plan tests pin those plans): `+x` is a no-op on any value.
 *
 * Where a plan must depend on a value, the services choose it themselves (plan probes,
 * INDEXED BY), so no serving statement wants SQLite to look into its values.
 */
export function withOpaqueParams(sql: string): string {
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const end = verbatimEnd(sql, i);
    if (end > i) {
      out += sql.slice(i, end);
      i = end;
      continue;
    }
    const length = parameterLength(sql, i);
    if (length > 0) {
      if (sql[i - 1] !== '+') out += '+';
      out += sql.slice(i, i + length);
      i += length;
      continue;
    }
    out += sql[i];
    i++;
  }
  return out;
}

/**
 * The index just past text starting at `start` that holds no parameter: a quoted string or
 * identifier ('', "", ``, [], a doubled quote escaping it) or a comment (`--` to the line's
 * end, or a block comment); `start` itself when none starts there.
 */
function verbatimEnd(sql: string, start: number): number {
  const char = sql[start];
  if (char === "'" || char === '"' || char === '`') return closingQuote(sql, start, char);
  if (char === '[') return closingQuote(sql, start, ']');
  if (char === '-' && sql[start + 1] === '-') {
    const end = sql.indexOf('\n', start);
    return end < 0 ? sql.length : end;
  }
  if (char === '/' && sql[start + 1] === '*') {
    const end = sql.indexOf('*/', start + 2);
    return end < 0 ? sql.length : end + 2;
  }
  return start;
}

function closingQuote(sql: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < sql.length) {
    if (sql[i] === quote) {
      if (sql[i + 1] !== quote) return i + 1;
      i += 2;
    } else {
      i++;
    }
  }
  return sql.length;
}

/** The length of the parameter (`?`, `?NNN`, `:name`, `@name`, `$name`) at `i`, or 0. */
function parameterLength(sql: string, i: number): number {
  const char = sql[i];
  if (char === '?') return 1 + /^\d*/.exec(sql.slice(i + 1))![0].length;
  // `:`, `@` and `$` start a parameter only where a name could not go on (`a$b` is one name).
  if ((char === ':' || char === '@' || char === '$') && !/[A-Za-z0-9_$]/.test(sql[i - 1] ?? '')) {
    // SQLite lets a `$name` go on with `::suffix` and `(...)`; no serving statement uses those.
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(sql.slice(i + 1));
    return name ? 1 + name[0].length : 0;
  }
  return 0;
}
