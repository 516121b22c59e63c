import type { VerificationResult } from '../engine/verification-result.ts';
import { requireCompiler } from '../engine/require-compiler.ts';
import { VerifyError, toVerifyError } from '../engine/verify-error.ts';
import { knownSourcesOf } from '../engine/known-sources.ts';
import { requireExplorer } from '../explorer/configured-explorer.ts';
import { fetchExplorerSource } from '../explorer/explorer-import.ts';
import { parseAddress } from '../engine/evm-address.ts';
import { openZips, type UnpackedZip, type UploadedFile } from '../engine/unpack-zips.ts';
import type { VerifiedRecord } from '../repository/verified-repository.ts';
import { creationToAdd } from '../creation-to-add.ts';
import { VerifyDbError } from '../store/verify-db-health.ts';
import { betterKeptNote, type StoreOutcome, type VerifyService } from '../verify-service.ts';
import { assembleSession, withinSessionLimit, type AssembledSession } from './session-contracts.ts';
import { sessionStateNow } from './session-result-holds.ts';
import { solcJsonToFiles } from './solc-json-files.ts';
import { differingUploads } from './differing-uploads.ts';
import { contractEntry, dataEntry, type SessionContractEntry, type SessionDataEntry, type SessionEnvelope } from './session-entry.ts';
import type { SessionContractState, SessionSnapshot, SessionState } from './session-store.ts';
import { sessionTurnsOf, type SessionTurns } from './session-turns.ts';

export interface CheckedContractRequest {
  verificationId: string;
  address: string;
  chainId: string;
  creatorTxHash?: string | null;
}

/**
 * What verifying one contract of a session came to: the record stored for its address (another
 * compilation's, when a better match of it was kept over this result) and the full result when
 * compiled now; or the error.
 */
export type CheckedOutcome = { record: VerifiedRecord; result: VerificationResult | null } | { error: VerifyError };

export interface VerifyCheckedOptions {
  /**
   * Answer a contract already verified perfectly at the same address and chain again (from the
   * repository, without compiling) instead of leaving it untouched, Sourcify's way. The app wants
   * this: it shows, per contract, where the latest answer came from.
   */
  recheckPerfect?: boolean;
  /**
   * Told each verified contract's outcome as it comes (the app keeps the match details, which the
   * session state does not). Not told on a dry run, which has no stored record to tell of.
   */
  onOutcome?: (verificationId: string, outcome: CheckedOutcome) => void;
  /** Verify without storing anything in the repository (Sourcify's `dryrun`): the status is this request's, with no storageTimestamp. */
  dryRun?: boolean;
}

/** A verificationId the session's files do not make up; a bad request like any other for the HTTP API. */
export class UnknownVerificationIdError extends VerifyError {
  readonly verificationId: string;
  constructor(verificationId: string) {
    super('bad_request', `no contract with verificationId ${verificationId} in this session`);
    this.name = 'UnknownVerificationIdError';
    this.verificationId = verificationId;
  }
}

/**
 * A file added to a session, as requests carry it (`content`); a zip may come with the files it
 * holds, when the caller has unpacked it already. The session hands its files on as lib-sourcify
 * takes them (UploadedFile, `buffer`).
 */
export interface SessionUpload {
  path: string;
  content: Buffer;
  unpacked?: UnpackedZip;
}

/** A session's files as uploaded (zips whole), read once per request, and the contracts they make up. */
interface SessionRead {
  files: UploadedFile[];
  assembled: AssembledSession;
}

/** The answer of a session operation on a session that does not exist (no cookie, or an expired one). */
export const EMPTY_ENVELOPE: SessionEnvelope<never> = Object.freeze({ contracts: [], unused: [], files: [] }) as SessionEnvelope<never>;

/**
 * The session operations of interface B over a SessionStore: add files, see the contracts they
 * make up (found, missing and unused files), attach an address and chain, verify. Each operation
 * that changes a session runs in that session's turn (session-turns.ts), after the ones before it.
 */
export class SessionService {
  private readonly service: VerifyService;
  private readonly turns: SessionTurns;

  constructor(service: VerifyService) {
    this.service = service;
    this.turns = sessionTurnsOf(service.sessions);
  }

  /**
   * The session as its files make it up, from the snapshot kept when they last changed (made and
   * kept now, in the session's turn, when missing).
   */
  async envelope(sessionId: string): Promise<SessionEnvelope<SessionContractEntry>> {
    const state = this.service.sessions.state(sessionId);
    if (state.snapshot) return this.envelopeOf(state.snapshot, state);
    return this.turns.run(sessionId, () => this.envelopeNow(sessionId));
  }

  async data(sessionId: string): Promise<SessionEnvelope<SessionDataEntry>> {
    const envelope = await this.envelope(sessionId);
    return { ...envelope, contracts: envelope.contracts.map(dataEntry) };
  }

  /**
   * A zip among the files may come with the files it holds (`unpacked`, from unpackZip), read
   * already by the caller. `signal` aborting (the HTTP client gone) before the files are stored
   * stops their reading and stores nothing; the session's next operation goes on at once.
   */
  async addFiles(sessionId: string, files: SessionUpload[], signal?: AbortSignal): Promise<SessionEnvelope<SessionContractEntry>> {
    return this.turns.run(sessionId, async () => this.answer(sessionId, await this.add(sessionId, files, undefined, signal)));
  }

  /**
   * Adds what `find` says the session lacks, given the files it holds (`/session/input-contract`:
   * the metadata and sources of a deployed contract). The files are read, and their zips opened,
   * once for both. The session is `current`, else `openSession()`, asked only once `find` has
   * answered: a refused lookup opens none. `current` is read, and `find` asked, in its turn: what
   * `find` was told the session lacks is what it lacks when the files are added.
   */
  async addFound(current: string | null, openSession: () => string, find: (held: readonly UploadedFile[]) => Promise<SessionUpload[]>): Promise<SessionEnvelope<SessionContractEntry>> {
    const addTo = async (sessionId: string, held: UploadedFile[], found: SessionUpload[]) =>
      (found.length > 0 ? this.answer(sessionId, await this.add(sessionId, found, held)) : this.envelopeNow(sessionId, held));
    if (current) {
      return this.turns.run(current, async () => {
        const held = await this.openedFiles(current);
        return addTo(current, held, await find(held));
      });
    }
    const found = await find([]);
    const sessionId = openSession();
    return this.turns.run(sessionId, () => addTo(sessionId, [], found));
  }

  /**
   * Verifies the listed contracts of the session that have all their sources, remembering address
   * and chain for each. A failure is recorded on its contract (`error` with the reason) rather than
   * failing the whole request, as Sourcify does; a request that names no contract of the session,
   * or a malformed address, is refused (400) before anything is verified.
   */
  async verifyChecked(sessionId: string, requests: CheckedContractRequest[], options: VerifyCheckedOptions = {}): Promise<SessionEnvelope<SessionContractEntry>> {
    return this.turns.run(sessionId, async () => this.verifyRead(sessionId, await this.read(sessionId), requests, options));
  }

  /**
   * Compiles standard JSON inputs and adds their sources and contract metadata to the session
   * (`signal` as for addFiles: a compile under way is finished, its files then not stored). The
   * session is held from the start: the compile takes seconds before the add's turn takes its own
   * hold, and new sessions made meanwhile must not remove the one its files are for.
   */
  async addSolcJson(sessionId: string, inputs: Record<string, string>, compilerVersion: string, signal?: AbortSignal): Promise<SessionEnvelope<SessionContractEntry>> {
    const release = this.service.sessions.hold(sessionId);
    try {
      const files = await this.solcJsonFiles(inputs, compilerVersion);
      return await this.turns.run(sessionId, async () => this.answer(sessionId, await this.add(sessionId, files, undefined, signal)));
    } finally {
      release();
    }
  }

  /**
   * Imports a contract an Etherscan-compatible explorer has verified (base URL configured per
   * chain) into a session and verifies it against the chain here. The apiKey goes to that one
   * request only. `openSession` (the caller's session, or a new one) is asked only once there are
   * files to add: a refused or failed import opens none, so such calls cannot push real sessions out.
   */
  async importFromExplorer(openSession: () => string, address: string, chainId: string, apiKey: string): Promise<SessionEnvelope<SessionContractEntry>> {
    const base = requireExplorer(this.service.explorers, chainId);
    const parsed = parseAddress(address);
    if (!parsed) throw new VerifyError('bad_request', `address must be a 0x-prefixed 40-digit hex address, not "${address}"`);
    const source = await fetchExplorerSource(base, parsed, apiKey);
    const files = await this.solcJsonFiles({ 'explorer-input.json': JSON.stringify(source.jsonInput) }, source.compilerVersion);
    const sessionId = openSession();
    return this.turns.run(sessionId, async () => {
      const read = await this.add(sessionId, files);
      const named = read.assembled.contracts.filter((c) => c.contract.name === source.contractName);
      const target = named.find((c) => !source.contractPath || c.contract.path === source.contractPath) ?? named[0];
      if (!target) throw new VerifyError('bad_request', `the explorer's sources do not compile to a contract named ${source.contractName}`);
      return this.verifyRead(sessionId, read, [{ verificationId: target.verificationId, address: parsed, chainId }]);
    });
  }

  /** Empties the session once the operations on it before this one are done: an add under way is stored whole, then cleared. */
  clear(sessionId: string): Promise<void> {
    return this.turns.run(sessionId, () => this.service.sessions.clear(sessionId));
  }

  /** envelope, in the session's turn already (`held`: its files, when the request has read them). */
  private async envelopeNow(sessionId: string, held?: UploadedFile[]): Promise<SessionEnvelope<SessionContractEntry>> {
    const state = this.service.sessions.state(sessionId);
    let snapshot = state.snapshot;
    if (!snapshot) {
      snapshot = this.snapshotOf(held ? await this.assemble(held) : await this.read(sessionId));
      this.service.sessions.saveSnapshot(sessionId, snapshot);
    }
    return this.envelopeOf(snapshot, state);
  }

  /**
   * Adds files and reads the session once, for the caller to answer or verify from (`held`: its
   * files as this request read them already, in this turn). Run in the session's turn. The session is read with the new files before they
   * are stored: files it cannot read (a corrupt zip, a broken build-info) are refused, naming the
   * file, and leave the session as it was. `signal` aborting before the files are stored (waiting
   * for the turn, or while they are read) rejects with its reason and stores nothing.
   */
  private async add(sessionId: string, files: SessionUpload[], held?: readonly UploadedFile[], signal?: AbortSignal): Promise<SessionRead> {
    signal?.throwIfAborted();
    const merged = new Map<string, UploadedFile>((held ?? this.service.sessions.files(sessionId)).map((f) => [f.path, f]));
    for (const file of files) merged.set(file.path, { path: file.path, buffer: file.content, unpacked: file.unpacked });
    const all = [...merged.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    let assembled: AssembledSession;
    try {
      assembled = await assembleSession(all, this.service.sessions.maxBytes, signal);
    } catch (error) {
      // Stopped, not unreadable: no file is to be read again to be named.
      signal?.throwIfAborted();
      // Limits (SessionFullError) and metadata of the wrong shape say what they are about already.
      if (error instanceof VerifyError) throw error;
      throw new VerifyError('bad_request', `${await unreadableFileOf(files, this.service.sessions.maxBytes)} could not be read: ${(error as Error).message}`);
    }
    const read = { files: all, assembled };
    // The last moment to give up: once the write begins, the files are the session's.
    signal?.throwIfAborted();
    await this.service.sessions.addUpload(sessionId, files, assembled.bytes, this.snapshotOf(read));
    return read;
  }

  private async solcJsonFiles(inputs: Record<string, string>, compilerVersion: string): Promise<Array<{ path: string; content: Buffer }>> {
    const version = await requireCompiler(this.service.compilers, compilerVersion);
    const files: Array<{ path: string; content: Buffer }> = [];
    try {
      for (const [name, text] of Object.entries(inputs)) files.push(...await solcJsonToFiles(this.service.compiler, version, text, name));
    } catch (error) {
      throw toVerifyError(error);
    }
    return files;
  }

  /** verifyChecked over a session already read in this request. */
  private async verifyRead(sessionId: string, read: SessionRead, requests: CheckedContractRequest[], options: VerifyCheckedOptions = {}): Promise<SessionEnvelope<SessionContractEntry>> {
    // Every request is checked before any is verified, so a refusal leaves the session as it was.
    const checked = requests.map((request) => {
      const found = read.assembled.contracts.find((c) => c.verificationId === request.verificationId);
      if (!found) throw new UnknownVerificationIdError(request.verificationId);
      const address = parseAddress(request.address);
      if (!address) throw new VerifyError('bad_request', `address must be a 0x-prefixed 40-digit hex address (mixed case only with its EIP-55 checksum), not "${String(request.address).slice(0, 80)}"`);
      return { request, found, address };
    });
    const state = this.service.sessions.state(sessionId);
    for (const { request, found, address } of checked) {
      const previous = state.contracts[request.verificationId] ?? {};
      // Already verified perfectly and stored for this address: nothing to do (a dry run's perfect was
      // not stored), while the verification that counts there is still the one stored then (its
      // time): a ledger rebuilt since put other code there, perhaps verified by someone else since.
      // Unless it lacks the creation match the creation transaction given now can add.
      // The repository read (the store's code read and hashed) last, after the cheap tests.
      if (!options.recheckPerfect && previous.status === 'perfect' && previous.storageTimestamp !== undefined
        && previous.address === address && previous.chainId === request.chainId) {
        const record = this.service.repository.get(request.chainId, address);
        if (record?.verifiedAt === previous.storageTimestamp && !creationToAdd(request.creatorTxHash, record)) continue;
      }
      // What an earlier attempt found (a message, a stored time) is not this attempt's answer.
      const contractState: SessionContractState = { address, chainId: request.chainId, creatorTxHash: request.creatorTxHash ?? null };
      let outcome: CheckedOutcome | null;
      try {
        const target = { chainId: request.chainId, address, creatorTxHash: request.creatorTxHash ?? null };
        // Only this very compilation's stored match answers without compiling: another contract (or
        // other sources) for a verified address is matched for real, not given the stored contract's match.
        const stored = this.service.storedPerfectMatch(target, found.contract);
        if (stored && !creationToAdd(request.creatorTxHash, stored)) {
          outcome = { record: stored, result: null };
          Object.assign(contractState, { status: stored.status, storageTimestamp: stored.verifiedAt, runtimeCodeHash: stored.runtimeCodeHash });
        } else {
          const result = await this.service.verifier.verifyMetadataContract(found.contract, target, read.assembled.unpacked);
          if (options.dryRun) {
            outcome = null;
            Object.assign(contractState, { status: result.status, runtimeCodeHash: result.runtimeCodeHash ?? null });
          } else {
            const saved = this.service.store(result);
            outcome = { record: storedRecord(saved), result };
            Object.assign(contractState, stateAfterStoring(result, saved), { runtimeCodeHash: result.runtimeCodeHash ?? null });
          }
        }
      } catch (error) {
        const failure = this.service.describeFailure(error);
        // The database's failure (damaged, its disk full) is no contract's: the request answers it, saying what to do.
        if (failure instanceof VerifyDbError) throw failure;
        outcome = { error: failure };
        Object.assign(contractState, { status: 'error', statusMessage: failure.message });
      }
      state.contracts[request.verificationId] = contractState;
      if (outcome) options.onOutcome?.(request.verificationId, outcome);
    }
    this.service.sessions.saveState(sessionId, state);
    return this.envelopeOf(this.snapshotOf(read), state);
  }

  private read(sessionId: string): Promise<SessionRead> {
    return this.assemble(this.service.sessions.files(sessionId));
  }

  private async assemble(files: UploadedFile[]): Promise<SessionRead> {
    try {
      return { files, assembled: await assembleSession(files, this.service.sessions.maxBytes) };
    } catch (error) {
      throw unreadableSession(error);
    }
  }

  /** The session's files with their zips opened, for a request that hands them on more than once (addFound). */
  private async openedFiles(sessionId: string): Promise<UploadedFile[]> {
    // Read outside the try, as `read` does: the database's own failure (damage) is not the files'.
    const files = this.service.sessions.files(sessionId);
    try {
      // Past the limit as assembleSession says it, the way the other session routes would.
      return (await withinSessionLimit(this.service.sessions.maxBytes, (limit) => openZips(files, limit))).files;
    } catch (error) {
      throw unreadableSession(error);
    }
  }

  /** The session as read, with its contracts' saved state. */
  private answer(sessionId: string, read: SessionRead): SessionEnvelope<SessionContractEntry> {
    return this.envelopeOf(this.snapshotOf(read), this.service.sessions.state(sessionId));
  }

  /** The session's entries, each contract's match as it holds for the code at its address now. */
  private envelopeOf(snapshot: SessionSnapshot, state: SessionState): SessionEnvelope<SessionContractEntry> {
    const stored = (chainId: string, address: string) => this.service.repository.get(chainId, address);
    return {
      contracts: snapshot.contracts.map((c) => {
        const saved = state.contracts[c.verificationId];
        return contractEntry(c, saved && sessionStateNow(saved, this.service.chains, stored));
      }),
      unused: snapshot.unused,
      files: snapshot.files,
    };
  }

  /**
   * What a session's files make up, as its entries show it. A source the files lack that a
   * contract verified here has (by the keccak256 the metadata names) counts as found: verifying
   * takes it from there (known-sources.ts), so the session does not ask the user for it. An
   * uploaded file standing where such a source is, with other content, is named in `invalid`:
   * the user must be told that their edit is not what gets verified.
   */
  private snapshotOf(read: SessionRead): SessionSnapshot {
    const known = this.service.repository;
    const unused = new Set(read.assembled.unused);
    return {
      contracts: read.assembled.contracts.map((c) => {
        const filled = knownSourcesOf(c.contract, known).map((source) => source.path);
        return {
          verificationId: c.verificationId,
          compiledPath: c.contract.path,
          name: c.contract.name,
          compilerVersion: c.contract.metadata.compiler.version,
          found: [...c.found, ...filled],
          missing: c.missing.filter((path) => !filled.includes(path)),
          invalid: differingUploads(c.contract, c.contract.providedSources, filled, unused),
        };
      }),
      unused: read.assembled.unused,
      files: read.files.map((f) => f.path),
    };
  }
}

/** A failure to read the session's own files: a VerifyError as it is (a limit, metadata of the wrong shape), anything else a 400. */
function unreadableSession(error: unknown): VerifyError {
  if (error instanceof VerifyError) return error;
  return new VerifyError('bad_request', `the session's files could not be read: ${(error as Error).message}`);
}

/** Which of the files just sent the session cannot read on its own; "the files" when none alone fails. */
async function unreadableFileOf(files: SessionUpload[], maxBytes: number): Promise<string> {
  for (const file of files) {
    try {
      await assembleSession([{ path: file.path, buffer: file.content, unpacked: file.unpacked }], maxBytes);
    } catch {
      return file.path;
    }
  }
  return 'the files';
}

/** The record stored for the address once a result was offered to the repository. */
function storedRecord(outcome: StoreOutcome): VerifiedRecord {
  return outcome.kind === 'better-kept' ? outcome.kept : outcome.record;
}

/** A contract's session state after its fresh result was offered to the repository (a conflict was thrown before). */
function stateAfterStoring(result: VerificationResult, outcome: StoreOutcome): SessionContractState {
  if (outcome.kind !== 'better-kept') return { status: outcome.record.status, storageTimestamp: outcome.record.verifiedAt };
  return { status: result.status, statusMessage: betterKeptNote(outcome.kept, outcome.sameSources) };
}
