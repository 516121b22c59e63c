/**
 * Past this a shutdown stops waiting, whatever is still closing: no one waits longer for Ctrl-C or
 * for the app to quit. The steps themselves take far less (the UI first, then the service ports
 * side by side, each giving its requests REQUESTS_CLOSE_LIMIT_MS); this is the backstop for a step
 * that hangs on something else.
 */
export const SHUTDOWN_LIMIT_MS = 10_000;

export interface ShutdownStep {
  /** What is still being closed while this step runs, for the line that says why the wait ended. */
  pending: string;
  close(): Promise<void>;
}

/** How closing the steps ended: all closed, one failed (the rest not tried), or the limit passed first. */
export type CloseOutcome =
  | { kind: 'closed' }
  | { kind: 'failed'; pending: string; message: string }
  | { kind: 'timed-out'; pending: string; limitMs: number };

export interface ClosingSteps {
  /** Settles once, with whichever came first; never rejects. */
  outcome: Promise<CloseOutcome>;
  /** The step being closed now (the last one once all are done). */
  pending(): string;
}

/**
 * Why a shutdown did not close everything, for its log line ("closing the services failed: …",
 * "the services still not closed after 10 s"); the caller adds its prefix and what it does next.
 */
export function describeUnclosed(outcome: Exclude<CloseOutcome, { kind: 'closed' }>): string {
  return outcome.kind === 'failed'
    ? `closing ${outcome.pending} failed: ${outcome.message}`
    : `${outcome.pending} still not closed after ${outcome.limitMs / 1000} s`;
}

/**
 * Closes the steps one after another, but stops waiting after `limitMs`: what `serve` does on
 * Ctrl-C and the desktop app on quit, so that a client holding a request open (a stalled
 * upload or download) can delay the exit, never prevent it. A step still running at the limit
 * is left running; the caller exits or quits regardless.
 */
export function closeWithinLimit(steps: readonly ShutdownStep[], limitMs = SHUTDOWN_LIMIT_MS): ClosingSteps {
  let pending = steps[0]?.pending ?? 'nothing';
  let watchdog: NodeJS.Timeout | undefined;
  const timedOut = new Promise<CloseOutcome>((resolve) => {
    // Not unref'd: should a step wait on nothing that keeps the process alive, the limit still ends it with its line, not a silent exit.
    watchdog = setTimeout(() => resolve({ kind: 'timed-out', pending, limitMs }), limitMs);
  });
  const closed = (async (): Promise<CloseOutcome> => {
    try {
      for (const step of steps) {
        pending = step.pending;
        await step.close();
      }
      return { kind: 'closed' };
    } catch (error) {
      return { kind: 'failed', pending, message: error instanceof Error ? error.message : String(error) };
    }
  })();
  const outcome = Promise.race([closed, timedOut]).finally(() => clearTimeout(watchdog));
  return { outcome, pending: () => pending };
}

