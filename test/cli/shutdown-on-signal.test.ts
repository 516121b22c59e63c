import { describe, expect, it } from 'vitest';
import type { ShutdownStep } from '../../main/services/close-within-limit.ts';
import { shutdownOnSignal, signalExitCode } from '../../main/cli/shutdown-on-signal.ts';

// serve's SIGINT/SIGTERM handler, with the steps, the log and the exit observed.
function harness(steps: ShutdownStep[], limitMs = 5000) {
  const logged: string[] = [];
  const exits: number[] = [];
  let exited!: (code: number) => void;
  const exit = new Promise<number>((resolve) => { exited = resolve; });
  const onSignal = shutdownOnSignal({
    steps,
    log: (line) => logged.push(line),
    exit: (code) => {
      exits.push(code);
      exited(code);
    },
    limitMs,
  });
  return { onSignal, logged, exits, exit };
}

const never = (): Promise<void> => new Promise(() => undefined);

describe('shutdownOnSignal', () => {
  it('closes the steps in order and exits 0', async () => {
    const closed: string[] = [];
    const step = (pending: string): ShutdownStep => ({ pending, close: async () => { closed.push(pending); } });
    const { onSignal, logged, exits, exit } = harness([step('the web UI'), step('the services')]);
    onSignal('SIGTERM');
    expect(await exit).toBe(0);
    expect(closed).toEqual(['the web UI', 'the services']);
    expect(exits).toEqual([0]);
    expect(logged).toEqual(['SIGTERM: shutting down (Ctrl-C or SIGTERM again stops at once)']);
  });

  it('stops at once on a second signal, saying what it did not wait for', async () => {
    const { onSignal, logged, exits, exit } = harness([{ pending: 'the web UI', close: never }]);
    onSignal('SIGTERM');
    onSignal('SIGINT');
    expect(await exit).toBe(130);
    expect(logged[1]).toBe('SIGINT again: stopping now, without waiting for the web UI to close');
    expect(exits).toEqual([130]);
  });

  it('stops after the limit when a step never finishes', async () => {
    const { onSignal, logged, exit } = harness([{ pending: 'the web UI', close: async () => undefined }, { pending: 'the services', close: never }], 50);
    onSignal('SIGINT');
    expect(await exit).toBe(130);
    expect(logged[1]).toBe('SIGINT: the services still not closed after 0.05 s; stopping now');
  });

  it('exits 1 with the reason when a step fails', async () => {
    const { onSignal, logged, exit } = harness([{ pending: 'the services', close: async () => { throw new Error('disk full'); } }]);
    onSignal('SIGTERM');
    expect(await exit).toBe(1);
    expect(logged[1]).toBe('SIGTERM: closing the services failed: disk full');
  });

  it('exits as a shell reports a process a signal ended', () => {
    expect(signalExitCode('SIGINT')).toBe(130);
    expect(signalExitCode('SIGTERM')).toBe(143);
  });
});
