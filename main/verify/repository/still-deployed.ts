import type { CodeNow } from '../chain/code-now.ts';
import { metadataIpfsHashOf } from '../engine/deployed-metadata-hash.ts';
import { ipfsHashOf } from '../engine/ipfs-hash.ts';
import { runtimeCodeHashOf } from '../engine/runtime-code-hash.ts';

/** What a stored verification is held to: the code it was matched against, and its metadata for one stored before that was kept. */
export interface StoredMatch {
  /** runtimeCodeHashOf the on-chain code matched; '' when stored before it was kept (migration 7). */
  runtimeCodeHash: string;
  metadata: string;
}

/**
 * Which of the verifications stored for one address counts for the code there now (null: none).
 * `stored` is newest first. A chain read only over the network is not asked (`remote`), nor can a
 * partial copy of a ledger say what is at an address it does not hold (`unknown`): there the
 * latest verification stands. A local chain's code must be there and be the code a match was made
 * against: a ledger rebuilt under the same addresses (the demo regenerated, a local network reset
 * and redeployed), or another ledger of the same chain id, puts other code there, and that code's
 * own verification, if any, is the one. One stored before the hash was kept is held to its
 * metadata instead: the code must name that metadata's IPFS hash, as code compiled from it does;
 * when it does not (a partial match, code without the hash) nothing stored can vouch for it.
 */
export function currentMatch<T extends StoredMatch>(stored: readonly T[], now: CodeNow): T | null {
  if (now.kind === 'remote' || now.kind === 'unknown') return stored[0] ?? null;
  if (now.kind === 'unreadable' || now.runtimeCode.length <= 2) return null;
  const hash = runtimeCodeHashOf(now.runtimeCode);
  const exact = stored.find((match) => match.runtimeCodeHash === hash);
  if (exact) return exact;
  const named = metadataIpfsHashOf(now.runtimeCode);
  if (named === null) return null;
  return stored.find((match) => match.runtimeCodeHash === '' && match.metadata !== '' && ipfsHashOf(Buffer.from(match.metadata, 'utf8')) === named) ?? null;
}
