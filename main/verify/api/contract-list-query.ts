import { singleParam } from './contract-lookup.ts';
import { invalidParameter } from './sourcify-v2-errors.ts';

/** Sourcify's most and default page size for GET /v2/contracts/{chainId}. */
export const CONTRACT_LIST_MAX_LIMIT = 200;

export interface ContractListQuery {
  /** Newest first (Sourcify's default, `sort=desc`), or oldest first (`sort=asc`). */
  descending: boolean;
  limit: number;
  /** The last matchId of the previous page; null for the first page. */
  afterMatchId: number | null;
}

/**
 * Reads `sort`, `limit` and `afterMatchId` as Sourcify's OpenAPI schema has them, a wrong one a
 * 400 in the validator's words Sourcify passes on (`request/query/limit must be <= 200`).
 * `afterMatchId` must be a match id (digits): Sourcify would fail on anything else with a 500.
 */
export function contractListQuery(query: unknown): ContractListQuery {
  const q = (query ?? {}) as Record<string, unknown>;
  const sort = singleParam(q.sort, 'request/query/sort must be given once');
  if (sort !== undefined && sort !== 'asc' && sort !== 'desc') throw invalidParameter('request/query/sort must be equal to one of the allowed values: asc, desc');
  return {
    descending: sort !== 'asc',
    limit: limitOf(singleParam(q.limit, 'request/query/limit must be given once')),
    afterMatchId: afterMatchIdOf(singleParam(q.afterMatchId, 'request/query/afterMatchId must be given once')),
  };
}

function limitOf(text: string | undefined): number {
  if (text === undefined) return CONTRACT_LIST_MAX_LIMIT;
  if (!/^-?\d+(\.\d+)?$/.test(text)) throw invalidParameter('request/query/limit must be number');
  const limit = Number(text);
  if (limit < 1) throw invalidParameter('request/query/limit must be >= 1');
  if (limit > CONTRACT_LIST_MAX_LIMIT) throw invalidParameter(`request/query/limit must be <= ${CONTRACT_LIST_MAX_LIMIT}`);
  return Math.floor(limit); // Sourcify reads it with parseInt
}

function afterMatchIdOf(text: string | undefined): number | null {
  // An empty cursor is no cursor, as Sourcify reads it.
  if (text === undefined || text === '') return null;
  if (!/^\d{1,15}$/.test(text)) throw invalidParameter(`request/query/afterMatchId must be the matchId of a listed contract (a whole number), not "${text.slice(0, 40)}"`);
  return Number(text);
}
