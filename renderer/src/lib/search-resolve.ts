import type { ApiResult } from '../../../main/common/api-contract.ts';
import { entityHref, type EntityKind } from './explorer-routes.ts';
import { mirrorPath } from './mirror-source.ts';
import { settledApiCall } from './settled-api-call.ts';
import { classifySearch, describeSearch, type SearchQuery } from './search-input.ts';

/** One place a query may exist: the API path to ask, and the screen and id it opens when found. */
export interface SearchCandidate {
  path: string;
  kind: EntityKind;
  /** The id to route with, read from the answer (the canonical id rather than what was typed). */
  idOf: (body: unknown) => string | null;
}

const field = (name: string) => (body: unknown): string | null => {
  const value = (body as Record<string, unknown> | null)?.[name];
  return typeof value === 'string' ? value : null;
};

const contract = (id: string): SearchCandidate => ({ path: mirrorPath(['contracts', id]), kind: 'contract', idOf: field('contract_id') });
const account = (id: string): SearchCandidate => ({ path: mirrorPath(['accounts', id], { transactions: 'false' }), kind: 'account', idOf: field('account') });
const token = (id: string): SearchCandidate => ({ path: mirrorPath(['tokens', id]), kind: 'token', idOf: field('token_id') });
const topic = (id: string): SearchCandidate => ({ path: mirrorPath(['topics', id]), kind: 'topic', idOf: field('topic_id') });
const schedule = (id: string): SearchCandidate => ({ path: mirrorPath(['schedules', id]), kind: 'schedule', idOf: field('schedule_id') });

/**
 * Where to look, most specific first: an id that is a contract is also listed as an account,
 * so contracts come before accounts; tokens, topics and schedules share the id space with both.
 */
export function searchCandidates(query: SearchQuery): SearchCandidate[] {
  switch (query.kind) {
    case 'entity-id': return [contract(query.id), account(query.id), token(query.id), topic(query.id), schedule(query.id)];
    case 'evm-address': return [contract(query.address), account(query.address), token(query.address)];
    case 'alias': return [account(query.alias)];
    case 'transaction-id':
    case 'transaction-hash': {
      const key = query.kind === 'transaction-id' ? query.id : query.hash;
      return [{ path: mirrorPath(['transactions', key]), kind: 'transaction', idOf: () => key }];
    }
    case 'ethereum-hash':
      return [{ path: mirrorPath(['contracts', 'results', query.hash]), kind: 'contract-result', idOf: () => query.hash }];
    default:
      return [];
  }
}

export type SearchOutcome =
  | { kind: 'found'; hash: string }
  | { kind: 'not-found' | 'invalid' | 'error'; message: string };

export type MirrorGetter = (path: string) => Promise<ApiResult<unknown>>;

/**
 * Asks every candidate at once (a handful of local calls) and takes the first found in the
 * order above. "Not found" and "not valid for this resource" answers move on; any other
 * failure is reported rather than hidden behind "nothing found".
 */
export async function resolveSearch(input: string, get: MirrorGetter): Promise<SearchOutcome> {
  const query = classifySearch(input);
  if (query.kind === 'empty') return { kind: 'invalid', message: 'Type an id, address, alias, transaction id or hash' };
  if (query.kind === 'invalid') {
    return { kind: 'invalid', message: `“${input.trim()}” is not an entity id, EVM address, alias, transaction id or hash` };
  }
  const candidates = searchCandidates(query);
  const answers = await Promise.all(candidates.map((candidate) => settledApiCall(() => get(candidate.path))));
  for (const [i, answer] of answers.entries()) {
    const candidate = candidates[i]!;
    if (answer.ok) {
      const id = candidate.idOf(answer.value);
      if (id) return { kind: 'found', hash: entityHref(candidate.kind, id) };
      continue;
    }
    if (answer.error.code !== 'not-found' && answer.error.code !== 'invalid-input') return { kind: 'error', message: answer.error.message };
  }
  return { kind: 'not-found', message: `No ${describeSearch(query)} in the local mirror` };
}
