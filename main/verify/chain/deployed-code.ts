import type { MirrorUnavailable } from '../../mirror/http/availability-gate.ts';

/** The transaction that created a contract, as far as verification needs it. */
export interface CreationTx {
  /** Creation input: init code followed by the ABI-encoded constructor arguments (0x hex). */
  input: string;
  /** Address the transaction created, lower-case 0x hex; null when it was a call (a factory). */
  contractAddress: string | null;
  /** Other addresses of that contract (a Hedera contract with an EVM alias is also at its long-zero address). */
  otherAddresses?: string[];
  from: string;
  blockNumber: number | null;
  txIndex: number | null;
}

/**
 * Where deployed bytecode comes from for one chain: the local mirror store (Hedera chains and
 * the demo network, MirrorLedgerSource) or an EVM JSON-RPC endpoint. Small on purpose, so a
 * store, an RPC node and a test fake are interchangeable.
 */
export interface DeployedCodeSource {
  /** Runtime bytecode at the address (`eth_getCode`); `0x` when nothing is deployed there. */
  runtimeCode(address: string): Promise<string>;
  /** The creation transaction, or null when the source does not know the hash. */
  creationTx(txHash: string): Promise<CreationTx | null>;
  /**
   * The hash of the transaction that created the contract at the address, for a client that sent
   * none (Sourcify looks it up too); null when this source cannot tell. Never throws: without it
   * only the runtime code is compared.
   */
  creatorTxHash(address: string): Promise<string | null>;
}

/**
 * The local mirror's code source: a ledger stored on this machine, which can be read at once,
 * can be not ready, and can be replaced under a verification. Only ChainRegistry asks these of it
 * (ChainRegistry.mirrorFor), for the chains it answers; a source over the network has none of them.
 */
export interface MirrorLedgerSource extends DeployedCodeSource {
  /**
   * The runtime code at the address read at once from the store (`0x` when nothing is deployed
   * there). A stored verification is held to it on every lookup (ChainRegistry.codeNow); a chain
   * over the network is never so read: a lookup never waits on a round trip.
   */
  runtimeCodeNow(address: string): string;
  /**
   * Whether the store holds the whole ledger (the demo's, generated here), so that `0x` there
   * means nothing is deployed; a copy synced from an upstream ledger holds only what was synced,
   * and an address it lacks may be a contract all the same.
   */
  completeLedger(): boolean;
  /**
   * Why the store cannot answer for its chain now, and when to ask again, or null when it can
   * (a demo ledger still being generated): the mirror API's gate says why, in these same terms.
   * Asked before verifying (ChainRegistry.chain): code read from a half-written ledger would say
   * "not deployed" of a contract that is on its way.
   */
  unavailable(): MirrorUnavailable | null;
  /**
   * This source held to the ledger it reads now, for one verification: the store can be replaced
   * under it (a network profile switch), and a verification reads for seconds (the runtime code, a
   * compile, then the creation transaction), so all of it must come from the one ledger it began on.
   */
  pin(): PinnedCodeSource;
}

/** A code source held to one ledger (MirrorLedgerSource.pin). */
export interface PinnedCodeSource extends DeployedCodeSource {
  /**
   * True once that ledger is no longer the one its chain is read from, or is closed: the network
   * profile was switched. What was read since may be of another ledger, or missing.
   */
  replaced(): boolean;
}

/** A chain's code source could not be asked (offline RPC, malformed answer): a 502-class problem. */
export class ChainAccessError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChainAccessError';
  }
}
