/**
 * Hash routes of the ledger explorer screens. Every entity shown anywhere links through these,
 * so one place decides what an id opens.
 */
import { formatRoute } from './hash-route.ts';

export type EntityKind = 'account' | 'token' | 'contract' | 'topic' | 'schedule' | 'transaction' | 'contract-result' | 'entity';

/** A query string of the given values, leaving out null, undefined and empty ones. */
export function queryStringOf(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== '') search.append(key, String(value));
  }
  return search.toString();
}

function withParams(screen: string, params: Record<string, string | number | null | undefined>): string {
  return formatRoute({ screen, query: queryStringOf(params) });
}

/** `#/account?id=0.0.1234`, `#/token?id=…`, …; `entity` is an id of unknown kind, resolved on arrival. */
export function entityHref(kind: EntityKind, id: string, extra: Record<string, string | number | null | undefined> = {}): string {
  return withParams(kind, { id, ...extra });
}

export function transactionHref(id: string, nonce?: number | null): string {
  return withParams('transaction', { id, nonce: nonce ? nonce : null });
}

export function transactionsHref(filters: Record<string, string | null | undefined>): string {
  return withParams('transactions', filters);
}

/** One NFT: a serial number of a collection (`#/nft?token=0.0.1104&serial=81`). */
export function nftHref(tokenId: string, serial: number | bigint | string): string {
  return withParams('nft', { token: tokenId, serial: String(serial) });
}

/** One block (record file) by its number. */
export function blockHref(number: number | bigint | string): string {
  return withParams('block', { number: String(number) });
}

/** A consensus node in full, on the Network screen. */
export function nodeHref(nodeId: number | string): string {
  return withParams('network', { node: nodeId });
}

/**
 * The Network screen, whose Registered services card lists the registered nodes (HIP-1137): it
 * shows no single one by id, so this is where a registered node's transactions lead.
 */
export function registeredNodesHref(): string {
  return withParams('network', {});
}

/** The Tokens screen with its filters (`name`, `type`, `order`). */
export function tokensHref(filters: Record<string, string | null | undefined>): string {
  return withParams('tokens', filters);
}

/** The Schedules screen with its filters (`account.id`, the creator; `order`). */
export function schedulesHref(filters: Record<string, string | null | undefined>): string {
  return withParams('schedules', filters);
}

/** A parameter of a screen's query (`id`, `tab`, …); null when absent or empty. */
export function routeParam(query: string, name: string): string | null {
  const value = new URLSearchParams(query).get(name);
  return value === null || value === '' ? null : value;
}

/** The same query with one parameter set (or removed with null), keeping the others' order. */
export function withRouteParam(query: string, name: string, value: string | null): string {
  const params = new URLSearchParams(query);
  if (value === null || value === '') params.delete(name);
  else params.set(name, value);
  return params.toString();
}
