import { queryChecksumProblem } from './entity-checksum.ts';
import type { RouteEntityId } from './route-entity-id.ts';
import { typedText } from './invisible-characters.ts';
import { classifySearch } from './search-input.ts';

/**
 * The id of a transaction page's address (`#/transaction?id=…`) read as the search box reads one
 * (classifySearch), so the page takes every form the box does: the SDK's
 * `0.0.3@1700000000.000000001` and the mirror's `0.0.3-1700000000-000000001` (nanoseconds padded
 * to 9 digits), a payer's HIP-15 checksum checked against the profile's network (one that does not
 * fit is refused, saying why), a 48-byte hash in hex (`0x` or `0X` or none) or in base64 as the
 * API gives it (`+` and `/`, which no address path can carry) or base64url, spaces and invisible
 * characters around any of them dropped. Each comes out in one form: the mirror's id, or the hash
 * as `0x` and lower-case hex, as the transaction page links its own hash. Text with a space inside
 * is refused (no id or hash holds one); anything else is left for the mirror to judge.
 *
 * `given` is the parameter as URLSearchParams reads it, where a `+` is a space; `written`, as the
 * address wrote it (writtenRouteParam), where a `+` is a `+` and a space was typed (`%20`). A base64
 * hash pasted into the address unencoded keeps its `+` there, and only there: a space that was
 * typed is never taken for one, so a 63-character slip with a space in or beside it is no hash.
 */
export function readRouteTransactionId(given: string | null, chainId: number | null, written: string | null = given): RouteEntityId {
  if (typedText(given ?? '') === '') return { kind: 'none' };
  const text = typedText(written ?? given ?? '');
  const query = classifySearch(text);
  if (query.kind === 'transaction-hash') return { kind: 'id', id: query.hash };
  if (query.kind !== 'transaction-id') {
    // Refused here, not put back in the address: written there by URLSearchParams, a space reads as a `+`.
    return /\s/.test(text) ? { kind: 'refused', text, reason: 'A transaction id or hash holds no spaces: check the address.' } : { kind: 'id', id: text };
  }
  const problem = queryChecksumProblem(query, chainId);
  return problem === null ? { kind: 'id', id: query.id } : { kind: 'refused', text, reason: problem };
}

/**
 * The first `name` parameter of a route's query as the address wrote it: its escapes (`%20`, `%2B`)
 * undone but a `+` left a `+`, where URLSearchParams reads a space; null when it is absent, or not
 * an escape a decoder can undo.
 */
export function writtenRouteParam(query: string, name: string): string | null {
  for (const part of query.split('&')) {
    const at = part.indexOf('=');
    const key = at < 0 ? part : part.slice(0, at);
    if (decoded(key.replaceAll('+', ' ')) !== name) continue;
    return at < 0 ? '' : decoded(part.slice(at + 1));
  }
  return null;
}

function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
