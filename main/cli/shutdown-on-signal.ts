import { constants } from 'node:os';
import { closeWithinLimit, describeUnclosed, type ClosingSteps, type ShutdownStep } from '../services/close-within-limit.ts';


export interface ShutdownOnSignalDeps {
  /** Run one after another (the web UI first, so no call starts on services being closed). */
  steps: ShutdownStep[];
  log(line: string): void;
  exit(code: number): void;
  /** Default: SHUTDOWN_LIMIT_MS, the limit the desktop app's quit has too. */
  limitMs?: number;
}

/**
 * The SIGINT/SIGTERM handler of `serve`: the first signal closes every step and exits 0 (1 when a
 * step fails). A second signal, or a shutdown still running after the limit, exits at once,
 * with 128 + the signal's number, as a shell reports a process that a signal ended.
 */
export function shutdownOnSignal(deps: ShutdownOnSignalDeps): (signal: NodeJS.Signals) => void {
  let closing: ClosingSteps | null = null;
  let exited = false;
  const exit = (code: number): void => {
    if (exited) return;
    exited = true;
    deps.exit(code);
  };
  return (signal) => {
    if (closing) {
      deps.log(`${signal} again: stopping now, without waiting for ${closing.pending()} to close`);
      exit(signalExitCode(signal));
      return;
    }
    deps.log(`${signal}: shutting down (Ctrl-C or SIGTERM again stops at once)`);
    closing = closeWithinLimit(deps.steps, deps.limitMs);
    void closing.outcome.then((outcome) => {
      if (exited) return;
      if (outcome.kind === 'closed') {
        exit(0);
      } else if (outcome.kind === 'failed') {
        deps.log(`${signal}: ${describeUnclosed(outcome)}`);
        exit(1);
      } else {
        deps.log(`${signal}: ${describeUnclosed(outcome)}; stopping now`);
        exit(signalExitCode(signal));
      }
    });
  };
}

/** 130 for SIGINT, 143 for SIGTERM. */
export function signalExitCode(signal: NodeJS.Signals): number {
  return 128 + constants.signals[signal];
}
