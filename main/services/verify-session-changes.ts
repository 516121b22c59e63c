import type { VerifySessionChange } from '../common/verify-types.ts';

/**
 * Numbers the changes of the app's verify sessions and tells each one as it happens (to the
 * `verify/session-changed` event): the windows showing that profile's session read it again.
 * One numbering for the app's whole run, kept apart from the AppVerifySession of one verification
 * service run, so that a view read after the service restarts is not numbered below one shown
 * before (the screen would drop it as older).
 */
export class VerifySessionChanges {
  readonly #tell: (change: VerifySessionChange) => void;
  #revision = 0;

  constructor(tell: (change: VerifySessionChange) => void) {
    this.#tell = tell;
  }

  /** The number of the last change: a view read now shows it (and none after it). */
  get revision(): number {
    return this.#revision;
  }

  /** A profile's session has just changed: numbers the change, tells it, and returns its number. */
  changed(profile: string): number {
    this.#revision += 1;
    this.#tell({ profile, revision: this.#revision });
    return this.#revision;
  }
}

/**
 * The revision the answer of a session step claims (a view claiming a revision shows that change
 * and every one before it). `before`: the last number when the step was queued; each change
 * numbered by then was made by then, so the step, run after it, reads it. `own`: the number given
 * to the step's own change once the step is done. Between the two, another change may have been
 * numbered (a Clear queued behind the step runs, and is numbered, before this answer is): the
 * step read the session before it, so the answer then claims only `before`, and its own change's
 * event has the screen read the session again.
 */
export function answerRevision(before: number, own: number): number {
  return own === before + 1 ? own : before;
}
