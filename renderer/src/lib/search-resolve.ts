import type { ApiResult } from '../../../main/common/api-contract.ts';
import { checkEntityChecksum } from './entity-checksum.ts';
import { blockHref, entityHref, tokensHref, type EntityKind } from './explorer-routes.ts';
import { mirrorPath } from './mirror-source.ts';
import { settledApiCall } from './settled-api-call.ts';
import { classifySearch, describeSearch, type SearchQuery } from './search-input.ts';

/** One place a query may exist: the API path to ask, and where its answer leads, if anywhere. */
export interface SearchCandidate {
  path: string;
  /** The screen to open for the answer, routed by the canonical id it holds rather than what was typed; null for none. */
  hrefOf: (body: unknown) => string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** A by-id resource: found when its answer names the entity in `field`. */
const byId = (kind: EntityKind, path: string, field: string): SearchCandidate => ({
  path,
  hrefOf: (body) => {
    const id = text((body as Record<string, unknown> | null)?.[field]);
    return id ? entityHref(kind, id) : null;
  },
});

const contract = (id: string) => byId('contract', mirrorPath(['contracts', id]), 'contract_id');
const account = (id: string) => byId('account', mirrorPath(['accounts', id], { transactions: 'false' }), 'account');
const token = (id: string) => byId('token', mirrorPath(['tokens', id]), 'token_id');
const topic = (id: string) => byId('topic', mirrorPath(['topics', id]), 'topic_id');
const schedule = (id: string) => byId('schedule', mirrorPath(['schedules', id]), 'schedule_id');

/** A block by its 48-byte hash or the first 32 bytes of it (what Ethereum tools show as a block hash). */
const block = (hash: string): SearchCandidate => ({
  path: mirrorPath(['blocks', hash]),
  hrefOf: (body) => {
    const number = (body as { number?: unknown } | null)?.number;
    return typeof number === 'number' ? blockHref(number) : null;
  },
});

/** Tokens by part of their name: one match opens it, several open the Tokens screen filtered by the name. */
const tokensNamed = (name: string): SearchCandidate => ({
  path: mirrorPath(['tokens'], { name, limit: 2 }),
  hrefOf: (body) => {
    const tokens = (body as { tokens?: Array<{ token_id?: unknown }> } | null)?.tokens ?? [];
    if (tokens.length > 1) return tokensHref({ name });
    const id = text(tokens[0]?.token_id);
    return id ? entityHref('token', id) : null;
  },
});

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
      const transaction = { path: mirrorPath(['transactions', key]), hrefOf: () => entityHref('transaction', key) };
      // A block's hash is as long as a transaction's.
      return query.kind === 'transaction-hash' ? [transaction, block(query.hash)] : [transaction];
    }
    case 'ethereum-hash':
      return [{ path: mirrorPath(['contracts', 'results', query.hash]), hrefOf: () => entityHref('contract-result', query.hash) }, block(query.hash)];
    case 'token-name': return [tokensNamed(query.name)];
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
 * order above. "Not found" and "not valid for this resource" answers move on; so does
 * "unavailable" (a synced profile offline cannot tell whether an id it does not hold is an
 * account: the same id held as a token is still found), which is reported when nothing is found.
 * Any other failure is reported rather than hidden behind "nothing found".
 */
export async function resolveSearch(input: string, get: MirrorGetter, chainId: number | null = null): Promise<SearchOutcome> {
  const query = classifySearch(input);
  if (query.kind === 'empty') return { kind: 'invalid', message: 'Type an id, address, alias, transaction id, hash or token name' };
  if (query.kind === 'invalid') {
    return { kind: 'invalid', message: `“${input.trim()}” is not an entity id, EVM address, alias, transaction id, hash or token name (3 characters or more)` };
  }
  // A checksum is checked against the profile's network (`chainId`) before anything is asked.
  if ((query.kind === 'entity-id' || query.kind === 'transaction-id') && query.checksum !== undefined) {
    const checked = checkEntityChecksum(query.kind === 'entity-id' ? query.id : query.id.split('-')[0]!, query.checksum, chainId);
    if (!checked.ok) return { kind: 'invalid', message: checked.message };
  }
  const candidates = searchCandidates(query);
  const answers = await Promise.all(candidates.map((candidate) => settledApiCall(() => get(candidate.path))));
  let unavailable: string | null = null;
  for (const [i, answer] of answers.entries()) {
    const candidate = candidates[i]!;
    if (answer.ok) {
      const hash = candidate.hrefOf(answer.value);
      if (hash) return { kind: 'found', hash };
      continue;
    }
    if (answer.error.code === 'unavailable') {
      // The mirror's own 503 (its upstream cannot be reached) speaks of one candidate; the search of all of them.
      unavailable ??= answer.error.mirror?.status === 503
        ? `No ${describeSearch(query)} in this synced store, and its upstream mirror node cannot be reached to look there`
        : answer.error.message;
    } else if (answer.error.code !== 'not-found' && answer.error.code !== 'invalid-input') return { kind: 'error', message: answer.error.message };
  }
  if (unavailable !== null) return { kind: 'error', message: unavailable };
  return { kind: 'not-found', message: `No ${describeSearch(query)} in the local mirror` };
}
