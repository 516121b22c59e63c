import { migration001 } from './001-entities-and-balances.ts';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Every schema change in order. Append only: a released migration is never edited. */
export const MIGRATIONS: readonly Migration[] = [migration001];
