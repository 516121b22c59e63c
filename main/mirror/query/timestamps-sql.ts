import { int64ListJson } from '../format/json-out.ts';

/**
 * A statement over a set of consensus timestamps, in two shapes: `=` for one (a lookup by id
 * or hash), and the timestamps as one JSON array for a page, so that a page's statement has
 * one text whatever its size. The array costs about 6 us more per statement than `=`.
 */
export interface TimestampsSql { one: string; many: string }

/** Both shapes of a statement; `build` places the condition on `consensus_timestamp` it is given. */
export function timestampsSql(build: (condition: string) => string): TimestampsSql {
  return { one: build('consensus_timestamp = ?'), many: build('consensus_timestamp IN (SELECT value FROM json_each(?))') };
}

/** The statement text for these timestamps and the one parameter that stands for them. */
export function boundTimestamps(sql: TimestampsSql, timestamps: readonly bigint[]): [string, bigint | string] {
  return timestamps.length === 1 ? [sql.one, timestamps[0]!] : [sql.many, int64ListJson(timestamps)];
}
