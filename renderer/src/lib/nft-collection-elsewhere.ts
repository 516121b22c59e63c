import { entityHref } from './explorer-routes.ts';
import { foundElsewhere, type FoundElsewhere } from './found-elsewhere.ts';
import { mirrorPath } from './mirror-source.ts';
import type { MirrorGetter } from './search-resolve.ts';

/**
 * What an NFT page's collection id is instead, with a link: `what` is said of it when its kind
 * alone does not say enough (a fungible token); otherwise the kind is named (`an account`).
 */
export interface CollectionElsewhere extends FoundElsewhere {
  what?: string;
}

/**
 * Why an NFT page found no serial, when its collection id is no NFT collection: a fungible token
 * (whose units carry no serials), or, as a by-id page finds it (`foundElsewhere`), an entity of
 * another kind. Null when it is a collection (the serial is simply not there), nothing at all, or
 * the lookup failed: the page has said "not found" already, this only adds a way on.
 */
export async function collectionElsewhere(tokenId: string, get: MirrorGetter): Promise<CollectionElsewhere | null> {
  const token = await get(mirrorPath(['tokens', tokenId]));
  if (token.ok) {
    const type = (token.value as { type?: unknown } | null)?.type;
    return type === 'FUNGIBLE_COMMON' ? { kind: 'token', what: 'a fungible token, whose units carry no serial numbers', hash: entityHref('token', tokenId) } : null;
  }
  if (token.error.code !== 'not-found') return null;
  return foundElsewhere(tokenId, 'token', get);
}
