/** A query's text and its positional parameters, as the SQL builders return them. */
export type SqlParam = number | bigint | string | Buffer | null;

export interface SqlStatement {
  sql: string;
  params: SqlParam[];
}
