import { entityHref, registeredNodesHref } from './explorer-routes.ts';

/** A second link beside a transaction's entity, to where the transaction's effect is seen. */
export interface EntityShortcut { href: string; label: string; title: string }

const REGISTERED_NODE_TYPES: ReadonlySet<string> = new Set(['REGISTEREDNODECREATE', 'REGISTEREDNODEUPDATE', 'REGISTEREDNODEDELETE']);

/**
 * Where a transaction's effect shows when its entity's own page would not lead there: the hook
 * storage a HOOKSTORE wrote is on its owner's Hooks tab, not the tab an account opens on; and the
 * mirror names no entity for a registered node's transactions (HIP-1137), whose nodes the Network
 * screen lists. Null for every other transaction.
 */
export function entityShortcut(tx: { name: string; entity_id: string | null }): EntityShortcut | null {
  if (tx.name === 'HOOKSTORE' && tx.entity_id) {
    return { href: entityHref('account', tx.entity_id, { tab: 'hooks' }), label: 'its hooks', title: "The owner's Hooks tab, where the hook storage this transaction wrote shows" };
  }
  if (REGISTERED_NODE_TYPES.has(tx.name)) {
    return { href: registeredNodesHref(), label: 'registered services', title: 'The registered nodes (block nodes, mirror nodes, relays) on the Network screen; the mirror names no entity for these transactions' };
  }
  return null;
}
