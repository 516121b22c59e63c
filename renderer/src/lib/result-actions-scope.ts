/**
 * What a contract result page's Actions card holds. The mirror keeps actions per transaction
 * (`/contracts/results/{id}/actions` takes no nonce, as the reference's does not): on a child
 * result's page (`&nonce=N`, N above 0) they are the whole transaction's call tree, the parent's
 * call and every child's, and the card says so rather than passing them off as the child's.
 */
export interface ActionsScope {
  heading: string;
  /** Said when there are none. */
  empty: string;
}

export function resultActionsScope(nonce: string | null): ActionsScope {
  const child = nonce !== null && /^\d+$/.test(nonce) && BigInt(nonce) > 0n;
  return child
    ? { heading: 'Actions of the whole transaction', empty: 'No actions recorded for this transaction' }
    : { heading: 'Actions', empty: 'No actions recorded for this call' };
}
