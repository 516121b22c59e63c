/**
 * The id an entity page's address names (`id`), read once for every entity page (account, token,
 * contract, topic, schedule) by readRouteEntityId, and a transaction's by readRouteTransactionId. An id given in another form than the mirror's
 * (spaces around it, a checksum) is shown under its plain form: the address is replaced by it once
 * the profile's network is known (its checksum checked against it), so that Back does not return to
 * the pasted form and the page's links and remembered places use one spelling.
 */
import type { NetworkInfo } from '../../../../main/common/api-contract.ts';
import { routeParam, withRouteParam } from '../../lib/explorer-routes.ts';
import { readRouteEntityId, type RouteEntityId } from '../../lib/route-entity-id.ts';
import { replacingRoute } from '../../lib/route-replacing.ts';

export interface RoutedEntityId {
  /** The id to load, null while there is none to load (none given, or one refused). */
  readonly id: string | null;
  /** What was refused, and why, for the page to say in place of loading. */
  readonly refusal: { text: string; reason: string } | null;
}

/**
 * Call while the screen initialises, with its props read through `screen`; `reader` reads the id
 * where a page takes other forms than an entity's (a transaction's: route-transaction-id.ts).
 */
export function routedEntityId(
  screen: () => { query: string; network: NetworkInfo | null; navigate: (query: string) => void },
  reader: (raw: string | null, chainId: number | null) => RouteEntityId = readRouteEntityId,
): RoutedEntityId {
  const given = $derived(routeParam(screen().query, 'id'));
  const read = $derived(reader(given, screen().network?.chainId ?? null));
  const ready = $derived(screen().network?.state === 'ready');
  $effect(() => {
    if (!ready || read.kind !== 'id' || read.id === given) return;
    const { query, navigate } = screen();
    const plain = read.id;
    replacingRoute(() => navigate(withRouteParam(query, 'id', plain)));
  });
  return {
    get id() { return read.kind === 'id' ? read.id : null; },
    get refusal() { return read.kind === 'refused' ? { text: read.text, reason: read.reason } : null; },
  };
}
