import { SPEC_MAX_LIMIT, type MirrorApiConfig } from '../config.ts';
import { encodeEntityId } from '../format/entity-id.ts';
import { splitOperator, type Filter } from '../http/filter-operator.ts';
import type { ParsedQuery } from '../http/query-string.ts';

export type SortOrder = 'asc' | 'desc';

/** A validated GET /api/v1/accounts request. */
export interface AccountsQuery {
  idFilters: Filter<bigint>[];
  balanceFilters: Filter<bigint>[];
  publicKeyFilters: Filter<string>[];
  includeBalance: boolean;
  limit: number;
  order: SortOrder;
  /** The parsed query itself, which `links.next` is built from. */
  raw: ParsedQuery;
}

export type ParamsResult = { ok: true; query: AccountsQuery } | { ok: false; messages: string[] };

const KNOWN_PARAMETERS = new Set(['account.balance', 'account.id', 'account.publickey', 'balance', 'limit', 'order']);

// Patterns from the interface specification: each number part has 1 to 10 digits.
const BALANCE_VALUE = /^\d{1,10}$/;
const ACCOUNT_ID_VALUE = /^(?:(\d{1,10})|(\d{1,10})\.(\d{1,10})\.(\d{1,10}))$/;
// The specification only says "string"; the reference accepts raw or DER-wrapped keys.
const PUBLIC_KEY_VALUE = /^(0x)?([0-9a-fA-F]{64}|[0-9a-fA-F]{66}|[0-9a-fA-F]{88})$/;
const DER_ED25519_PREFIX = '302a300506032b6570032100';
const BOOLEAN_VALUE = /^(true|false)$/i;
const LIMIT_VALUE = /^\d{1,10}$/;
const ORDER_VALUE = /^(asc|desc)$/i;

/** Validates every parameter, collecting one message per bad key or value in URL order. */
export function parseAccountsParams(raw: ParsedQuery, config: MirrorApiConfig): ParamsResult {
  const messages: string[] = [];
  const query: AccountsQuery = {
    idFilters: [],
    balanceFilters: [],
    publicKeyFilters: [],
    includeBalance: true,
    limit: Math.min(config.response.limit.default, config.response.limit.max),
    order: 'asc',
    raw,
  };

  for (const [key, values] of raw) {
    if (!KNOWN_PARAMETERS.has(key)) {
      messages.push(`Unknown query parameter: ${key}`);
      continue;
    }
    for (const value of values) {
      if (!applyParameter(query, key, value, config)) messages.push(`Invalid parameter: ${key}`);
    }
    // A repeated order is ignored, as the reference does.
    if (key === 'order' && values.length > 1) query.order = 'asc';
  }
  // With balance=false the reference drops the account.balance filter after validating it
  // (REFERENCE_ACCOUNTS.md, "balance=false query"); the specification is silent, so we do too.
  if (!query.includeBalance) query.balanceFilters = [];
  return messages.length > 0 ? { ok: false, messages } : { ok: true, query };
}

function applyParameter(query: AccountsQuery, key: string, value: string, config: MirrorApiConfig): boolean {
  switch (key) {
    case 'account.id': {
      const split = splitOperator(value);
      const id = split && parseAccountId(split.rest);
      if (!split || id === null) return false;
      query.idFilters.push({ operator: split.operator, value: id });
      return true;
    }
    case 'account.balance': {
      const split = splitOperator(value);
      if (!split || !BALANCE_VALUE.test(split.rest)) return false;
      query.balanceFilters.push({ operator: split.operator, value: BigInt(split.rest) });
      return true;
    }
    case 'account.publickey': {
      const split = splitOperator(value);
      if (!split || !PUBLIC_KEY_VALUE.test(split.rest)) return false;
      query.publicKeyFilters.push({ operator: split.operator, value: normalizePublicKey(split.rest) });
      return true;
    }
    case 'balance':
      if (!BOOLEAN_VALUE.test(value)) return false;
      query.includeBalance = value.toLowerCase() === 'true'; // last value wins
      return true;
    case 'limit': {
      if (!LIMIT_VALUE.test(value)) return false;
      const limit = Number(value);
      if (limit < 1 || limit > SPEC_MAX_LIMIT) return false;
      query.limit = Math.min(limit, config.response.limit.max);
      return true;
    }
    case 'order':
      if (!ORDER_VALUE.test(value)) return false;
      query.order = value.toLowerCase() as SortOrder;
      return true;
    default:
      return false;
  }
}

/** A plain number is an encoded id; shard.realm.num must fit the encoding. */
function parseAccountId(text: string): bigint | null {
  const match = ACCOUNT_ID_VALUE.exec(text);
  if (!match) return null;
  if (match[1] !== undefined) return BigInt(match[1]);
  return encodeEntityId(BigInt(match[2]!), BigInt(match[3]!), BigInt(match[4]!));
}

/** Lower-case hex without 0x; a DER-wrapped ED25519 key is reduced to its raw 32 bytes. */
export function normalizePublicKey(text: string): string {
  const hex = text.replace(/^0x/i, '').toLowerCase();
  return hex.length === 88 && hex.startsWith(DER_ED25519_PREFIX) ? hex.slice(DER_ED25519_PREFIX.length) : hex;
}
