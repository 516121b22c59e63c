/**
 * The runtime code at an address as a lookup of a stored verification reads it (ChainRegistry.codeNow):
 * `code` read at once from a store on this machine (`0x` only from a complete ledger, the demo's:
 * nothing is deployed there); `unknown` when a store synced from an upstream ledger, a partial copy,
 * does not hold the address (yet): it cannot say nothing is there; `unreadable` when that store
 * cannot answer now (a demo ledger being generated, a store that fails to read); `remote` when the
 * chain is read over the network only, which a lookup never waits on.
 */
export type CodeNow = { kind: 'code'; runtimeCode: string } | { kind: 'unknown' } | { kind: 'unreadable' } | { kind: 'remote' };

/** Reads CodeNow for a chain id and address (ChainRegistry). */
export interface CodeNowReader {
  codeNow(chainId: string, address: string): CodeNow;
  /**
   * True when codeNow answers `remote` for every address of the chain: asked once by a listing of
   * all of them, which then reads no code at all.
   */
  isRemote(chainId: string): boolean;
}

/** For a repository held to no chain (a test of the repository alone): every stored verification stands. */
export const NO_CODE_READER: CodeNowReader = { codeNow: () => ({ kind: 'remote' }), isRemote: () => true };
