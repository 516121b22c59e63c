import type http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { describeListenError } from '../http/listen.ts';
import { REQUESTS_CLOSE_LIMIT_MS } from '../http/close-connections-within-limit.ts';
import { SwitchableServer } from '../http/switchable-server.ts';
import { errorBody, JSON_CONTENT_TYPE } from '../mirror/http/mirror-reply.ts';
import { STATUS_CLIENT_ERROR_BODY } from '../status/http/status-reply.ts';
import type { NetworkProfile } from './network-profiles.ts';
import { announceProfileParts, closeProfileParts, openProfileParts, silenceProfileParts, type ProfileParts, type ProfilePartsContext } from './profile-parts.ts';
import type { ProfileUse } from './profile-handlers.ts';
import type { ProfileSession } from './profile-session.ts';
import type { ProfileStatus } from './profile-status.ts';
import { noStatusPage } from './profile-status.ts';
import { ProfileSwitchError } from './profile-switch.ts';
import { undoFailedStart } from './undo-failed-start.ts';

/**
 * The open network profile and the loopback ports it is served on. Each port (mirror, status)
 * is bound once for the whole run and hands requests to the current profile's Fastify app, so a
 * switch never closes or re-binds a socket:
 *   1. open the new profile's parts completely (store, mirror API, status service, all ready);
 *      a failure closes them and leaves the old profile open, serving, untouched;
 *   2. swap: new requests reach the new profile from here on;
 *   3. retire the old parts in the background: stopped at once, closed once the requests they
 *      were handed have finished.
 */
export class ProfileHost {
  readonly #context: ProfilePartsContext;
  readonly #mirrorPort: SwitchableServer;
  /**
   * Bound before the first profile with a status page becomes the open one (the start-up profile
   * may have none), so it is never null while `#parts.status` is not.
   */
  #statusPort: SwitchableServer | null;
  #parts: ProfileParts;
  /** Switches run one at a time. */
  #queue: Promise<unknown> = Promise.resolve();
  /**
   * Replaced profiles still closing (after their last request, or 30 s), by name. Another profile
   * opens without waiting; a switch back to one of these cuts its last requests and waits for it
   * to close, since it reopens the same files.
   */
  readonly #retiring = new Map<string, { done: Promise<void>; cut: () => void }>();
  /** Profiles that a queued or running switch is about to open, with how many switches ask for each. */
  readonly #opening = new Map<string, number>();
  /** Set as `close()` begins: from then on no switch opens another profile. */
  #closing: Promise<void> | null = null;

  private constructor(context: ProfilePartsContext, parts: ProfileParts, mirrorPort: SwitchableServer, statusPort: SwitchableServer | null) {
    this.#context = context;
    this.#parts = parts;
    this.#mirrorPort = mirrorPort;
    this.#statusPort = statusPort;
  }

  /** Opens the start-up profile and binds its ports; on failure nothing is left open. */
  static async open(profile: NetworkProfile, context: ProfilePartsContext): Promise<ProfileHost> {
    const { ports } = context.options;
    const parts = await openProfileParts(profile, context);
    // Closing what was opened must not hide why the port could not be bound (a busy port, with the
    // flag to change it): a step of it that fails is logged, and the listen error thrown.
    const closeParts = { what: `closing the profile ${profile.name}`, run: () => closeProfileParts(parts) };
    let mirrorPort: SwitchableServer;
    try {
      mirrorPort = await SwitchableServer.listen(ports.mirror, parts.mirror.server, noMirrorApi, { errorBody: (_status, message) => errorBody(message) });
    } catch (error) {
      await undoFailedStart([closeParts], context.options.log);
      throw describeListenError(error, 'mirror', ports.mirror);
    }
    let statusPort: SwitchableServer | null = null;
    if (parts.status) {
      try {
        statusPort = await ProfileHost.#bindStatusPort(context, parts.status.service.server);
      } catch (error) {
        await undoFailedStart([{ what: 'closing the mirror port', run: () => mirrorPort.close() }, closeParts], context.options.log);
        throw error;
      }
    }
    announceProfileParts(parts);
    return new ProfileHost(context, parts, mirrorPort, statusPort);
  }

  /** Binds the status port (`noStatusPage` answers while the open profile has none); a busy port's error names the flag. */
  static async #bindStatusPort(context: ProfilePartsContext, app: FastifyInstance | null): Promise<SwitchableServer> {
    const { ports, hostCheck } = context.options;
    try {
      return await SwitchableServer.listen(ports.status, app, noStatusPage(hostCheck), { errorBody: STATUS_CLIENT_ERROR_BODY });
    } catch (error) {
      throw describeListenError(error, 'status', ports.status);
    }
  }

  get session(): ProfileSession {
    return this.#parts.session;
  }

  get mirror(): ProfileParts['mirror'] {
    return this.#parts.mirror;
  }

  get status(): ProfileStatus | null {
    return this.#parts.status;
  }

  /**
   * Runs `use` against the open profile's mirror API, counted as one of its requests: a switch
   * meanwhile closes that profile only after `use` is done (the bridge's `mirror/get` injects).
   */
  withMirror<T>(use: (mirror: ProfileParts['mirror']) => Promise<T>): Promise<T> {
    const { mirror } = this.#parts;
    return this.#mirrorPort.hold(mirror.server, () => use(mirror));
  }

  get mirrorUrl(): string {
    return this.#mirrorPort.url;
  }

  /** Where interface C answers for the open profile; null when it has no status page. */
  get statusUrl(): string | null {
    return this.#parts.status ? this.#statusPort!.url : null;
  }

  /**
   * Makes `next` the open profile. Resolves once it serves on the same ports (false: it was
   * already open, nothing changed); rejects with a ProfileSwitchError (the old profile still
   * open and serving) when it cannot be opened, or when the app is shutting down.
   */
  switchTo(next: NetworkProfile): Promise<boolean> {
    // Electron keeps its IPC handlers while it quits: a switch may still arrive during `close()`.
    if (this.#closing) return Promise.reject(this.#shuttingDown(next));
    this.#opening.set(next.name, (this.#opening.get(next.name) ?? 0) + 1);
    const run = this.#queue.then(() => this.#switch(next));
    this.#queue = run.catch(() => undefined);
    const opened = (): void => {
      const left = (this.#opening.get(next.name) ?? 1) - 1;
      if (left > 0) this.#opening.set(next.name, left);
      else this.#opening.delete(next.name);
    };
    run.then(opened, opened);
    return run;
  }

  /**
   * The open profile, one a switch is about to open (neither may be edited or removed), or one
   * replaced and still closing (its files still open: it may not be renamed); null for the rest.
   */
  use(name: string): ProfileUse | null {
    if (name === this.#parts.session.profile.name) return 'open';
    if (this.#opening.has(name)) return 'opening';
    return this.#retiring.has(name) ? 'closing' : null;
  }

  #shuttingDown(next: NetworkProfile): ProfileSwitchError {
    return new ProfileSwitchError(next.name, this.#parts.session.profile.name, new Error('the app is shutting down'));
  }

  async #switch(next: NetworkProfile): Promise<boolean> {
    const { events } = this.#context;
    const closing = this.#retiring.get(next.name);
    if (closing) {
      closing.cut();
      await closing.done;
    }
    // Queued before `close()` began, started after: opening a profile now would leave it open.
    if (this.#closing) throw this.#shuttingDown(next);
    const open = this.#parts.session.profile;
    if (next.name === open.name && next.mirrorUrl === open.mirrorUrl) return false;
    const stayedOn = open.name;
    let parts: ProfileParts;
    try {
      parts = await openProfileParts(next, this.#context);
    } catch (error) {
      throw new ProfileSwitchError(next.name, stayedOn, error);
    }
    if (parts.status && !this.#statusPort) {
      try {
        this.#statusPort = await ProfileHost.#bindStatusPort(this.#context, null);
      } catch (error) {
        await closeProfileParts(parts);
        throw new ProfileSwitchError(next.name, stayedOn, error);
      }
    }

    // The swap: every new request reaches the new profile. The old one is retired before anything
    // else runs, so an exception from a bus listener cannot leave it open.
    const old = this.#parts;
    this.#parts = parts;
    this.#mirrorPort.swap(parts.mirror.server);
    this.#statusPort?.swap(parts.status?.service.server ?? null);
    this.#retireInBackground(old);
    announceProfileParts(parts);
    events.emit('network/changed', parts.session.info());
    events.emit('sync/status', parts.session.syncStatus());
    return true;
  }

  #retireInBackground(old: ProfileParts): void {
    const name = old.session.profile.name;
    const retiring = {
      done: this.#retire(old),
      cut: () => {
        this.#mirrorPort.release(old.mirror.server);
        if (old.status) this.#statusPort?.release(old.status.service.server);
      },
    };
    this.#retiring.set(name, retiring);
    void retiring.done.then(() => {
      if (this.#retiring.get(name) === retiring) this.#retiring.delete(name);
    });
  }

  /** Silences and stops the replaced profile's work at once; closes its apps and store after their last request. */
  async #retire(old: ProfileParts): Promise<void> {
    const { log } = this.#context.options;
    const name = old.session.profile.name;
    try {
      silenceProfileParts(old);
      await old.session.stop();
      const drained = await Promise.all([
        this.#mirrorPort.drained(old.mirror.server),
        old.status ? this.#statusPort!.drained(old.status.service.server) : true,
      ]);
      if (drained.includes(false)) log(`${name}: closing with requests still unanswered`);
      await closeProfileParts(old);
    } catch (error) {
      log(`${name}: closing the replaced profile failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /**
   * Refuses further switches, lets one under way finish, then closes the ports and the open
   * profile once its last request has been answered. Calling it again waits for the same close.
   */
  close(): Promise<void> {
    this.#closing ??= this.#close();
    return this.#closing;
  }

  async #close(): Promise<void> {
    await this.#queue;
    const parts = this.#parts;
    silenceProfileParts(parts);
    // The ports first, together: each gives the requests under way (a replaced profile's too) the
    // same few seconds, then cuts them. A bridge call (`withMirror`) holds no socket: it is waited
    // for alongside, as long. All of it stays well within the limit of the whole shutdown.
    await Promise.all([
      this.#mirrorPort.close(),
      this.#statusPort?.close(),
      this.#mirrorPort.drained(parts.mirror.server, REQUESTS_CLOSE_LIMIT_MS),
    ]);
    // A replaced profile still waiting for its requests (30 s after a switch) waits no more: they were cut.
    for (const retiring of this.#retiring.values()) retiring.cut();
    await Promise.all([...this.#retiring.values()].map((retiring) => retiring.done));
    await closeProfileParts(parts);
  }
}

/** What the mirror port would answer with no mirror API current; every profile has one, so a switch never leaves it vacant. */
const noMirrorApi: http.RequestListener = (_request, response) => {
  response.writeHead(503, { 'content-type': JSON_CONTENT_TYPE }).end(JSON.stringify(errorBody('Service unavailable')));
};
