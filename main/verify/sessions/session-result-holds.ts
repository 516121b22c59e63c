import type { CodeNow, CodeNowReader } from '../chain/code-now.ts';
import { runtimeCodeHashOf } from '../engine/runtime-code-hash.ts';
import type { VerifiedRecord } from '../repository/verified-repository.ts';
import type { SessionContractState } from './session-store.ts';

/**
 * A session contract's state as it holds now. A match holds only while the code it was made
 * against is at its address, as a stored verification does (repository/still-deployed.ts): a
 * ledger rebuilt under the same addresses (the demo regenerated with other accounts, a local
 * network reset and redeployed) puts other code there, and the session must not go on saying
 * "perfect" for it. Such a match is answered as an `error` saying why, the shape Sourcify's
 * session entries have for a contract to verify again; the saved state is left as it is, so the
 * match holds again once its code is back. A chain read over the network is not asked (no round
 * trip per session read), nor an address a partial copy of a ledger does not hold.
 *
 * The match is held to the hash of the code it was made against (`runtimeCodeHash`, kept by every
 * verification, dry runs too). One without it (a session saved before it was kept, a match whose
 * runtime code was not read) holds while the repository has a verification standing for the code
 * there now; a dry run's without it cannot be told, and holds.
 */
export function sessionStateNow(state: SessionContractState, code: CodeNowReader, stored: (chainId: string, address: string) => VerifiedRecord | null): SessionContractState {
  if ((state.status !== 'perfect' && state.status !== 'partial') || !state.address || !state.chainId) return state;
  const now = code.codeNow(state.chainId, state.address);
  if (now.kind === 'remote' || now.kind === 'unknown') return state;
  if (now.kind === 'code') {
    const holds = state.runtimeCodeHash
      ? runtimeCodeHashOf(now.runtimeCode) === state.runtimeCodeHash
      : state.storageTimestamp === undefined || stored(state.chainId, state.address) !== null;
    if (holds) return state;
  }
  return { address: state.address, chainId: state.chainId, creatorTxHash: state.creatorTxHash ?? null, status: 'error', statusMessage: whyNoLongerHolds(now) };
}

function whyNoLongerHolds(now: CodeNow): string {
  const verifyAgain = 'verify it again to match it against the code there now';
  if (now.kind !== 'code') return 'the code at this address cannot be read now (the ledger is being generated, or its store failed to read), so its earlier match cannot be vouched for; verify it again once the ledger is ready';
  if (now.runtimeCode.length <= 2) return `the contract it matched is no longer deployed at this address (the ledger was rebuilt since: the demo regenerated, or the network reset); ${verifyAgain}`;
  return `other code is deployed at this address than the code it matched (the ledger was rebuilt under the same addresses since: the demo regenerated, or the network reset and redeployed); ${verifyAgain}`;
}
