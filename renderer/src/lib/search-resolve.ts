import type { ApiResult } from '../../../main/common/api-contract.ts';
import { READ_THROUGH_OPENINGS } from '../../../main/common/read-through-openings.ts';
import { queryChecksumProblem } from './entity-checksum.ts';
import { blockHref, entityHref, nftHref, tokensHref, type EntityKind } from './explorer-routes.ts';
import { mirrorPath } from './mirror-source.ts';
import { settledApiCall } from './settled-api-call.ts';
import { blockNumberTooLarge } from './block-number.ts';
import { typedText } from './invisible-characters.ts';
import { classifySearch, describeSearch, type SearchQuery } from './search-input.ts';
import { transactionAtOf, transactionAtPath } from './transaction-at.ts';
import { quoteTyped } from './typed-quote.ts';

/** One place a query may exist: the API path to ask, and where its answer leads, if anywhere. */
export interface SearchCandidate {
  path: string;
  /** The screen to open for the answer, routed by the canonical id it holds rather than what was typed; null for none. */
  hrefOf: (body: unknown) => string | null;
  /** What the answer is, offered when the text names more than one thing (`account 0.0.5`, `block 5`). */
  label: string;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** A by-id resource: found when its answer names the entity in `field`. */
const byId = (kind: EntityKind, path: string, field: string, id: string): SearchCandidate => ({
  path,
  label: `${kind} ${id}`,
  hrefOf: (body) => {
    const id = text((body as Record<string, unknown> | null)?.[field]);
    return id ? entityHref(kind, id) : null;
  },
});

const contract = (id: string) => byId('contract', mirrorPath(['contracts', id]), 'contract_id', id);
const account = (id: string) => byId('account', mirrorPath(['accounts', id], { transactions: 'false' }), 'account', id);
const token = (id: string) => byId('token', mirrorPath(['tokens', id]), 'token_id', id);
const topic = (id: string) => byId('topic', mirrorPath(['topics', id]), 'topic_id', id);
const schedule = (id: string) => byId('schedule', mirrorPath(['schedules', id]), 'schedule_id', id);

/** A block by its number, its 48-byte hash or the first 32 bytes of it (what Ethereum tools show as a block hash). */
const block = (hashOrNumber: string): SearchCandidate => ({
  path: mirrorPath(['blocks', hashOrNumber]),
  label: `block ${hashOrNumber}`,
  hrefOf: (body) => {
    const number = (body as { number?: unknown } | null)?.number;
    return typeof number === 'number' ? blockHref(number) : null;
  },
});

/** One serial of a collection, opened by the ids its answer names. */
const nft = (tokenId: string, serial: string): SearchCandidate => ({
  path: mirrorPath(['tokens', tokenId, 'nfts', serial]),
  label: `NFT ${tokenId} #${serial}`,
  hrefOf: (body) => {
    const answer = body as { token_id?: unknown; serial_number?: unknown } | null;
    const token = text(answer?.token_id);
    const serial = answer?.serial_number;
    return token && (typeof serial === 'number' || typeof serial === 'bigint') ? nftHref(token, serial) : null;
  },
});

/** Tokens by part of their name: one match opens it, several open the Tokens screen filtered by the name. */
const tokensNamed = (name: string): SearchCandidate => ({
  path: mirrorPath(['tokens'], { name, limit: 2 }),
  label: `tokens named “${name}”`,
  hrefOf: (body) => {
    const tokens = (body as { tokens?: Array<{ token_id?: unknown }> } | null)?.tokens ?? [];
    if (tokens.length > 1) return tokensHref({ name });
    const id = text(tokens[0]?.token_id);
    return id ? entityHref('token', id) : null;
  },
});

const entities = (id: string): SearchCandidate[] => [contract(id), account(id), token(id), topic(id), schedule(id)];

/**
 * Where to look: one group per meaning the text may have, each most specific first. An id that
 * is a contract is also listed as an account, so contracts come before accounts; tokens, topics
 * and schedules share the id space with both. A whole number alone means an entity or a block,
 * neither more likely (both run from 0 up), so both are looked for and both offered if both exist.
 */
export function searchCandidateGroups(query: SearchQuery): SearchCandidate[][] {
  switch (query.kind) {
    case 'entity-id': return [entities(query.id)];
    case 'number': return [entities(query.id), [block(query.block)]];
    case 'block': return [[block(query.block)]];
    case 'evm-address': return [[contract(query.address), account(query.address), token(query.address)]];
    case 'alias': return [[account(query.alias)]];
    // Both meanings, each found one offered: an alias upper-cased, or a word of a name.
    case 'alias-or-name': return [[account(query.alias)], [tokensNamed(query.name)]];
    case 'nft': return [[nft(query.token, query.serial)]];
    case 'transaction-id':
    case 'transaction-hash': {
      const key = query.kind === 'transaction-id' ? query.id : query.hash;
      const transaction = { path: mirrorPath(['transactions', key]), hrefOf: () => entityHref('transaction', key), label: `transaction ${key}` };
      // A block's hash is as long as a transaction's.
      return [query.kind === 'transaction-hash' ? [transaction, block(query.hash)] : [transaction]];
    }
    case 'consensus-timestamp':
      return [[{ path: transactionAtPath(query.timestamp), hrefOf: (body) => transactionAtOf(body)?.href ?? null, label: `transaction at ${query.timestamp}` }]];
    case 'ethereum-hash':
      return [[{ path: mirrorPath(['contracts', 'results', query.hash]), hrefOf: () => entityHref('contract-result', query.hash), label: `contract result ${query.hash}` }, block(query.hash)]];
    case 'token-name': return [[tokensNamed(query.name)]];
    default:
      return [];
  }
}

/** Every place to look, in order. */
export function searchCandidates(query: SearchQuery): SearchCandidate[] {
  return searchCandidateGroups(query).flat();
}

/** A screen the search may open, and what it shows. */
export interface SearchOption { label: string; hash: string }

export type SearchOutcome =
  | { kind: 'found'; hash: string }
  /** The text names several things that exist (an account and a block of the same number): the user picks. */
  | { kind: 'choice'; message: string; options: SearchOption[] }
  | { kind: 'not-found' | 'invalid' | 'error'; message: string };

/** What one group of candidates came to: the first found in its order, a failure that stops it, or nothing. */
type GroupOutcome = { kind: 'found'; option: SearchOption } | { kind: 'error' | 'unavailable'; message: string } | { kind: 'none' };

export type MirrorGetter = (path: string) => Promise<ApiResult<unknown>>;

/**
 * Asks every candidate at once (a handful of local calls) and takes, in each group, the first
 * found in the order above. "Not found" and "not valid for this resource" answers move on; so
 * does "unavailable" (a synced profile offline cannot tell whether an id it does not hold is an
 * account: the same id held as a token is still found), which is reported when nothing is found.
 * Any other failure is reported rather than hidden behind "nothing found", unless another
 * meaning of the text was found. Found in two groups, both are offered.
 */
export async function resolveSearch(input: string, get: MirrorGetter, chainId: number | null = null): Promise<SearchOutcome> {
  const query = classifySearch(input);
  const typed = typedText(input);
  if (query.kind === 'empty') return { kind: 'invalid', message: 'Type an id, address, alias, transaction id, hash, block number, consensus time or token name' };
  if (query.kind === 'invalid') {
    return {
      kind: 'invalid',
      message: blockNumberTooLarge(typed)
        ?? `${quoteTyped(typed)} is not an entity id, NFT (token id/serial), EVM address, alias, transaction id, hash, block number, consensus time or token name (3 characters or more)`,
    };
  }
  // A checksum is checked against the profile's network (`chainId`) before anything is asked.
  const checksumProblem = queryChecksumProblem(query, chainId);
  if (checksumProblem !== null) return { kind: 'invalid', message: checksumProblem };
  const groups = await Promise.all(searchCandidateGroups(query).map((group) => resolveGroup(group, get, query)));
  const found = groups.flatMap((group) => (group.kind === 'found' ? [group.option] : []));
  if (found.length === 1) return { kind: 'found', hash: found[0]!.hash };
  if (found.length > 1) return { kind: 'choice', message: `${quoteTyped(typed)} could be`, options: found };
  const failures = groups.flatMap((group) => (group.kind === 'error' || group.kind === 'unavailable' ? [group] : []));
  const failure = failures.find((group) => group.kind === 'error') ?? failures[0];
  if (failure) return { kind: 'error', message: failure.message };
  return { kind: 'not-found', message: `No ${describeSearch(query)} in the local mirror` };
}

/** A time of day as main's clock-time.ts writes it, `14:05:09`. */
const CLOCK_TIME = /^\d{1,2}:\d{2}:\d{2}(?!\d)/;

/**
 * Why a synced store's mirror could not ask its upstream, from its 503's opening words, as the end of
 * a sentence about the whole search; null for any other 503 (the demo ledger being generated, a
 * damaged store, a profile switch cutting the request short), which is about the whole ledger.
 */
function whyNotAsked(message: string): string | null {
  const opens = (words: string) => message.startsWith(words);
  if (opens(READ_THROUGH_OPENINGS.unreachable)) return 'its upstream mirror node cannot be reached to look there';
  if (opens(READ_THROUGH_OPENINGS.slow)) return 'its upstream mirror node did not answer in time; try again in a moment';
  if (opens(READ_THROUGH_OPENINGS.compacting)) return 'the store is being compacted, so its upstream cannot be asked now; try again in a moment';
  if (opens(READ_THROUGH_OPENINGS.storeFull)) {
    // "The local store cannot grow: the disk is full (0 KiB free in /data), so it cannot take …": the disk's words and room.
    const disk = /^: (the disk is full \([^)]*\))/.exec(message.slice(READ_THROUGH_OPENINGS.storeFull.length))?.[1] ?? 'the disk is full';
    return `what its upstream has cannot be stored: ${disk}; free some space on that disk and try again`;
  }
  if (opens(READ_THROUGH_OPENINGS.held)) {
    // The bridge passes the 503's body on, not its Retry-After header: the time is the clock time the message names.
    const until = CLOCK_TIME.exec(message.slice(READ_THROUGH_OPENINGS.held.length).trimStart())?.[0];
    return until === undefined
      ? 'its upstream mirror node asked to wait before it is asked again; try again in a while'
      : `its upstream mirror node asked to wait until ${until} before it is asked again; try again then`;
  }
  if (opens(READ_THROUGH_OPENINGS.failed)) return `its upstream mirror node answered HTTP ${message.slice(READ_THROUGH_OPENINGS.failed.length).trim()}`;
  return null;
}

async function resolveGroup(candidates: readonly SearchCandidate[], get: MirrorGetter, query: SearchQuery): Promise<GroupOutcome> {
  const answers = await Promise.all(candidates.map((candidate) => settledApiCall(() => get(candidate.path))));
  let unavailable: string | null = null;
  let ledgerDown: string | null = null;
  for (const [i, answer] of answers.entries()) {
    const candidate = candidates[i]!;
    if (answer.ok) {
      const hash = candidate.hrefOf(answer.value);
      if (hash) return { kind: 'found', option: { label: candidate.label, hash } };
      continue;
    }
    const notAsked = answer.error.mirror?.status === 503 ? whyNotAsked(answer.error.message) : null;
    // A 503 about the whole ledger (the demo being generated or failed, a damaged store) is said as
    // it is unless another candidate is found: not about any one of them, nor the "synced store" case below.
    if (answer.error.mirror?.status === 503 && notAsked === null) {
      ledgerDown ??= answer.error.message;
    } else if (answer.error.code === 'unavailable') {
      // The read-through's 503 (its upstream could not be asked) speaks of one candidate; the search of all of them.
      unavailable ??= notAsked === null ? answer.error.message : `No ${describeSearch(query)} in this synced store, and ${notAsked}`;
    } else if (answer.error.code !== 'not-found' && answer.error.code !== 'invalid-input') return { kind: 'error', message: answer.error.message };
  }
  if (ledgerDown !== null) return { kind: 'error', message: ledgerDown };
  return unavailable === null ? { kind: 'none' } : { kind: 'unavailable', message: unavailable };
}
