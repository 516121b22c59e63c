import type { SourcifyChain } from '@ethereum-sourcify/lib-sourcify';
import { ProfileChangedError } from '../engine/verify-error.ts';
import type { DeployedCodeSource } from './deployed-code.ts';
import { sourcifyChainOver } from './sourcify-chain.ts';

/**
 * A chain as one verification reads it (ChainRegistry.chain): lib-sourcify's chain and the creator
 * lookup over one code source, the local mirror's held to the store open when the verification
 * began. Once the reads are done, `requireSameLedger` fails the verification if the network
 * profile was switched meanwhile, whatever it found: a creation read from the new profile's store
 * (another network, where the address may hold something else) or none at all (the old store
 * closed) must not end as a match.
 */
export class VerificationChain {
  readonly sourcify: SourcifyChain;
  readonly #source: DeployedCodeSource;
  readonly #replaced: () => boolean;

  /** `replaced`: whether the ledger `source` reads is no longer the open one (PinnedCodeSource.replaced). */
  constructor(chainId: string, source: DeployedCodeSource, replaced: () => boolean) {
    this.#source = source;
    this.#replaced = replaced;
    this.sourcify = sourcifyChainOver(Number(chainId), `chain ${chainId}`, source);
  }

  /** The creator transaction of an address as the chain's code source knows it; null when it does not (never throws). */
  creatorTxHash(address: string): Promise<string | null> {
    return this.#source.creatorTxHash(address).catch(() => null);
  }

  /** Throws ProfileChangedError when the ledger read is no longer the open profile's. */
  requireSameLedger(): void {
    if (this.#replaced()) throw new ProfileChangedError();
  }
}
