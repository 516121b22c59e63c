import { ChainNotReadyError, VerifyError } from '../engine/verify-error.ts';
import type { CodeNow, CodeNowReader } from './code-now.ts';
import type { DeployedCodeSource, MirrorLedgerSource } from './deployed-code.ts';
import { RpcCodeSource } from './rpc-code-source.ts';
import { VerificationChain } from './verification-chain.ts';

export interface ChainRegistryOptions {
  /** Chain ids answered from the local mirror store (the open profile's Hedera chain, demo's 298). */
  mirrorChainIds: readonly string[];
  mirrorSource: MirrorLedgerSource | null;
  /** EVM JSON-RPC endpoint per chain id, for every other chain. */
  rpcUrls: Readonly<Record<string, string>>;
}

/** A chain id as the routes take it: decimal, and small enough for lib-sourcify's number. */
const CHAIN_ID = /^\d{1,18}$/;

/** Chain id (decimal string) → where its deployed code is read. */
export class ChainRegistry implements CodeNowReader {
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
    const mirror = this.mirrorFor(chainId);
    if (!mirror) return new VerificationChain(chainId, source, () => false);
    const notReady = mirror.unavailable();
    if (notReady !== null) throw new ChainNotReadyError(notReady);
    const pinned = mirror.pin();
    return new VerificationChain(chainId, pinned, () => pinned.replaced());
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
    const mirror = this.mirrorFor(chainId);
    if (!mirror) return { kind: 'remote' };
    if (mirror.unavailable() !== null) return { kind: 'unreadable' };
    try {
      const runtimeCode = mirror.runtimeCodeNow(address);
      if (runtimeCode.length <= 2 && !mirror.completeLedger()) return { kind: 'unknown' };
      return { kind: 'code', runtimeCode };
    } catch {
      return { kind: 'unreadable' }; // a store being replaced or damaged: nothing there can be vouched for now
    }
  }

  /** Whether every address of the chain is `remote` to codeNow: a chain that is not the local mirror's. */
  isRemote(chainId: string): boolean {
    return this.mirrorFor(chainId) === null;
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
    const mirror = this.mirrorFor(chainId);
    if (mirror) return mirror;
    const url = this.options.rpcUrls[chainId];
    return url ? new RpcCodeSource(url) : null;
  }

  /** The local mirror's source when the chain is read from it, else null: the one test of "is this the mirror's chain". */
  private mirrorFor(chainId: string): MirrorLedgerSource | null {
    const source = this.options.mirrorSource;
    return source && this.options.mirrorChainIds.includes(chainId) ? source : null;
  }
}
