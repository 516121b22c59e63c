/**
 * A session's changes, one after another. Adding files reads the session, works out what its
 * files make up (awaited: a helper thread for a large upload) and then writes the new files with
 * a snapshot of what it read; two adds to one session running at once would each write a
 * snapshot without the other's file, and a clear between the read and the write would be undone.
 * So each operation that changes a session waits for the one before it on that session to settle
 * (whatever it came to); other sessions go on meanwhile.
 */
export class SessionTurns {
  /** The last operation queued per session, while any is queued or running. */
  readonly #last = new Map<string, Promise<unknown>>();

  run<T>(sessionId: string, work: () => T | Promise<T>): Promise<T> {
    const before = this.#last.get(sessionId) ?? Promise.resolve();
    const mine = before.then(work, work);
    const settled = mine.catch(() => undefined);
    this.#last.set(sessionId, settled);
    // The map holds sessions with work under way only.
    void settled.then(() => {
      if (this.#last.get(sessionId) === settled) this.#last.delete(sessionId);
    });
    return mine;
  }
}

const turnsPerStore = new WeakMap<object, SessionTurns>();

/**
 * The turns of a store's sessions: shared by every SessionService over that store (the HTTP API's
 * and the app's), as the sessions are.
 */
export function sessionTurnsOf(store: object): SessionTurns {
  let turns = turnsPerStore.get(store);
  if (!turns) turnsPerStore.set(store, turns = new SessionTurns());
  return turns;
}
