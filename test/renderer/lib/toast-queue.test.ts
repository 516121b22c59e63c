import { describe, expect, it } from 'vitest';
import { MAX_TOASTS, ToastQueue, type Toast } from '../../../renderer/src/lib/toast-queue.ts';

/** Timers the test fires by hand. */
function manualTimers() {
  const pending = new Map<number, () => void>();
  let next = 1;
  return {
    pending,
    setTimeout: (callback: () => void) => { pending.set(next, callback); return next++; },
    clearTimeout: (handle: unknown) => { pending.delete(handle as number); },
    fireAll: () => { for (const [key, callback] of [...pending]) { pending.delete(key); callback(); } },
  };
}

const toast = (title: string): Omit<Toast, 'key'> => ({ title, body: 'b', tone: 'minor', href: '#/status' });

describe('ToastQueue', () => {
  it('shows toasts in arrival order and removes each when its time is up', () => {
    const timers = manualTimers();
    const queue = new ToastQueue(timers);
    const seen: string[][] = [];
    queue.subscribe((toasts) => seen.push(toasts.map((t) => t.title)));
    queue.push(toast('a'));
    queue.push(toast('b'));
    expect(queue.toasts.map((t) => t.title)).toEqual(['a', 'b']);
    timers.fireAll();
    expect(queue.toasts).toEqual([]);
    expect(seen.at(-1)).toEqual([]);
  });

  it('dismisses by hand and cancels that toast\'s timer', () => {
    const timers = manualTimers();
    const queue = new ToastQueue(timers);
    const key = queue.push(toast('a'));
    queue.dismiss(key);
    queue.dismiss(key);
    expect(queue.toasts).toEqual([]);
    expect(timers.pending.size).toBe(0);
  });

  it(`keeps at most ${MAX_TOASTS}, dropping the oldest`, () => {
    const timers = manualTimers();
    const queue = new ToastQueue(timers);
    for (let i = 0; i < MAX_TOASTS + 2; i++) queue.push(toast(`t${i}`));
    expect(queue.toasts.map((t) => t.title)).toEqual(['t2', 't3', 't4', 't5']);
    expect(timers.pending.size).toBe(MAX_TOASTS);
    queue.dispose();
    expect(timers.pending.size).toBe(0);
  });
});
