import type { CodeNow } from '../chain/code-now.ts';
import { metadataIpfsHashOf } from '../engine/deployed-metadata-hash.ts';
import { ipfsHashOf } from '../engine/ipfs-hash.ts';
import { runtimeCodeHashOf } from '../engine/runtime-code-hash.ts';

/** What a stored verification is held to: the code it was matched against, and its metadata for one stored before that was kept. */
export interface StoredMatch {
  /** runtimeCodeHashOf the on-chain code matched; null when stored before it was kept (migration 7). */
  runtimeCodeHash: string | null;
  metadata: string;
}

/**
 * Whether a stored verification still holds for the code at its address now. A chain read only
 * over the network is not asked (`remote`): its stored answer stands. A local chain's code must be
 * there and be the code the match was made against: a ledger rebuilt under the same addresses (the
 * demo regenerated, a local network reset and redeployed) puts other code there. One stored before
 * the hash was kept is held to its metadata instead: the code must name that metadata's IPFS hash,
 * as code compiled from it does; when it does not (a partial match, code without the hash) nothing
 * stored can vouch for it, and it does not count until verified again.
 */
export function stillDeployed(stored: StoredMatch, now: CodeNow): boolean {
  if (now.kind === 'remote') return true;
  if (now.kind === 'unreadable' || now.runtimeCode.length <= 2) return false;
  if (stored.runtimeCodeHash !== null) return runtimeCodeHashOf(now.runtimeCode) === stored.runtimeCodeHash;
  const named = metadataIpfsHashOf(now.runtimeCode);
  return named !== null && stored.metadata !== '' && ipfsHashOf(Buffer.from(stored.metadata, 'utf8')) === named;
}
