import type { VerifySessionContract, VerifySessionView } from '../../../../main/common/verify-types.ts';
import { addressProblem, txHashProblem } from './field-problems.ts';

/** The fields of the screen a contract is verified with, by verification id. */
export interface VerifyInputs {
  addresses: Record<string, string>;
  txHashes: Record<string, string>;
  chainId: string;
}

/**
 * Whether verifying a contract again would only repeat its answer: it is verified (perfect or
 * partial: the same sources give the same match) at the very address and chain in its fields, and
 * a creator transaction typed in has had its creation code checked.
 */
export function alreadyAnswered(contract: VerifySessionContract, inputs: VerifyInputs): boolean {
  if (contract.status !== 'perfect' && contract.status !== 'partial') return false;
  const address = (inputs.addresses[contract.verificationId] ?? '').trim().toLowerCase();
  if (contract.address?.toLowerCase() !== address || contract.chainId !== inputs.chainId.trim()) return false;
  const txHash = (inputs.txHashes[contract.verificationId] ?? '').trim();
  return txHash === '' || (contract.detail?.creationMatch ?? null) !== null;
}

/**
 * What "Verify all" verifies: contracts with all their sources, an address that can be verified
 * against and no creator tx hash that will not do (a wrong EIP-55 checksum or a malformed hash would
 * have the whole call refused), not already answered there.
 */
export function stillToVerify(contracts: readonly VerifySessionContract[], inputs: VerifyInputs): VerifySessionContract[] {
  return contracts.filter((c) => c.missing.length === 0
    && addressProblem(inputs.addresses[c.verificationId] ?? '', '') === null
    && txHashProblem(inputs.txHashes[c.verificationId] ?? '') === null
    && !alreadyAnswered(c, inputs));
}

/** One line on what verifying these contracts came to, for the screen's status region. */
export function verifySummary(view: VerifySessionView, ids: readonly string[]): { tone: 'ok' | 'warn'; text: string } {
  const done = view.contracts.filter((c) => ids.includes(c.verificationId));
  const count = (status: VerifySessionContract['status']): number => done.filter((c) => c.status === status).length;
  const failed = done.filter((c) => c.status === 'error').map((c) => c.name);
  const parts = [
    count('perfect') > 0 ? `${count('perfect')} perfect match${count('perfect') === 1 ? '' : 'es'}` : null,
    count('partial') > 0 ? `${count('partial')} partial match${count('partial') === 1 ? '' : 'es'}` : null,
    failed.length > 0 ? `${failed.length} not verified (${failed.join(', ')})` : null,
  ].filter((part) => part !== null);
  const text = `Checked ${done.length} contract${done.length === 1 ? '' : 's'}${parts.length > 0 ? `: ${parts.join(', ')}` : ''}.`;
  return { tone: failed.length > 0 ? 'warn' : 'ok', text };
}
