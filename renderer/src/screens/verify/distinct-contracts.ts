import type { VerifySessionView } from '../../../../main/common/verify-types.ts';

/**
 * The view with one card per verificationId. The service makes them distinct (the same metadata
 * twice is one contract), but the card list is keyed by that id, and a repeated key would fail the
 * whole screen, its Clear button with it, on every load of that session: a repeat is dropped here
 * instead (the first kept; entries with one id are one compilation, told the same).
 */
export function distinctContracts(view: VerifySessionView): VerifySessionView {
  const seen = new Set<string>();
  const contracts = view.contracts.filter((c) => !seen.has(c.verificationId) && Boolean(seen.add(c.verificationId)));
  return contracts.length === view.contracts.length ? view : { ...view, contracts };
}
