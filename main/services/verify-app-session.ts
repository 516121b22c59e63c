import type { VerifyContractTarget, VerifyFileInput, VerifyMatchDetail, VerifySessionContract, VerifySessionView } from '../common/verify-types.ts';
import { ApiFailure } from '../bridge/api-error.ts';
import { toVerifyError, VerifyError } from '../verify/engine/verify-error.ts';
import type { VerifiedRecord } from '../verify/repository/verified-repository.ts';
import { assembleSession } from '../verify/sessions/session-contracts.ts';
import { SessionService } from '../verify/sessions/session-service.ts';
import { SESSION_MAX_BYTES, SessionFullError } from '../verify/sessions/session-store.ts';
import type { VerifyService } from '../verify/verify-service.ts';
import { projectFilesToSession } from './verify-project-files.ts';

/**
 * The app's verify session: one per network profile of this window, kept in the verification
 * database like an API session (so the same limits and the same assembly apply), plus what each
 * verification found in detail (match per bytecode, libraries, differences), which the HTTP API
 * does not keep. In-process: the Verify screen never goes through interface B's HTTP server.
 */
export class AppVerifySession {
  readonly #service: VerifyService;
  readonly #sessions: SessionService;
  /** Profile name → session id. A new app start opens a new session; idle ones expire after 12 h. */
  readonly #ids = new Map<string, string>();
  /** `<session id>/<verificationId>` → detail of the last successful verification. */
  readonly #details = new Map<string, VerifyMatchDetail>();

  constructor(service: VerifyService) {
    this.#service = service;
    this.#sessions = new SessionService(service);
  }

  #id(profile: string): string {
    const known = this.#ids.get(profile);
    if (known && this.#service.sessions.touch(known)) return known;
    const created = this.#service.sessions.create();
    this.#ids.set(profile, created);
    return created;
  }

  async view(profile: string): Promise<VerifySessionView> {
    const id = this.#id(profile);
    const envelope = await this.#guard(() => this.#sessions.envelope(id));
    const files = this.#service.sessions.files(id);
    return {
      contracts: envelope.contracts.map((entry): VerifySessionContract => ({
        verificationId: entry.verificationId,
        name: entry.name,
        compiledPath: entry.compiledPath,
        compilerVersion: entry.compilerVersion,
        compilerInstalled: this.#service.compilers.has(entry.compilerVersion),
        found: entry.files.found,
        missing: entry.files.missing,
        address: entry.address || null,
        chainId: entry.chainId || null,
        status: entry.status === 'perfect' || entry.status === 'partial' || entry.status === 'error' ? entry.status : 'pending',
        message: entry.statusMessage ?? null,
        verifiedAt: entry.storageTimestamp ?? null,
        detail: entry.status === 'perfect' || entry.status === 'partial' ? this.#details.get(`${id}/${entry.verificationId}`) ?? null : null,
      })),
      unused: envelope.unused,
      files: envelope.files,
      bytes: files.reduce((sum, f) => sum + f.buffer.length, 0),
      maxBytes: SESSION_MAX_BYTES,
    };
  }

  async clear(profile: string): Promise<VerifySessionView> {
    const id = this.#id(profile);
    this.#sessions.clear(id);
    for (const key of [...this.#details.keys()]) if (key.startsWith(`${id}/`)) this.#details.delete(key);
    return this.view(profile);
  }

  async addFiles(profile: string, files: VerifyFileInput[]): Promise<VerifySessionView> {
    const id = this.#id(profile);
    const decoded = projectFilesToSession(files.map((f) => ({ path: f.name, content: Buffer.from(f.content, f.encoding === 'base64' ? 'base64' : 'utf8') })));
    try {
      this.#service.sessions.addFiles(id, decoded);
    } catch (error) {
      if (error instanceof SessionFullError) throw new ApiFailure('invalid-input', error.message);
      throw error;
    }
    return this.view(profile);
  }

  /**
   * Verifies each named contract against its address and chain. A contract that fails gets
   * status `error` with the reason; the others go on. An address already verified perfectly
   * is answered from the repository without compiling.
   */
  async verify(profile: string, targets: VerifyContractTarget[]): Promise<VerifySessionView> {
    const id = this.#id(profile);
    const files = this.#service.sessions.files(id);
    const assembled = await this.#guard(() => assembleSession(files));
    const state = this.#service.sessions.state(id);
    for (const target of targets) {
      const found = assembled.contracts.find((c) => c.verificationId === target.verificationId);
      if (!found) throw new ApiFailure('not-found', `no contract with verification id ${target.verificationId} in this session; add its files again`);
      const contractState = { ...(state.contracts[target.verificationId] ?? {}), address: target.address, chainId: target.chainId, creatorTxHash: target.creatorTxHash ?? null };
      delete contractState.statusMessage;
      const key = `${id}/${target.verificationId}`;
      this.#details.delete(key);
      try {
        const stored = this.#service.repository.get(target.chainId, target.address);
        let record: VerifiedRecord;
        if (stored?.status === 'perfect') {
          record = stored;
          this.#details.set(key, detailOf(stored, [], true));
        } else {
          const result = await this.#service.verifier.verifyMetadataContract(found.contract, { chainId: target.chainId, address: target.address, creatorTxHash: target.creatorTxHash ?? null }, files);
          record = this.#service.store(result);
          this.#details.set(key, detailOf(result, result.differences ?? [], false));
        }
        Object.assign(contractState, { status: record.status, storageTimestamp: record.verifiedAt });
      } catch (error) {
        Object.assign(contractState, { status: 'error', statusMessage: toVerifyError(error).message });
        delete contractState.storageTimestamp;
      }
      state.contracts[target.verificationId] = contractState;
    }
    this.#service.sessions.saveState(id, state);
    return this.view(profile);
  }

  /** Reading a session's files can fail on a broken upload: that is the user's input, said plainly. */
  async #guard<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof VerifyError) throw new ApiFailure('invalid-input', error.message);
      throw new ApiFailure('invalid-input', `the uploaded files could not be read: ${(error as Error).message}`);
    }
  }
}

function detailOf(found: Pick<VerifiedRecord, 'runtimeMatch' | 'creationMatch' | 'libraryMap'>, differences: VerifyMatchDetail['differences'], fromRepository: boolean): VerifyMatchDetail {
  return { runtimeMatch: found.runtimeMatch, creationMatch: found.creationMatch, libraryMap: found.libraryMap, differences, fromRepository };
}
