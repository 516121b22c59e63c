import { constants } from 'node:os';

/**
 * Past this the shutdown stops waiting: a stalled download on the mirror port may hold its
 * request for up to 30 s (the ports' own limit), which is longer than anyone waits for Ctrl-C.
 */
export const SHUTDOWN_LIMIT_MS = 10_000;

export interface ShutdownStep {
  /** What is still being closed while this step runs, for the line that says why the exit was forced. */
  pending: string;
  close(): Promise<void>;
}

export interface ShutdownOnSignalDeps {
  /** Run one after another (the web UI first, so no call starts on services being closed). */
  steps: ShutdownStep[];
  log(line: string): void;
  exit(code: number): void;
  limitMs?: number;
}

/**
 * The SIGINT/SIGTERM handler of `serve`: the first signal closes every step and exits 0 (1 when a
 * step fails). A second signal, or a shutdown still running after the limit, exits at once,
 * with 128 + the signal's number, as a shell reports a process that a signal ended.
 */
export function shutdownOnSignal(deps: ShutdownOnSignalDeps): (signal: NodeJS.Signals) => void {
  const limitMs = deps.limitMs ?? SHUTDOWN_LIMIT_MS;
  let started = false;
  let pending = deps.steps[0]?.pending ?? 'nothing';
  let watchdog: NodeJS.Timeout | undefined;
  let exited = false;
  const exit = (code: number): void => {
    if (exited) return;
    exited = true;
    clearTimeout(watchdog);
    deps.exit(code);
  };
  return (signal) => {
    if (started) {
      deps.log(`${signal} again: stopping now, without waiting for ${pending} to close`);
      exit(signalExitCode(signal));
      return;
    }
    started = true;
    deps.log(`${signal}: shutting down (Ctrl-C or SIGTERM again stops at once)`);
    watchdog = setTimeout(() => {
      deps.log(`${signal}: ${pending} still not closed after ${limitMs / 1000} s; stopping now`);
      exit(signalExitCode(signal));
    }, limitMs);
    void (async () => {
      try {
        for (const step of deps.steps) {
          pending = step.pending;
          await step.close();
        }
        exit(0);
      } catch (error) {
        deps.log(`${signal}: closing ${pending} failed: ${error instanceof Error ? error.message : String(error)}`);
        exit(1);
      }
    })();
  };
}

/** 130 for SIGINT, 143 for SIGTERM. */
export function signalExitCode(signal: NodeJS.Signals): number {
  return 128 + constants.signals[signal];
}
