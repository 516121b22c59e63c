import type { AbiEntry, VerifyContractTarget, VerifyFileInput, VerifyFilesAdded, VerifyMatchDetail, VerifySessionContract, VerifySessionView } from '../common/verify-types.ts';
import { ApiFailure } from '../bridge/api-error.ts';
import { VerifyError } from '../verify/engine/verify-error.ts';
import { VerifyDbError } from '../verify/store/verify-db-health.ts';
import { abiOfMetadata } from '../verify/repository/abi-of-metadata.ts';
import type { SessionContractEntry, SessionEnvelope } from '../verify/sessions/session-entry.ts';
import { SessionService, UnknownVerificationIdError, type CheckedOutcome } from '../verify/sessions/session-service.ts';
import { SESSION_MAX_BYTES, SessionFullError } from '../verify/sessions/session-store.ts';
import type { VerifyService } from '../verify/verify-service.ts';
import { readUploads } from './verify-upload-check.ts';
import { placeUploads } from './verify-upload-names.ts';
import { SESSION_CHANGED } from '../common/verify-session-changed.ts';
import { answerRevision, VerifySessionChanges } from './verify-session-changes.ts';

export { SESSION_CHANGED };

/**
 * The app's verify session: one per network profile of this window, kept in the verification
 * database like an API session and run by the same SessionService (so the same limits, assembly
 * and verification apply), plus what each verification found in detail (match per bytecode,
 * libraries, differences), which the HTTP API does not keep. In-process: the Verify screen never
 * goes through interface B's HTTP server. Each request reads the session's files once. Every
 * window and tab on a profile shares its session: each change is told (`changes`) as it happens, a
 * verification's start before its end, and each view carries a number up to which it shows every
 * change (it may show later ones too, never miss an earlier one: answerRevision).
 */
export class AppVerifySession {
  readonly #service: VerifyService;
  readonly #sessions: SessionService;
  /** Profile name → session id. A new app start opens a new session; idle ones expire after 12 h. */
  readonly #ids = new Map<string, string>();
  /** `<session id>/<verificationId>` → detail of the last successful verification. */
  readonly #details = new Map<string, VerifyMatchDetail>();
  /**
   * `<session id>/<verificationId>` → verifications of it under way: the view marks the contract,
   * so a screen opened (or reloaded) meanwhile shows it as being verified until its end is told.
   */
  readonly #verifying = new Map<string, number>();
  readonly #changes: VerifySessionChanges;

  /** `changes`: where each change is numbered and told (by default, to no one). */
  constructor(service: VerifyService, changes = new VerifySessionChanges(() => undefined)) {
    this.#service = service;
    this.#sessions = new SessionService(service);
    this.#changes = changes;
  }

  #id(profile: string): string {
    const known = this.#ids.get(profile);
    if (known && this.#service.sessions.touch(known)) return known;
    // Pinned: API clients opening sessions of their own never evict the Verify screen's.
    const created = this.#service.sessions.create(Date.now(), { pinned: true });
    this.#ids.set(profile, created);
    // A window may show the one that expired: its files are gone.
    this.#changes.changed(profile);
    return created;
  }

  /**
   * A renamed profile keeps its session. One the new name had (a profile of that name removed
   * earlier) is no longer this window's: the renamed profile must not find another's files.
   */
  renameProfile(from: string, to: string): void {
    const id = this.#ids.get(from);
    const had = this.#ids.has(to);
    this.#ids.delete(from);
    if (id === undefined) this.#ids.delete(to);
    else this.#ids.set(to, id);
    if (id !== undefined || had) this.#changes.changed(to);
  }

  /** A removed profile's session goes with it (its files, state and details, and its pin): nothing would open it again. */
  removeProfile(name: string): void {
    const id = this.#ids.get(name);
    if (id === undefined) return;
    this.#ids.delete(name);
    for (const key of [...this.#details.keys()]) if (key.startsWith(`${id}/`)) this.#details.delete(key);
    this.#service.sessions.release(id);
    this.#changes.changed(name);
  }

  async view(profile: string): Promise<VerifySessionView> {
    const id = this.#id(profile);
    // Taken with the envelope, before any await: a verification ending while the view asks about
    // compilers must not leave its contract read as pending yet no longer being verified. The
    // revision too: a change landing meanwhile is then told with a higher number, and read again.
    const verifying = new Set(this.#verifying.keys());
    const revision = this.#changes.revision;
    return this.#viewOf(id, await this.#guard(() => this.#sessions.envelope(id)), revision, verifying);
  }

  async clear(profile: string): Promise<VerifySessionView> {
    const id = this.#id(profile);
    await this.#sessions.clear(id);
    for (const key of [...this.#details.keys()]) if (key.startsWith(`${id}/`)) this.#details.delete(key);
    this.#changes.changed(profile);
    return this.view(profile);
  }

  /**
   * Adds the files the session can read; a zip that does not open or JSON that does not parse is
   * left out and named in `unreadable` (interface B would keep it as an unused file without a word).
   * A zip is inflated once, by that check: the session takes the files it found. A loose JSON file
   * named like one the session holds with other content is kept under a name of its own, and a
   * loose source that replaces another content is named (verify-upload-names.ts): decided in the
   * session's turn, against the files it holds then (another window may be adding too).
   */
  async addFiles(profile: string, files: VerifyFileInput[]): Promise<VerifyFilesAdded> {
    const id = this.#id(profile);
    const decoded = files.map((f) => ({ path: f.name, content: Buffer.from(f.content, f.encoding === 'base64' ? 'base64' : 'utf8') }));
    const { toAdd, unreadable } = await readUploads(decoded);
    let placed: ReturnType<typeof placeUploads<(typeof toAdd)[number]>> = { files: [], renamed: [], replaced: [] };
    const before = this.#changes.revision;
    const envelope = await this.#guard(() => (toAdd.length > 0
      ? this.#sessions.addFound(id, () => id, async (held) => {
        placed = placeUploads(toAdd, held.map((f) => ({ path: f.path, content: f.buffer })));
        return placed.files;
      })
      : this.#sessions.envelope(id)));
    const revision = toAdd.length > 0 ? answerRevision(before, this.#changes.changed(profile)) : before;
    return { ...await this.#viewOf(id, envelope, revision), unreadable, renamed: placed.renamed, replaced: placed.replaced };
  }

  /**
   * Verifies each named contract against its address and chain (SessionService.verifyChecked).
   * A contract that fails gets status `error` with the reason; the others go on. An address
   * already verified perfectly from this very compilation is answered from the repository without
   * compiling, also when this session verified it before, so the detail says where the answer came
   * from; other sources for it are compiled and matched.
   */
  async verify(profile: string, targets: VerifyContractTarget[]): Promise<VerifySessionView> {
    const id = this.#id(profile);
    const keys = targets.map((t) => `${id}/${t.verificationId}`);
    for (const key of keys) this.#verifying.set(key, (this.#verifying.get(key) ?? 0) + 1);
    // Told before the verification runs (it may take seconds): other windows show it under way.
    const started = this.#changes.changed(profile);
    let envelope: SessionEnvelope<SessionContractEntry>;
    let ended: number;
    try {
      envelope = await this.#guard(() => this.#sessions.verifyChecked(id, targets, {
        recheckPerfect: true,
        onOutcome: (verificationId, outcome) => this.#keepDetail(`${id}/${verificationId}`, outcome),
      }));
    } finally {
      for (const key of keys) {
        const left = (this.#verifying.get(key) ?? 1) - 1;
        if (left > 0) this.#verifying.set(key, left);
        else this.#verifying.delete(key);
      }
      // Ended, with its results stored or refused: either way no longer under way.
      ended = this.#changes.changed(profile);
    }
    // Its answer in, the view says it is not being verified any more (unless another request still verifies it).
    return this.#viewOf(id, envelope, answerRevision(started, ended));
  }

  #keepDetail(key: string, outcome: CheckedOutcome): void {
    if ('error' in outcome) this.#details.delete(key);
    else if (outcome.result) this.#details.set(key, detailOf(outcome.result, outcome.result.differences ?? [], false));
    else this.#details.set(key, detailOf(outcome.record, [], true));
  }

  /**
   * The session as the Verify screen shows it. Whether each contract's compiler is installed is
   * asked as a verification asks it (CompilerStore.installed): at a first start, the view of one
   * whose version is not in the folder yet waits for the bundled compiler's addition to end, so
   * the version about to appear is not offered for download as "not installed".
   */
  async #viewOf(id: string, envelope: SessionEnvelope<SessionContractEntry>, revision: number, verifying: ReadonlySet<string> = new Set(this.#verifying.keys())): Promise<VerifySessionView> {
    const versions = [...new Set(envelope.contracts.map((entry) => entry.compilerVersion))];
    const installed = new Map(await Promise.all(versions.map(async (version) => [version, await this.#service.compilers.installed(version)] as const)));
    return {
      contracts: envelope.contracts.map((entry): VerifySessionContract => {
        const verified = entry.status === 'perfect' || entry.status === 'partial';
        return {
          verificationId: entry.verificationId,
          name: entry.name,
          compiledPath: entry.compiledPath,
          compilerVersion: entry.compilerVersion,
          compilerInstalled: installed.get(entry.compilerVersion) === true,
          found: entry.files.found,
          missing: entry.files.missing,
          differing: Object.entries(entry.files.invalid ?? {}).map(([path, d]) => ({ path, uploadedPath: d.uploadedPath, expectedHash: d.expectedHash, calculatedHash: d.calculatedHash, storedCopyUsed: d.storedCopyUsed })),
          address: entry.address || null,
          chainId: entry.chainId || null,
          status: verified || entry.status === 'error' ? entry.status as VerifySessionContract['status'] : 'pending',
          message: entry.statusMessage ?? null,
          // Only a verified contract has a stored time to show (a failed attempt drops the one of an earlier success).
          verifiedAt: verified ? entry.storageTimestamp ?? null : null,
          detail: verified ? this.#details.get(`${id}/${entry.verificationId}`) ?? null : null,
          verifying: verifying.has(`${id}/${entry.verificationId}`),
        };
      }),
      unused: envelope.unused,
      files: envelope.files,
      bytes: this.#service.sessions.bytes(id),
      maxBytes: SESSION_MAX_BYTES,
      revision,
    };
  }

  /**
   * The session's refusals, said in the app's terms: the user's input, or a contract the session
   * no longer has; the verification database failing (damaged, its disk full) is no input's fault.
   */
  async #guard<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      // The database's own failure (a VerifyError too) is no input's: the channel's wrapper says it (verify-handlers withService).
      if (error instanceof VerifyDbError) throw error;
      if (error instanceof UnknownVerificationIdError) throw new ApiFailure('not-found', SESSION_CHANGED);
      if (error instanceof SessionFullError || error instanceof VerifyError) throw new ApiFailure('invalid-input', error.message);
      throw error;
    }
  }
}

/** What a verification found, from its result or (answered from the repository) its stored record: both carry these fields. */
type FoundMatch = Pick<VerifyMatchDetail, 'runtimeMatch' | 'creationMatch' | 'libraryMap' | 'constructorArguments'> & { metadata: string };

function detailOf(found: FoundMatch, differences: VerifyMatchDetail['differences'], fromRepository: boolean): VerifyMatchDetail {
  const constructorAbi: AbiEntry | null = abiOfMetadata(found.metadata)?.find((entry) => entry.type === 'constructor') ?? null;
  return {
    runtimeMatch: found.runtimeMatch,
    creationMatch: found.creationMatch,
    libraryMap: found.libraryMap,
    differences,
    fromRepository,
    constructorAbi,
    constructorArguments: found.constructorArguments,
  };
}
