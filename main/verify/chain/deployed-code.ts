/** The transaction that created a contract, as far as verification needs it. */
export interface CreationTx {
  /** Creation input: init code followed by the ABI-encoded constructor arguments (0x hex). */
  input: string;
  /** Address the transaction created, lower-case 0x hex; null when it was a call (a factory). */
  contractAddress: string | null;
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
  /** The creation transaction, or null when the source does not know the hash. */
  creationTx(txHash: string): Promise<CreationTx | null>;
}

/** A chain's code source could not be asked (offline RPC, malformed answer): a 502-class problem. */
export class ChainAccessError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChainAccessError';
  }
}
