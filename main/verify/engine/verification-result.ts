import type { ImmutableReferences } from '@ethereum-sourcify/compilers-types';
import type { VerifyDifference } from '../../common/verify-types.ts';

/** perfect: bytecode and metadata hash equal; partial: bytecode equal apart from the metadata hash. */
export type MatchLevel = 'perfect' | 'partial';

/** A successful verification, as the repository stores it and the API reports it. */
export interface VerificationResult {
  chainId: string;
  /** Lower-case 0x hex. */
  address: string;
  runtimeMatch: MatchLevel | null;
  creationMatch: MatchLevel | null;
  /** `perfect` if either match is perfect, else `partial` (Sourcify's one-word status). */
  status: MatchLevel;
  /** Linked library placeholders (or call-protection names) to addresses. */
  libraryMap: Record<string, string>;
  name: string;
  compiledPath: string;
  compilerVersion: string;
  /** Source path → content, as compiled. */
  sources: Record<string, string>;
  /** metadata.json of the compilation (JSON text); empty when the compiler gave none. */
  metadata: string;
  creatorTxHash: string | null;
  /**
   * The ABI-encoded constructor arguments appended to the creation bytecode (0x hex, `0x` when
   * there are none), known only from a creation match; null otherwise.
   */
  constructorArguments: string | null;
  /**
   * Where the runtime code holds each immutable (the compiler's `immutableReferences`, by AST id);
   * null or absent when the contract has none. Sourcify serves it as immutable-references.json.
   */
  immutableReferences?: ImmutableReferences | null;
  /**
   * sha256 of the on-chain runtime code the match was made against (runtimeCodeHashOf): a stored match
   * holds only while that code is at the address (repository/still-deployed.ts). Absent when not known.
   */
  runtimeCodeHash?: string | null;
  /** What had to be filled in or differed (metadata hash, immutables, libraries, constructor arguments). */
  differences?: VerifyDifference[];
}

export function overallStatus(runtime: MatchLevel | null, creation: MatchLevel | null): MatchLevel {
  return runtime === 'perfect' || creation === 'perfect' ? 'perfect' : 'partial';
}
