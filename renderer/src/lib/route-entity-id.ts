import { queryChecksumProblem } from './entity-checksum.ts';
import { typedText } from './invisible-characters.ts';
import { classifySearch } from './search-input.ts';

/** What an entity page's address names: no id, an id as the mirror API takes it, or text refused in words. */
export type RouteEntityId =
  | { kind: 'none' }
  | { kind: 'id'; id: string }
  | { kind: 'refused'; text: string; reason: string };

/**
 * The id of an entity page's address (`#/account?id=…`, a token's, a contract's, …) read as the
 * search box and the account filters read one: invisible characters and the spaces around it
 * dropped, and a HIP-15 checksum (`0.0.1009-rtwgr`, the form the account page itself shows to
 * copy) checked against the profile's network and dropped, as the mirror API refuses the
 * checksummed form; one that does not fit is refused, saying why. Anything else is left for the
 * mirror to judge.
 */
export function readRouteEntityId(raw: string | null, chainId: number | null): RouteEntityId {
  const text = typedText(raw ?? '');
  if (text === '') return { kind: 'none' };
  const query = classifySearch(text);
  if (query.kind !== 'entity-id' || query.checksum === undefined) return { kind: 'id', id: text };
  const problem = queryChecksumProblem(query, chainId);
  return problem === null ? { kind: 'id', id: query.id } : { kind: 'refused', text, reason: problem };
}
