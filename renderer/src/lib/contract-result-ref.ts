/**
 * What a contract result's address (`#/contract-result?id=`) names: a transaction id or a 32-byte
 * Ethereum hash, the two things the mirror finds a result by. Anything else is said in terms of
 * what was typed, before the mirror is asked: its own answer names only the transaction id form,
 * which misleads someone who gave a hash a few digits short.
 */
import { classifySearch } from './search-input.ts';

export type ContractResultRef =
  /** `id` as the mirror takes it: a transaction id in its `0.0.3-1700000000-000000001` form, or 0x and 64 hex digits. */
  | { ok: true; id: string }
  | { ok: false; problem: string };

const HEX = /^(?:0x)?([0-9a-fA-F]*)$/;

export function contractResultRef(text: string): ContractResultRef {
  const value = text.trim();
  const query = classifySearch(value);
  if (query.kind === 'transaction-id') return { ok: true, id: query.id };
  if (query.kind === 'ethereum-hash') return { ok: true, id: query.hash };
  if (query.kind === 'transaction-hash') {
    return { ok: false, problem: `${value} is a 48-byte transaction hash. A contract result is found by its transaction id or its 32-byte Ethereum hash; search for this hash to open its transaction.` };
  }
  const digits = HEX.exec(value)?.[1];
  if (digits !== undefined && value.toLowerCase().startsWith('0x')) {
    return { ok: false, problem: `${value} is neither a transaction id nor a 32-byte Ethereum hash: a hash has 64 hex digits after 0x, this has ${digits.length}.` };
  }
  return { ok: false, problem: `${value} is neither a transaction id (like 0.0.1234-1700000000-000000000) nor a 32-byte Ethereum hash (0x and 64 hex digits).` };
}
