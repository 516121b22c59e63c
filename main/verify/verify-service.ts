import { createHash } from 'node:crypto';
import path from 'node:path';
import { createMetadataContractsFromFiles, type PathBuffer, type SolidityMetadataContract } from '@ethereum-sourcify/lib-sourcify';
import type { SqliteDatabase } from '../mirror/store/ledger-store.ts';
import { ChainRegistry, type ChainRegistryOptions } from './chain/chain-registry.ts';
import { CompileCache } from './compilers/compile-cache.ts';
import { CompilerStore } from './compilers/compiler-store.ts';
import { PooledSolidityCompiler } from './compilers/pooled-solidity-compiler.ts';
import { SolcPool, type SolcPoolOptions } from './compilers/solc-pool.ts';
import { routeLibSourcifyLogs } from './engine/quiet-lib-logger.ts';
import type { VerificationResult } from './engine/verification-result.ts';
import { Verifier, type VerifyTarget } from './engine/verifier.ts';
import { VerifyError } from './engine/verify-error.ts';
import { VerifiedRepository, type VerifiedRecord } from './repository/verified-repository.ts';
import { sameCompilation } from './repository/same-compilation.ts';
import { SessionStore } from './sessions/session-store.ts';
import { openOrSetAside } from '../mirror/store/open-or-set-aside.ts';
import { openVerifyDb } from './store/verify-db.ts';

/**
 * What a one-call verification came to. `verified`: compiled now, and stored. `already-verified`:
 * the request is the compilation a perfect match was stored from, answered without compiling.
 * `better-kept`: compiled now, but a better match (of other sources) stays stored for the address.
 */
export type OneCallOutcome =
  | { kind: 'verified'; record: VerifiedRecord }
  | { kind: 'already-verified'; record: VerifiedRecord }
  | { kind: 'better-kept'; result: VerificationResult; kept: VerifiedRecord };

/** What a fresh match says when a better one, of other sources, stays stored for its address (`kept`). */
export function betterKeptNote(kept: VerifiedRecord): string {
  return `not stored: a ${kept.status} match from other sources, verified on ${kept.verifiedAt}, stays stored for this address`;
}

/** Storing a fresh result: the record now stored, and whether it is this result (false: a better one was kept). */
export interface StoreOutcome {
  record: VerifiedRecord;
  saved: boolean;
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
 * repository and sessions, built from options. The HTTP API (B) and the app's typed API both use it.
 */
export class VerifyService {
  readonly db: SqliteDatabase;
  readonly compilers: CompilerStore;
  readonly pool: SolcPool;
  readonly compiler: PooledSolidityCompiler;
  readonly verifier: Verifier;
  readonly repository: VerifiedRepository;
  readonly sessions: SessionStore;
  readonly chains: ChainRegistry;
  readonly explorers: Readonly<Record<string, string>>;
  /** Resolves once the bundled compiler is in the folder (or that failed and was logged). */
  readonly ready: Promise<void>;

  constructor(options: VerifyServiceOptions) {
    routeLibSourcifyLogs(options.log);
    // An unreadable file is moved aside, not deleted: the verified contracts in it stay recoverable by hand.
    this.db = openOrSetAside(options.dbFile, openVerifyDb, options.log).store;
    this.compilers = new CompilerStore({ dir: path.resolve(options.compilersDir), mirrorUrl: options.solcBinMirror, log: options.log });
    this.pool = new SolcPool((version) => this.compilers.soljsonPath(version), options.pool);
    this.compiler = new PooledSolidityCompiler(this.pool, new CompileCache(this.db));
    this.chains = new ChainRegistry(options.chains);
    this.verifier = new Verifier(this.compiler, this.compilers, this.chains);
    this.repository = new VerifiedRepository(this.db);
    this.sessions = new SessionStore(this.db);
    this.explorers = options.explorers;
    this.ready = options.addBundledCompiler === false ? Promise.resolve() : this.compilers.addBundled().then(() => undefined);
  }

  /**
   * One-call verification from metadata and sources (`POST /verify`). With several contracts in
   * the files, `chosenContract` (index or name) picks one. A perfect match stored from this very
   * compilation is the answer without compiling, Sourcify's way; other sources for a verified
   * address are compiled and matched, so they are never answered with the stored contract's match.
   */
  async verifyFiles(files: PathBuffer[], target: VerifyTarget, chosenContract?: string): Promise<OneCallOutcome> {
    const contracts = await createMetadataContractsFromFiles(files).catch((error: Error) => {
      throw new VerifyError('bad_request', `the files could not be read: ${error.message}`);
    });
    if (contracts.length === 0) throw new VerifyError('bad_request', 'no metadata.json found among the files: upload the metadata file of the contract with its sources');
    let contract = contracts[0]!;
    if (contracts.length > 1) {
      const chosen = contracts.find((c, i) => String(i) === chosenContract || c.name === chosenContract);
      if (!chosen) throw new VerifyError('bad_request', `the files hold ${contracts.length} contracts (${contracts.map((c, i) => `${i}: ${c.name}`).join(', ')}); say which one with chosenContract`);
      contract = chosen;
    }
    const stored = this.storedPerfectMatch(target, contract);
    if (stored) return { kind: 'already-verified', record: stored };
    return this.#storedOutcome(await this.verifier.verifyMetadataContract(contract, target, files));
  }

  /**
   * One-call verification of a standard JSON input (`POST /verify/solc-json`). Always compiled:
   * the input's metadata is known only then (the compile cache answers a repeated input at once).
   */
  async verifySolcJson(input: unknown, compilerVersion: string, contractName: string, target: VerifyTarget): Promise<OneCallOutcome> {
    return this.#storedOutcome(await this.verifier.verifySolcJson(checkJsonInput(input), compilerVersion, contractName, target));
  }

  #storedOutcome(result: VerificationResult): OneCallOutcome {
    const { record, saved } = this.store(result);
    return saved ? { kind: 'verified', record } : { kind: 'better-kept', result, kept: record };
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

  /** Stores a fresh result unless a better match is stored for its address (the repository keeps the better). */
  store(result: VerificationResult): StoreOutcome {
    const id = createHash('sha256').update(`${result.chainId}/${result.address}/${result.metadata}`).digest('hex').slice(0, 40);
    const record = this.repository.save(result, id);
    return { record, saved: record.verificationId === id };
  }

  async close(): Promise<void> {
    await this.pool.close();
    if (this.db.open) this.db.close();
  }
}

/** The parts of a standard JSON input the engine relies on; anything else is a 400 naming it. */
function checkJsonInput(input: unknown): Parameters<Verifier['verifySolcJson']>[0] {
  const json = input as { language?: unknown; sources?: Record<string, { content?: unknown }>; settings?: unknown };
  if (!json || typeof json !== 'object') throw new VerifyError('bad_request', 'the standard JSON input must be a JSON object');
  if (json.language !== undefined && json.language !== 'Solidity') throw new VerifyError('bad_request', `only Solidity standard JSON input is supported, not "${String(json.language)}"`);
  if (!json.sources || typeof json.sources !== 'object' || Object.keys(json.sources).length === 0) throw new VerifyError('bad_request', 'the standard JSON input has no sources');
  for (const [name, source] of Object.entries(json.sources)) {
    if (typeof source?.content !== 'string') throw new VerifyError('bad_request', `source "${name}" of the standard JSON input has no content string`);
  }
  return { language: 'Solidity', settings: {}, ...json } as Parameters<Verifier['verifySolcJson']>[0];
}
