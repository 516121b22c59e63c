import { checkEntityChecksum } from './entity-checksum.ts';
import { longZeroId } from './ledger-format.ts';
import { mirrorPath } from './mirror-source.ts';
import type { MirrorGetter } from './search-resolve.ts';
import { classifySearch, type SearchQuery } from './search-input.ts';
import { settledApiCall } from './settled-api-call.ts';

type FilterId = { ok: true; id: string } | { ok: false; message: string };

/**
 * A filter field's id as the mirror API takes it. An id pasted from a wallet or HashScan
 * (`0.0.123-vfmkw`) becomes `0.0.123` once its checksum fits the profile's network (the API refuses
 * the checksummed form, as the reference does); one that does not fit is refused here, in words.
 * Anything else is left as typed, for the API to judge.
 */
export function idForFilter(text: string, chainId: number | null): FilterId {
  return checksummedId(classifySearch(text), chainId) ?? { ok: true, id: text.trim() };
}

/** The id of a checksummed entity id once its checksum is checked; null for any other query. */
function checksummedId(query: SearchQuery, chainId: number | null): FilterId | null {
  if (query.kind !== 'entity-id' || query.checksum === undefined) return null;
  const check = checkEntityChecksum(query.id, query.checksum, chainId);
  return check.ok ? { ok: true, id: query.id } : check;
}

/**
 * The Transactions screen's account filter as the mirror API takes it (`account.id` holds ids
 * only). People paste what their tools show: an id with its HIP-15 checksum (checked, then
 * dropped), an EVM address (MetaMask, Hardhat) or a key alias, which are looked up as the account
 * they name; a long-zero address is its id as it stands. Anything else is left as typed, for the
 * API to judge.
 */
export async function accountFilterId(text: string, get: MirrorGetter, chainId: number | null): Promise<FilterId> {
  const query = classifySearch(text);
  if (query.kind !== 'evm-address' && query.kind !== 'alias') return checksummedId(query, chainId) ?? { ok: true, id: text.trim() };
  const key = query.kind === 'evm-address' ? query.address : query.alias;
  const longZero = query.kind === 'evm-address' ? longZeroId(query.address) : null;
  if (longZero !== null) return { ok: true, id: longZero };
  const answer = await settledApiCall(() => get(mirrorPath(['accounts', key], { transactions: 'false' })));
  const what = query.kind === 'evm-address' ? `the EVM address ${key}` : `the alias ${key}`;
  if (answer.ok) {
    const id = (answer.value as { account?: unknown } | null)?.account;
    if (typeof id === 'string') return { ok: true, id };
  } else if (answer.error.code !== 'not-found') {
    return { ok: false, message: `The account of ${what} could not be looked up: ${answer.error.message}` };
  }
  return { ok: false, message: `No account in the local mirror has ${what}` };
}
