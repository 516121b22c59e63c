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
 * the demo network) or an EVM JSON-RPC endpoint. Small on purpose, so a store, an RPC node and a
 * test fake are interchangeable.
 */
export interface DeployedCodeSource {
  /** Runtime bytecode at the address (`eth_getCode`); `0x` when nothing is deployed there. */
  runtimeCode(address: string): Promise<string>;
  /**
   * The runtime code at the address read at once from a store on this machine (`0x` when nothing
   * is deployed there), for a source that has one: the local mirror. A stored verification is held
   * to it on every lookup (ChainRegistry.codeNow). A source over the network leaves it out: a
   * lookup never waits on a round trip.
   */
  runtimeCodeNow?(address: string): string;
  /**
   * Whether the store `runtimeCodeNow` reads holds the whole ledger (the demo's, generated here), so
   * that `0x` there means nothing is deployed; a copy synced from an upstream ledger holds only what
   * was synced, and an address it lacks may be a contract all the same. Left out: a partial copy.
   */
  completeLedger?(): boolean;
  /** The creation transaction, or null when the source does not know the hash. */
  creationTx(txHash: string): Promise<CreationTx | null>;
  /**
   * The hash of the transaction that created the contract at the address, for a client that sent
   * none (Sourcify looks it up too); null when this source cannot tell. Never throws: without it
   * only the runtime code is compared.
   */
  creatorTxHash(address: string): Promise<string | null>;
  /**
   * Why this source cannot answer for its chain now, and when to ask again, or null when it can.
   * Only the local mirror's store is ever not ready (a demo ledger still being generated): its
   * API's gate says why, in these same terms. Asked before verifying (ChainRegistry.chain): code
   * read from a half-written ledger would say "not deployed" of a contract that is on its way. A
   * source that is always ready leaves it out.
   */
  unavailable?(): MirrorUnavailable | null;
  /**
   * This source held to the ledger it reads now, for one verification: the local mirror's store
   * can be replaced under it (a network profile switch), and a verification reads for seconds
   * (the runtime code, a compile, then the creation transaction), so all of it must come from the
   * one ledger it began on. A source that always reads the same chain leaves it out.
   */
  pin?(): PinnedCodeSource;
}

/** A code source held to one ledger (DeployedCodeSource.pin). */
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
