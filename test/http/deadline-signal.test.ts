import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { deadlineSignal } from '../../main/http/deadline-signal.ts';

describe('deadlineSignal', () => {
  it('aborts at its deadline with a TimeoutError, and says it timed out', async () => {
    const run = new AbortController();
    const deadline = deadlineSignal(20, run.signal);
    expect(deadline.signal.aborted).toBe(false);
    await once(deadline.signal, 'abort');
    expect(deadline.timedOut).toBe(true);
    expect((deadline.signal.reason as DOMException).name).toBe('TimeoutError');
  });

  it('aborts with the reason of whichever signal it follows aborts first, not timed out', () => {
    const first = new AbortController();
    const second = new AbortController();
    const deadline = deadlineSignal(60_000, first.signal, undefined, second.signal);
    second.abort('closing');
    first.abort('later');
    expect(deadline.signal.reason).toBe('closing');
    expect(deadline.timedOut).toBe(false);
    deadline.dispose();
  });

  it('is aborted at once when a signal it follows already is', () => {
    const closed = new AbortController();
    closed.abort('closed');
    const deadline = deadlineSignal(60_000, new AbortController().signal, closed.signal);
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.signal.reason).toBe('closed');
  });

  it('once disposed, follows nothing and has no deadline left', async () => {
    const run = new AbortController();
    const deadline = deadlineSignal(20, run.signal);
    deadline.dispose();
    run.abort();
    // Past when its deadline would have fired (an abort there would have come first).
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(deadline.signal.aborted).toBe(false);
    expect(deadline.timedOut).toBe(false);
  });
});
