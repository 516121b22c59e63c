import type { ImmutableReferences } from '@ethereum-sourcify/compilers-types';
import {
  SolidityCompilation,
  Verification,
  useAllSourcesAndReturnCompilation,
  type PathBuffer,
  type SolidityMetadataContract,
  type VerificationStatus,
} from '@ethereum-sourcify/lib-sourcify';
import { isSqliteError } from '../../mirror/store/sqlite-error.ts';
import type { ChainRegistry } from '../chain/chain-registry.ts';
import type { VerificationChain } from '../chain/verification-chain.ts';
import type { CompilerStore } from '../compilers/compiler-store.ts';
import type { PooledSolidityCompiler } from '../compilers/pooled-solidity-compiler.ts';
import { missingSourcesError, withKnownSources, type KnownSources } from './known-sources.ts';
import { matchDifferences } from './match-differences.ts';
import { requireCompiler } from './require-compiler.ts';
import { runtimeCodeHashOf } from './runtime-code-hash.ts';
import { isZip } from './unpack-zips.ts';
import { overallStatus, type MatchLevel, type VerificationResult } from './verification-result.ts';
import { toVerifyError, VerifyError, type FailedMatchCodes } from './verify-error.ts';

/** The contract of a standard JSON input to verify: by name, or by name in one source file. */
export interface SolcJsonContract {
  name: string;
  /** The source path declaring it; when absent, the one source declaring a contract of that name. */
  path?: string;
}

export interface VerifyTarget {
  chainId: string;
  /** Lower-case 0x hex. */
  address: string;
  /** The creation transaction; when absent, the one the chain's code source knows for the address. */
  creatorTxHash?: string | null;
}

/**
 * Runs lib-sourcify's matching with our compiler (worker pool + cache) and our chains. Every
 * failure comes out as a VerifyError (one from matching with the bytecodes compared); a compiler
 * that is not installed is reported before any compile starts, so a missing version can never
 * yield a wrong result. Without a creation transaction from the client, the chain's code source is
 * asked for it, as Sourcify does, so that the creation code is matched too whenever it can be had.
 * Every read of one verification is of the ledger open when it began (ChainRegistry.chain pins it):
 * a network profile switched before it ends fails it (ProfileChangedError), whatever it found.
 */
export class Verifier {
  private readonly compiler: PooledSolidityCompiler;
  private readonly compilers: CompilerStore;
  private readonly chains: ChainRegistry;
  private readonly knownSources: KnownSources | null;

  constructor(compiler: PooledSolidityCompiler, compilers: CompilerStore, chains: ChainRegistry, knownSources: KnownSources | null = null) {
    this.compiler = compiler;
    this.compilers = compilers;
    this.chains = chains;
    this.knownSources = knownSources;
  }

  /**
   * Verifies a contract assembled from metadata and sources. When solc's extra-file-input
   * behaviour shows up and more files were uploaded than the metadata names, it tries again with
   * all of them, as the original compilation may have had them in its input. `allFiles` are the
   * upload's files with its zips unpacked (unpack-zips.ts). Sources the metadata lists but the
   * upload lacks are taken from those verified here already when one has the very content.
   */
  async verifyMetadataContract(given: SolidityMetadataContract, target: VerifyTarget, allFiles: PathBuffer[] = []): Promise<VerificationResult> {
    try {
      const contract = withKnownSources(given, this.knownSources);
      const missing = missingSourcesError(contract);
      if (missing) throw missing;
      await requireCompiler(this.compilers, contract.metadata.compiler.version);
      const compilation = await contract.createCompilation(this.compiler);
      const chain = this.chains.chain(target.chainId);
      target = await withCreatorTx(chain, target);
      try {
        return await this.run(compilation, chain, target);
      } catch (error) {
        const verifyError = toVerifyError(error);
        // Files that are a used source under another name (the same upload in two layouts) are
        // not extra: adding them again under the wrong path would only break the compile.
        const usedContents = new Set(Object.values(compilation.jsonInput.sources).map((s) => (s as { content?: string }).content));
        // A zip among them is one a zip held (the files come unpacked one level): never a source,
        // and lib-sourcify would inflate it here without a limit.
        const extraFiles = allFiles.filter((f) => !isZip(f.buffer) && !usedContents.has(f.buffer.toString('utf8')));
        const hasExtraSources = extraFiles.some((f) => f.path.endsWith('.sol'));
        if (verifyError.kind !== 'extra_file_input_bug' || !hasExtraSources) throw verifyError;
        try {
          return await this.run(await useAllSourcesAndReturnCompilation(compilation, extraFiles), chain, target);
        } catch {
          chain.requireSameLedger(); // a switch during the retry is the one thing to say
          throw verifyError; // the extra files did not help: the first finding is the one to explain
        }
      }
    } catch (error) {
      // SQLite's own errors here are the verification database's (the known sources; the chain's
      // reads fail as ChainAccessError): its owner says what they are (VerifyDbHealth).
      if (isSqliteError(error)) throw error;
      throw toVerifyError(error);
    }
  }

  /**
   * Verifies a standard JSON input for one contract: `{name}` alone (`/verify/solc-json`), looked
   * up among the sources, or `{name, path}` (APIv2's `path:Name`), that file's contract and no
   * other, even when another source declares a contract of the same name.
   */
  async verifySolcJson(jsonInput: SolidityCompilation['jsonInput'], compilerVersion: string, contract: SolcJsonContract, target: VerifyTarget): Promise<VerificationResult> {
    try {
      const version = await requireCompiler(this.compilers, compilerVersion);
      const path = contract.path ?? await this.findContractPath(jsonInput, version, contract.name);
      const chain = this.chains.chain(target.chainId);
      return await this.run(new SolidityCompilation(this.compiler, version, jsonInput, { name: contract.name, path }), chain, await withCreatorTx(chain, target));
    } catch (error) {
      const verifyError = toVerifyError(error);
      if (contract.path !== undefined && verifyError.code === NOT_IN_OUTPUT) {
        throw new VerifyError('bad_request', `${contract.path} declares no contract "${contract.name}": ${contract.path}:${contract.name} is not in the compiler output of these sources`, NOT_IN_OUTPUT, verifyError.matchCodes);
      }
      throw verifyError;
    }
  }

  /**
   * The source file declaring the contract. Looked up in the sources' text first (no compile);
   * only when that is ambiguous is the input compiled and the output asked.
   */
  private async findContractPath(jsonInput: SolidityCompilation['jsonInput'], version: string, name: string): Promise<string> {
    const declares = new RegExp(`\\b(contract|library|interface)\\s+${name.replace(/[^\w$]/g, '')}\\b`);
    const sources = Object.entries(jsonInput.sources ?? {}) as Array<[string, { content?: string }]>;
    const candidates = sources.filter(([, source]) => declares.test(source.content ?? '')).map(([path]) => path);
    if (candidates.length === 1) return candidates[0]!;
    const output = await this.compiler.compile(version, jsonInput);
    const paths = Object.keys(output.contracts ?? {}).filter((path) => output.contracts[path]?.[name]);
    if (paths.length === 0) throw new VerifyError('bad_request', `contract "${name}" is not in the compiler output of these sources`, NOT_IN_OUTPUT);
    return paths[0]!;
  }

  /**
   * Matches the compilation against the chain. Asked after the reads, failed or not, whether the
   * ledger is still the open one: a read from a store closed by a switch fails or is skipped (the
   * creation code) by lib-sourcify, which would otherwise say something beside the point.
   */
  private async run(compilation: SolidityCompilation, chain: VerificationChain, target: VerifyTarget): Promise<VerificationResult> {
    const verification = new Verification(compilation, chain.sourcify, target.address, target.creatorTxHash ?? undefined);
    try {
      await verification.verify();
    } catch (error) {
      chain.requireSameLedger();
      throw withMatchCodes(toVerifyError(error), verification);
    }
    chain.requireSameLedger();
    const { runtimeMatch, creationMatch } = verification.status;
    const runtime = asMatch(runtimeMatch);
    const creation = asMatch(creationMatch);
    if (!runtime && !creation) throw withMatchCodes(new VerifyError('no_match', "The deployed and recompiled bytecode don't match.", 'no_match'), verification);
    const libraries = verification.libraryMap;
    return {
      chainId: target.chainId,
      address: target.address,
      runtimeMatch: runtime,
      creationMatch: creation,
      status: overallStatus(runtime, creation),
      libraryMap: { ...(libraries.creation ?? {}), ...(libraries.runtime ?? {}) },
      name: compilation.compilationTarget.name,
      compiledPath: compilation.compilationTarget.path,
      compilerVersion: compilation.compilerVersion,
      sources: compilation.sources,
      metadata: compilation.metadata ? JSON.stringify(compilation.metadata) : '',
      // The transaction the creation code was read from: none when the one given or found did not create this address.
      creatorTxHash: verification.deploymentInfo.txHash ?? null,
      constructorArguments: creation ? (verification.transformations.creation.values.constructorArguments ?? '0x') : null,
      immutableReferences: immutableReferencesOf(compilation),
      runtimeCodeHash: onchainRuntimeCodeHash(verification),
      differences: matchDifferences(verification, compilation),
    };
  }
}

const NOT_IN_OUTPUT = 'contract_not_found_in_compiler_output';

/** The target with its creation transaction: the client's, else the one the chain's code source knows (if any). */
async function withCreatorTx(chain: VerificationChain, target: VerifyTarget): Promise<VerifyTarget> {
  if (target.creatorTxHash) return target;
  return { ...target, creatorTxHash: await chain.creatorTxHash(target.address) };
}

/**
 * The failure with the bytecodes the attempt compared, as far as it got (Sourcify's job error
 * carries them): read from lib-sourcify's export, which leaves out what it never had.
 */
function withMatchCodes(error: VerifyError, verification: Verification): VerifyError {
  let exported: ReturnType<Verification['export']>;
  try {
    exported = verification.export();
  } catch {
    return error;
  }
  const codes: FailedMatchCodes = {
    recompiledCreationCode: exported.compilation.creationBytecode,
    recompiledRuntimeCode: exported.compilation.runtimeBytecode,
    onchainCreationCode: exported.onchainCreationBytecode,
    onchainRuntimeCode: exported.onchainRuntimeBytecode,
    creationTransactionHash: exported.deploymentInfo.txHash,
  };
  const known = Object.entries(codes).filter(([, value]) => typeof value === 'string' && value !== '');
  if (error.matchCodes || known.length === 0) return error;
  // What comes out of matching is a plain VerifyError (toVerifyError): the same, with the codes.
  return new VerifyError(error.kind, error.message, error.code, Object.fromEntries(known) as FailedMatchCodes);
}

/** The hash of the runtime code lib-sourcify read at the address; null when it read none (a creation match alone). */
function onchainRuntimeCodeHash(verification: Verification): string | null {
  try {
    const code = verification.onchainRuntimeBytecode;
    return code && code.length > 2 ? runtimeCodeHashOf(code) : null;
  } catch {
    return null;
  }
}

function immutableReferencesOf(compilation: SolidityCompilation): ImmutableReferences | null {
  try {
    const references = compilation.immutableReferences;
    return references && Object.keys(references).length > 0 ? references : null;
  } catch {
    return null;
  }
}

function asMatch(status: VerificationStatus): MatchLevel | null {
  return status === 'perfect' || status === 'partial' ? status : null;
}
