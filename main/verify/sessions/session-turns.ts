import type { SessionStore } from './session-store.ts';

/**
 * A session's changes, one after another. Adding files reads the session, works out what its
 * files make up (awaited: a helper thread for a large upload) and then writes the new files with
 * a snapshot of what it read; two adds to one session running at once would each write a
 * snapshot without the other's file, and a clear between the read and the write would be undone.
 * So each operation that changes a session waits for the one before it on that session to settle
 * (whatever it came to); other sessions go on meanwhile. While any is queued or running, the
 * session is held (`hold`): new sessions making room pass it over.
 */
export class SessionTurns {
  /** The last operation queued per session, and the letting go of its hold, while any is queued or running. */
  readonly #last = new Map<string, { settled: Promise<unknown>; release: () => void }>();
  readonly #hold: (sessionId: string) => () => void;

  constructor(hold: (sessionId: string) => () => void = () => () => undefined) {
    this.#hold = hold;
  }

  run<T>(sessionId: string, work: () => T | Promise<T>): Promise<T> {
    const queued = this.#last.get(sessionId);
    // Held from the first operation queued to the last settled (taken at once: the caller touched the session just now).
    const release = queued?.release ?? this.#hold(sessionId);
    const before = queued?.settled ?? Promise.resolve();
    const mine = before.then(work, work);
    const settled = mine.catch(() => undefined);
    this.#last.set(sessionId, { settled, release });
    // The map holds sessions with work under way only.
    void settled.then(() => {
      if (this.#last.get(sessionId)?.settled !== settled) return;
      this.#last.delete(sessionId);
      release();
    });
    return mine;
  }
}

const turnsPerStore = new WeakMap<SessionStore, SessionTurns>();

/**
 * The turns of a store's sessions: shared by every SessionService over that store (the HTTP API's
 * and the app's), as the sessions are, and holding them in that store.
 */
export function sessionTurnsOf(store: SessionStore): SessionTurns {
  let turns = turnsPerStore.get(store);
  if (!turns) turnsPerStore.set(store, turns = new SessionTurns((sessionId) => store.hold(sessionId)));
  return turns;
}
