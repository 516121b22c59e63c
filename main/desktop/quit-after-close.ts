import { closeWithinLimit, describeUnclosed } from '../services/close-within-limit.ts';

export interface QuitAfterCloseDeps {
  /**
   * The running services, handed over once to be closed: null when there are none (not started
   * yet, or already closing, so a second quit goes through at once).
   */
  takeServices(): { close(): Promise<void> } | null;
  /** Quits for real; the listener lets that quit through. */
  quit(): void;
  log(line: string): void;
  /** Default: SHUTDOWN_LIMIT_MS, the limit `serve` has on Ctrl-C. */
  limitMs?: number;
}

/**
 * The `before-quit` listener of the desktop app: holds the quit while the services close their
 * servers and databases (the WAL checkpoint), then quits. A client holding a request open on a
 * service port (a stalled upload) may delay the quit up to the limit, as it may delay `serve`'s
 * exit, never hold it forever: past the limit the app quits anyway, saying what was still closing.
 * Plain (no Electron) so that it can be tested against real servers.
 */
export function quitAfterClose(deps: QuitAfterCloseDeps): (event: { preventDefault(): void }) => void {
  return (event) => {
    // Handed over once: a quit asked again meanwhile, or the one asked below, goes through.
    const running = deps.takeServices();
    if (!running) return;
    event.preventDefault();
    void closeWithinLimit([{ pending: 'the services', close: () => running.close() }], deps.limitMs).outcome.then((outcome) => {
      if (outcome.kind === 'failed') deps.log(`quit: ${describeUnclosed(outcome)}`);
      if (outcome.kind === 'timed-out') deps.log(`quit: ${describeUnclosed(outcome)}; quitting now`);
      deps.quit();
    });
  };
}
