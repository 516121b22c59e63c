import { parseRoute } from './hash-route.ts';
import { classifySearch } from './search-input.ts';
import { resolveSearch, type MirrorGetter } from './search-resolve.ts';

/** The by-id pages whose id may name another kind of entity (they share one id space). */
const ENTITY_NOUNS = new Set(['account', 'contract', 'token', 'topic', 'schedule']);

/** Where else an id lives, found as the search box would find it. */
export interface FoundElsewhere {
  /** What it is there: `token`, `contract`, … */
  kind: string;
  hash: string;
}

/**
 * What an entity id a by-id page found nothing for is instead (an account page opened for
 * 0.0.1001, which is a token): the first kind the search finds it as, when that is not the
 * page's own. Null when it is nothing else, the page is not an entity's, or the lookup failed
 * (the page has said "not found" already; this only adds a way on).
 */
export async function foundElsewhere(id: string, noun: string, get: MirrorGetter): Promise<FoundElsewhere | null> {
  // An entity id as the search box reads one (shard.realm.num): a hash or address names no other kind.
  if (!ENTITY_NOUNS.has(noun) || classifySearch(id).kind !== 'entity-id') return null;
  const outcome = await resolveSearch(id, get);
  const hash = outcome.kind === 'found' ? outcome.hash : outcome.kind === 'choice' ? outcome.options[0]!.hash : null;
  if (hash === null) return null;
  const kind = parseRoute(hash, '').screen;
  return kind === noun || !ENTITY_NOUNS.has(kind) ? null : { kind, hash };
}
