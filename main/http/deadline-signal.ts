/** An abort signal for one operation, with what it holds on to let go of in `dispose`. */
export interface DeadlineSignal {
  readonly signal: AbortSignal;
  /** True once the deadline, not one of the signals it follows, aborted it. */
  readonly timedOut: boolean;
  /** Stops the timer and stops following the signals; the signal itself is left as it is. Call it when the operation ends. */
  dispose(): void;
}

/**
 * A signal that aborts after `timeoutMs`, or as soon as any of `signals` aborts (with its reason).
 *
 * Not AbortSignal.any with AbortSignal.timeout: in Node 24 a combined signal with a timeout among
 * its sources that a request listens to is pinned (its gcPersistentSignals) until it aborts: until
 * its time-out fires, however long ago the request ended, and for good once combined again (a
 * mirror lookup's signal, combined again by each request under it, was kept one per lookup). A
 * JSON-RPC creator lookup (two signals) or a status poll (one) kept them for their 10-15 s
 * time-outs, some 1.6-1.8 KB of heap per lookup or poll. This one is a plain controller, a timer
 * and one listener per signal followed, all let go of by `dispose`, so it can be followed in turn
 * (a request's own time-out under a lookup's deadline) and is gone as soon as its operation ends.
 */
export function deadlineSignal(timeoutMs: number, ...signals: Array<AbortSignal | undefined>): DeadlineSignal {
  const controller = new AbortController();
  const followed = signals.filter((signal) => signal !== undefined);
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const dispose = () => {
    clearTimeout(timer);
    for (const signal of followed) signal.removeEventListener('abort', onAbort);
  };
  const onAbort = (event: Event) => {
    dispose();
    controller.abort((event.target as AbortSignal).reason);
  };
  const already = followed.find((signal) => signal.aborted);
  if (already) {
    controller.abort(already.reason);
  } else {
    for (const signal of followed) signal.addEventListener('abort', onAbort);
    timer = setTimeout(() => {
      timedOut = true;
      dispose();
      controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
    }, timeoutMs);
    // As AbortSignal.timeout's: a deadline alone does not keep the process running.
    timer.unref();
  }
  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut;
    },
    dispose,
  };
}
