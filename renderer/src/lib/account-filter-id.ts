import { queryChecksumProblem } from './entity-checksum.ts';
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
  const problem = queryChecksumProblem(query, chainId);
  return problem === null ? { ok: true, id: query.id } : { ok: false, message: problem };
}

/**
 * What the mirror's `account.id` filter takes, an operator first or not: an id (`0.0.5`, `0.5`,
 * its encoded number) or an EVM address. Spelled here so that a word typed in an account field is
 * refused beside the field, as other mistakes are, rather than by the mirror in place of the list.
 */
const ACCOUNT_ID_PARAM = /^(?:(?:eq|ne|gt|gte|lt|lte):)?(?:(?:\d{1,4}\.)?\d{1,5}\.\d{1,12}|\d{1,19}|(?:0x)?[0-9a-f]{40})$/i;

/**
 * Why an account filter as it stands (in the address, where lookups are done already) cannot be
 * asked for; null when it can, or is empty.
 */
export function accountFilterProblem(text: string): string | null {
  const typed = text.trim();
  return typed === '' || ACCOUNT_ID_PARAM.test(typed) ? null : `“${typed}” is not an account id (0.0.1234), EVM address or alias`;
}

/**
 * An account filter as the mirror API takes it (`account.id` holds ids only), for the screens
 * that filter by one account (transactions, schedules). People paste what their tools show: an id
 * with its HIP-15 checksum (checked, then dropped), an EVM address (MetaMask, Hardhat) or a key
 * alias, which are looked up as the account they name; a long-zero address is its id as it stands.
 * An id with an operator (`gte:0.0.5`) is left as typed; anything else is refused.
 */
export async function accountFilterId(text: string, get: MirrorGetter, chainId: number | null): Promise<FilterId> {
  const query = classifySearch(text);
  if (query.kind !== 'evm-address' && query.kind !== 'alias') {
    const checked = checksummedId(query, chainId);
    if (checked) return checked;
    const problem = accountFilterProblem(text);
    return problem === null ? { ok: true, id: text.trim() } : { ok: false, message: problem };
  }
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
