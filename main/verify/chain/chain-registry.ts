import { ChainNotReadyError, VerifyError } from '../engine/verify-error.ts';
import type { CodeNow } from './code-now.ts';
import type { DeployedCodeSource } from './deployed-code.ts';
import { RpcCodeSource } from './rpc-code-source.ts';
import { VerificationChain } from './verification-chain.ts';

export interface ChainRegistryOptions {
  /** Chain ids answered from the local mirror store (the open profile's Hedera chain, demo's 298). */
  mirrorChainIds: readonly string[];
  mirrorSource: DeployedCodeSource | null;
  /** EVM JSON-RPC endpoint per chain id, for every other chain. */
  rpcUrls: Readonly<Record<string, string>>;
}

/** A chain id as the routes take it: decimal, and small enough for lib-sourcify's number. */
const CHAIN_ID = /^\d{1,18}$/;

/** Chain id (decimal string) → where its deployed code is read. */
export class ChainRegistry {
  private readonly options: ChainRegistryOptions;

  constructor(options: ChainRegistryOptions) {
    this.options = options;
  }

  /**
   * The chain of an id as one verification reads it, or a VerifyError naming what is configured; a
   * ChainNotReadyError (503) while its code source cannot answer yet. The one place that asks, and
   * the one that pins (the local mirror: to the store open now, which a network switch replaces),
   * before anything is read: lib-sourcify words any failed read as "cannot fetch bytecode", losing
   * the why, and every read after this one must be of the same ledger.
   */
  chain(chainId: string): VerificationChain {
    const source = this.requiredSource(chainId);
    const notReady = source.unavailable?.() ?? null;
    if (notReady !== null) throw new ChainNotReadyError(notReady);
    const pinned = source.pin?.();
    return pinned ? new VerificationChain(chainId, pinned, () => pinned.replaced()) : new VerificationChain(chainId, source, () => false);
  }

  /**
   * The runtime code at the address now, for holding a stored verification to it: read from the
   * local mirror's open store when the chain is its chain (asked per call: a network switch changes
   * it); unreadable while its gate says the ledger cannot answer (half written, the code read now
   * may not be the one to come) or the read fails; `unknown` when a store synced from an upstream
   * ledger (a partial copy) does not hold the address: only the whole ledger, the demo's, can say
   * nothing is deployed there. Any other chain is `remote`, never asked here.
   */
  codeNow(chainId: string, address: string): CodeNow {
    const source = this.options.mirrorSource;
    if (!source?.runtimeCodeNow || !this.options.mirrorChainIds.includes(chainId)) return { kind: 'remote' };
    if ((source.unavailable?.() ?? null) !== null) return { kind: 'unreadable' };
    try {
      const runtimeCode = source.runtimeCodeNow(address);
      if (runtimeCode.length <= 2 && !(source.completeLedger?.() ?? false)) return { kind: 'unknown' };
      return { kind: 'code', runtimeCode };
    } catch {
      return { kind: 'unreadable' }; // a store being replaced or damaged: nothing there can be vouched for now
    }
  }

  /** Refuses a chain not configured for verification here (VerifyError naming those that are), before anything else is asked. */
  requireSupported(chainId: string): void {
    this.requiredSource(chainId);
  }

  supported(): string[] {
    return [...new Set([...(this.options.mirrorSource ? this.options.mirrorChainIds : []), ...Object.keys(this.options.rpcUrls)])];
  }

  private requiredSource(chainId: string): DeployedCodeSource {
    if (!CHAIN_ID.test(chainId)) throw new VerifyError('bad_request', `chain must be a decimal chain id, not "${chainId}"`);
    const source = this.sourceFor(chainId);
    if (!source) throw new VerifyError('unsupported_chain', `chain ${chainId} is not supported here: configured chains are ${this.supported().join(', ') || 'none'}`);
    return source;
  }

  private sourceFor(chainId: string): DeployedCodeSource | null {
    if (this.options.mirrorSource && this.options.mirrorChainIds.includes(chainId)) return this.options.mirrorSource;
    const url = this.options.rpcUrls[chainId];
    return url ? new RpcCodeSource(url) : null;
  }
}
