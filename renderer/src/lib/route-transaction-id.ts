import { checkEntityChecksum } from './entity-checksum.ts';
import type { RouteEntityId } from './route-entity-id.ts';
import { typedText } from './invisible-characters.ts';
import { classifySearch } from './search-input.ts';

/**
 * The id of a transaction page's address (`#/transaction?id=…`) read as the search box reads one
 * (classifySearch), so the page takes every form the box does: the SDK's
 * `0.0.3@1700000000.000000001` and the mirror's `0.0.3-1700000000-000000001` (nanoseconds padded
 * to 9 digits), a payer's HIP-15 checksum checked against the profile's network (one that does not
 * fit is refused, saying why), a 48-byte hash in hex (`0x` or `0X` or none) or in base64 as the
 * API gives it (`+` and `/`, which no address path can carry; a `+` the address turned into a
 * space read back as one) or base64url, spaces and invisible
 * characters around any of them dropped. Each comes out in one form: the mirror's id, or the hash
 * as `0x` and lower-case hex, as the transaction page links its own hash. Anything else is left
 * for the mirror to judge.
 */
export function readRouteTransactionId(raw: string | null, chainId: number | null): RouteEntityId {
  const text = typedText(raw ?? '');
  if (text === '') return { kind: 'none' };
  // A `+` of a base64 hash pasted into the address unencoded reads as a space in a query string,
  // also at its ends (where spaces typed around it are dropped).
  const unspaced = [raw ?? '', text].map((given) => classifySearch(given.replaceAll(' ', '+'))).find((read) => read.kind === 'transaction-hash');
  const query = unspaced ?? classifySearch(text);
  if (query.kind === 'transaction-hash') return { kind: 'id', id: query.hash };
  if (query.kind !== 'transaction-id') return { kind: 'id', id: text };
  if (query.checksum === undefined) return { kind: 'id', id: query.id };
  const check = checkEntityChecksum(query.id.split('-')[0]!, query.checksum, chainId);
  return check.ok ? { kind: 'id', id: query.id } : { kind: 'refused', text, reason: check.message };
}
