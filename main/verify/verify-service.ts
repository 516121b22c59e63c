import { createHash } from 'node:crypto';
import path from 'node:path';
import { SourcifyLibError, type PathBuffer, type SolidityMetadataContract } from '@ethereum-sourcify/lib-sourcify';
import type { SqliteDatabase } from '../mirror/store/ledger-store.ts';
import type { VerificationJobs } from './api/verification-jobs.ts';
import { ChainRegistry, type ChainRegistryOptions } from './chain/chain-registry.ts';
import { CompilerStore } from './compilers/compiler-store.ts';
import { PooledSolidityCompiler } from './compilers/pooled-solidity-compiler.ts';
import { SolcPool, type SolcPoolOptions } from './compilers/solc-pool.ts';
import { metadataContractsOf } from './engine/metadata-contracts.ts';
import { creationToAdd } from './creation-to-add.ts';
import { distinctMetadataContracts } from './distinct-metadata-contracts.ts';
import { matchWords } from './engine/match-words.ts';
import { routeLibSourcifyLogs } from './engine/quiet-lib-logger.ts';
import { checkSolcJsonInput } from './engine/solc-json-input-shape.ts';
import { unpackZips } from './engine/unpack-zips.ts';
import type { VerificationResult } from './engine/verification-result.ts';
import { Verifier, type SolcJsonContract, type VerifyTarget } from './engine/verifier.ts';
import { AlreadyVerifiedError, ChosenContractNotFoundError, ContractChoiceError, toVerifyError, VerifyError } from './engine/verify-error.ts';
import { isBetterMatch, sameMatches } from './repository/match-ranking.ts';
import type { VerifiedRepository, VerifiedRecord } from './repository/verified-repository.ts';
import { RepositoryListing } from './repository/repository-listing.ts';
import { sameCompilation } from './repository/same-compilation.ts';
import { SESSION_MAX_BYTES, type SessionStore } from './sessions/session-store.ts';
import { openOrSetAside } from '../mirror/store/open-or-set-aside.ts';
import { openVerifyStores } from './store/open-verify-stores.ts';
import { VerifyDbHealth } from './store/verify-db-health.ts';
import { storedCopiesUsed, type StoredCopyUsed } from './stored-copies-used.ts';

/** What one request's files may add up to, zips counted unpacked: the most a session may hold. */
const REQUEST_MAX_BYTES = SESSION_MAX_BYTES;

/**
 * What a one-call verification came to. `verified`: compiled now, and stored. `already-verified`:
 * the request is the compilation a perfect match was stored from, answered without compiling.
 * `unchanged`: compiled now, the same compilation and matches as stored (`record`): nothing new.
 * `better-kept`: compiled now, but a better match stays stored for the address. A match neither
 * better nor worse than the stored one is refused (AlreadyVerifiedError, 409), as Sourcify does.
 */
export type OneCallOutcome =
  | { kind: 'verified'; record: VerifiedRecord }
  | { kind: 'already-verified'; record: VerifiedRecord }
  | { kind: 'unchanged'; result: VerificationResult; record: VerifiedRecord }
  | { kind: 'better-kept'; result: VerificationResult; kept: VerifiedRecord; sameSources: boolean };

/** A one-call verification from files, with the uploads passed over for sources stored here (none when answered from the store). */
export type FilesOutcome = OneCallOutcome & { storedCopiesUsed: StoredCopyUsed[] };

/** Storing a fresh result: stored, the same as stored (`record` the stored one), or a better match kept (a conflict is thrown). */
export type StoreOutcome =
  | { kind: 'stored'; record: VerifiedRecord }
  | { kind: 'unchanged'; record: VerifiedRecord }
  | { kind: 'better-kept'; kept: VerifiedRecord; sameSources: boolean };

/**
 * What a fresh match says when a better one stays stored for its address (`kept`): of other
 * sources, or of these very sources when an earlier request matched more (its creation bytecode).
 */
export function betterKeptNote(kept: VerifiedRecord, sameSources = false): string {
  if (!sameSources) return `not stored: a ${kept.status} match from other sources, verified on ${kept.verifiedAt}, stays stored for this address`;
  return `not stored: the match stored from these same sources on ${kept.verifiedAt} (${matchWords(kept)}) is better and stays stored for this address`;
}

export interface VerifyServiceOptions {
  /** The verification database file (`:memory:` for a throw-away one). */
  dbFile: string;
  /** Compilers folder in the solc-bin layout. */
  compilersDir: string;
  /** solc-bin mirror for downloads; null: no downloads. */
  solcBinMirror: string | null;
  chains: ChainRegistryOptions;
  /** Etherscan-compatible API base URL (…/api) per chain id, for the explorer import. */
  explorers: Readonly<Record<string, string>>;
  pool?: Partial<SolcPoolOptions>;
  /** Put the compiler shipped with the app into the compilers folder (default true). */
  addBundledCompiler?: boolean;
  log: (line: string) => void;
}

/**
 * The verification service: compilers, worker pool, compile cache, matching engine, verified
 * repository, sessions and the v2 API's jobs, built from options. The HTTP API (B) and the app's typed API both use it.
 */
export class VerifyService {
  readonly db: SqliteDatabase;
  /** Its failures (damaged, its disk full), as every route and channel answers them. */
  readonly health: VerifyDbHealth;
  readonly compilers: CompilerStore;
  readonly pool: SolcPool;
  readonly compiler: PooledSolidityCompiler;
  readonly verifier: Verifier;
  readonly repository: VerifiedRepository;
  /** The repository's listings, which leave out what is outdated as its reads do. */
  readonly listing: RepositoryListing;
  readonly sessions: SessionStore;
  /** The v2 API's verification jobs, kept in the database. */
  readonly jobs: VerificationJobs;
  readonly chains: ChainRegistry;
  readonly explorers: Readonly<Record<string, string>>;

  constructor(options: VerifyServiceOptions) {
    routeLibSourcifyLogs(options.log);
    this.health = new VerifyDbHealth(options.dbFile, options.log);
    this.chains = new ChainRegistry(options.chains);
    // An unreadable file is moved aside, not deleted: the verified contracts in it stay recoverable by hand.
    const opened = openOrSetAside(options.dbFile, (file) => openVerifyStores(file, {
      // A compile goes on without its cache; damage found there is still marked and said.
      onCacheFailure: (error) => void this.health.failureOf(error),
      // A stored verification holds while the code it matched is at its address (still-deployed.ts).
      codeNow: this.chains,
      log: options.log,
    }), options.log);
    if (opened.setAside !== null) {
      options.log(`verify: contracts verified before are not in the new verification database; "sqlite3 ${opened.setAside} .recover" may get them back from the moved file`);
    }
    ({ db: this.db, repository: this.repository, sessions: this.sessions, jobs: this.jobs } = opened.store);
    this.listing = new RepositoryListing(this.db, (chainId) => this.repository.currentMatchIds(chainId));
    this.compilers = new CompilerStore({ dir: path.resolve(options.compilersDir), mirrorUrl: options.solcBinMirror, log: options.log });
    this.pool = new SolcPool((version) => this.compilers.soljsonPath(version), options.pool);
    this.compiler = new PooledSolidityCompiler(this.pool, opened.store.compileCache);
    // Sources verified here already fill in those a request leaves out (Sourcify fetches them from IPFS).
    this.verifier = new Verifier(this.compiler, this.compilers, this.chains, this.repository);
    this.explorers = options.explorers;
    if (options.addBundledCompiler !== false) void this.compilers.addBundled();
  }

  /**
   * What a failure answers: the database's own (damaged, its disk full: `VerifyDbError`, 503) said
   * as such, anything else as the engine words it (`toVerifyError`).
   */
  describeFailure(error: unknown): VerifyError {
    return this.health.failureOf(error) ?? toVerifyError(error);
  }

  /** Resolves once the bundled compiler is in the folder (or that failed and was logged). */
  get ready(): Promise<void> {
    return this.compilers.bundledSettled();
  }

  /**
   * One-call verification from metadata and sources (`POST /verify`). With several contracts in
   * the files, `chosenContract` (index or name) picks one. A perfect match stored from this very
   * compilation is the answer without compiling, Sourcify's way; other sources for a verified
   * address are compiled and matched, so they are never answered with the stored contract's match,
   * nor is a stored match without a creation match when the request gives a creation transaction.
   */
  async verifyFiles(files: PathBuffer[], target: VerifyTarget, chosenContract?: string): Promise<FilesOutcome> {
    const unpacked = (await unpackZips(files, { bytes: REQUEST_MAX_BYTES, scope: 'one request may carry' }).catch(unreadable)).files;
    let contracts: SolidityMetadataContract[];
    try {
      // The same metadata twice (a metadata.json beside its build-info) is one contract, not a choice to make.
      contracts = distinctMetadataContracts((await metadataContractsOf(unpacked)).contracts);
    } catch (error) {
      unreadable(error);
    }
    if (contracts.length === 0) throw new VerifyError('bad_request', 'no metadata.json found among the files: upload the metadata file of the contract with its sources');
    const contract = chooseContract(contracts, chosenContract);
    const stored = this.storedPerfectMatch(target, contract);
    // A creation tx given for a match stored without its creation bytecode is a request to check that: matched again.
    if (stored && !creationToAdd(target.creatorTxHash, stored)) return { kind: 'already-verified', record: stored, storedCopiesUsed: [] };
    const storedCopies = storedCopiesUsed(contract, contracts, this.repository);
    return { ...this.#oneCallOutcome(await this.verifier.verifyMetadataContract(contract, target, unpacked)), storedCopiesUsed: storedCopies };
  }

  /**
   * One-call verification of a standard JSON input (`POST /verify/solc-json` by contract name,
   * APIv2 by `path:Name`). Always compiled: the input's metadata is known only then (the compile
   * cache answers a repeated input at once).
   */
  async verifySolcJson(input: unknown, compilerVersion: string, contract: SolcJsonContract, target: VerifyTarget): Promise<OneCallOutcome> {
    return this.#oneCallOutcome(await this.verifier.verifySolcJson(checkSolcJsonInput(input), compilerVersion, contract, target));
  }

  #oneCallOutcome(result: VerificationResult): OneCallOutcome {
    const outcome = this.store(result);
    if (outcome.kind === 'stored') return { kind: 'verified', record: outcome.record };
    if (outcome.kind === 'unchanged') return { kind: 'unchanged', result, record: outcome.record };
    return { kind: 'better-kept', result, kept: outcome.kept, sameSources: outcome.sameSources };
  }

  /**
   * The perfect match stored for the target, when it was made from the compilation the contract's
   * metadata describes and every one of its sources came with it (a source edited since no longer
   * fits its hash: then the request is checked, and told what is missing).
   */
  storedPerfectMatch(target: VerifyTarget, contract: Pick<SolidityMetadataContract, 'metadata' | 'missingSources' | 'invalidSources'>): VerifiedRecord | null {
    if (Object.keys(contract.missingSources).length > 0 || Object.keys(contract.invalidSources).length > 0) return null;
    const stored = this.repository.get(target.chainId, target.address);
    return stored?.status === 'perfect' && sameCompilation(stored.metadata, contract.metadata) ? stored : null;
  }

  /**
   * Stores a fresh result when it is better than what is stored for its address (Sourcify's rule,
   * match-ranking.ts). Otherwise nothing is stored, and the answer says why: the same compilation
   * with the same matches (`unchanged`), or a stored match better in one bytecode and no worse in
   * the other (`better-kept`); anything else, a second partial match above all, is refused with
   * Sourcify's 409 (AlreadyVerifiedError).
   */
  store(result: VerificationResult): StoreOutcome {
    // Once the file is known damaged, a match stored in it would be gone after the restart that sets it aside.
    this.health.requireUndamaged();
    const id = verificationIdOf(result);
    const saved = this.repository.save(result, id);
    if (saved.stored) return { kind: 'stored', record: saved.record };
    const existing = saved.existing;
    if (existing.verificationId === id && sameMatches(result, existing)) return { kind: 'unchanged', record: existing };
    if (isBetterMatch(existing, result)) return { kind: 'better-kept', kept: existing, sameSources: existing.verificationId === id };
    throw new AlreadyVerifiedError(result, existing);
  }

  /**
   * Closes the jobs, the compilers' workers and the database, in that order. The service owns the
   * jobs and is what closes them, once: it opened them with its database, it outlives every server
   * and channel that starts them (each closes before it), and it alone knows when the database goes.
   */
  async close(): Promise<void> {
    // Jobs still running end as interrupted while the database is open: their work cannot finish now.
    this.jobs.close();
    await this.pool.close();
    if (this.db.open) this.db.close();
  }
}

/** The repository's id of a verification: its chain, address and metadata. */
function verificationIdOf(result: VerificationResult): string {
  return createHash('sha256').update(`${result.chainId}/${result.address}/${result.metadata}`).digest('hex').slice(0, 40);
}

/**
 * Files that cannot be read (a zip that does not open, a broken build-info, a metadata with two
 * compilation targets) are the client's: a 400 naming the cause, with lib-sourcify's code if it had one.
 */
function unreadable(error: unknown): never {
  if (error instanceof VerifyError) throw error;
  throw new VerifyError('bad_request', `the files could not be read: ${(error as Error).message}`, error instanceof SourcifyLibError ? error.code : undefined);
}

/**
 * The contract to verify among those the files hold, as Sourcify picks it: the only one, or the
 * one `chosenContract` names, by its index (Sourcify's way) or by its name. Several and no choice
 * is a 400 listing them (`contractsToChoose`); a choice that names none is a 404.
 */
function chooseContract(contracts: SolidityMetadataContract[], chosenContract: string | undefined): SolidityMetadataContract {
  if (chosenContract === undefined) {
    if (contracts.length === 1) return contracts[0]!;
    throw new ContractChoiceError(contracts.map((c) => ({ name: c.name, path: c.path })));
  }
  const chosen = /^\d+$/.test(chosenContract) ? contracts[Number(chosenContract)] : contracts.find((c) => c.name === chosenContract);
  if (!chosen) throw new ChosenContractNotFoundError(chosenContract);
  return chosen;
}
