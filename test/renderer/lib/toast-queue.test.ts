import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_TOASTS, TOAST_LIFETIME_MS, ToastQueue, type Toast, type ToastTimers } from '../../../renderer/src/lib/toast-queue.ts';

/** The queue's timers on vitest's fake clock: time moves only as the test advances it. */
const fakeClockTimers = (): ToastTimers => ({
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
});

const toast = (title: string): Omit<Toast, 'key'> => ({ title, body: 'b', tone: 'minor', href: '#/status' });
const titles = (queue: ToastQueue): string[] => queue.toasts.map((t) => t.title);

describe('ToastQueue', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  it('shows toasts in arrival order and removes each when its time is up', () => {
    const queue = new ToastQueue(fakeClockTimers());
    const seen: string[][] = [];
    queue.subscribe((toasts) => seen.push(toasts.map((t) => t.title)));
    queue.push(toast('a'));
    vi.advanceTimersByTime(1000);
    queue.push(toast('b'));
    expect(titles(queue)).toEqual(['a', 'b']);
    vi.advanceTimersByTime(TOAST_LIFETIME_MS - 1000);
    expect(titles(queue)).toEqual(['b']);
    vi.advanceTimersByTime(1000);
    expect(queue.toasts).toEqual([]);
    expect(seen.at(-1)).toEqual([]);
  });

  it('dismisses by hand and cancels that toast\'s timer', () => {
    const queue = new ToastQueue(fakeClockTimers());
    const key = queue.push(toast('a'));
    queue.dismiss(key);
    queue.dismiss(key);
    expect(queue.toasts).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it(`keeps at most ${MAX_TOASTS}, dropping the oldest`, () => {
    const queue = new ToastQueue(fakeClockTimers());
    for (let i = 0; i < MAX_TOASTS + 2; i++) queue.push(toast(`t${i}`));
    expect(titles(queue)).toEqual(['t2', 't3', 't4', 't5']);
    expect(vi.getTimerCount()).toBe(MAX_TOASTS);
    queue.dispose();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops a toast\'s time while it is hovered, and goes on with what it had left once the pointer leaves', () => {
    const queue = new ToastQueue(fakeClockTimers());
    const key = queue.push(toast('a'));
    vi.advanceTimersByTime(6000);
    queue.hold(key, 'hover');
    vi.advanceTimersByTime(60_000);
    expect(titles(queue)).toEqual(['a']);
    queue.release(key, 'hover');
    vi.advanceTimersByTime(TOAST_LIFETIME_MS - 6000 - 1);
    expect(titles(queue)).toEqual(['a']);
    vi.advanceTimersByTime(1);
    expect(queue.toasts).toEqual([]);
  });

  it('stays while the focus is in it even after the pointer left, and the other way round', () => {
    const queue = new ToastQueue(fakeClockTimers());
    const key = queue.push(toast('a'));
    queue.hold(key, 'focus');
    queue.hold(key, 'hover');
    queue.release(key, 'hover');
    vi.advanceTimersByTime(TOAST_LIFETIME_MS * 3);
    expect(queue.isHeld(key)).toBe(true);
    expect(titles(queue)).toEqual(['a']);
    queue.hold(key, 'hover');
    queue.release(key, 'focus');
    vi.advanceTimersByTime(TOAST_LIFETIME_MS * 3);
    expect(titles(queue)).toEqual(['a']);
    queue.release(key, 'hover');
    expect(queue.isHeld(key)).toBe(false);
    vi.advanceTimersByTime(TOAST_LIFETIME_MS);
    expect(queue.toasts).toEqual([]);
  });

  it('counts a hold once however often it is said, and ignores releases of holds it does not have', () => {
    const queue = new ToastQueue(fakeClockTimers());
    const key = queue.push(toast('a'));
    vi.advanceTimersByTime(2000);
    queue.hold(key, 'focus');
    vi.advanceTimersByTime(2000);
    // Focus moving within the toast: held again without a release between; the time it had left is not taken twice.
    queue.hold(key, 'focus');
    queue.release(key, 'hover');
    vi.advanceTimersByTime(TOAST_LIFETIME_MS);
    expect(titles(queue)).toEqual(['a']);
    queue.release(key, 'focus');
    queue.release(key, 'focus');
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(TOAST_LIFETIME_MS - 2000);
    expect(queue.toasts).toEqual([]);
  });

  it('holds only the toast it is asked to: the others go on and go', () => {
    const queue = new ToastQueue(fakeClockTimers());
    const a = queue.push(toast('a'));
    queue.push(toast('b'));
    queue.hold(a, 'hover');
    vi.advanceTimersByTime(TOAST_LIFETIME_MS);
    expect(titles(queue)).toEqual(['a']);
    // Holds of a toast that is gone, or of one dismissed while held, are no-ops.
    queue.dismiss(a);
    queue.release(a, 'hover');
    queue.hold(a, 'focus');
    expect(queue.toasts).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('makes room with the oldest toast nobody holds, and with the oldest only when all are held', () => {
    const queue = new ToastQueue(fakeClockTimers());
    const keys = Array.from({ length: MAX_TOASTS }, (_, i) => queue.push(toast(`t${i}`)));
    queue.hold(keys[0]!, 'focus');
    queue.push(toast('new'));
    expect(titles(queue)).toEqual(['t0', 't2', 't3', 'new']);
    for (const key of queue.toasts.map((t) => t.key)) queue.hold(key, 'hover');
    queue.push(toast('newer'));
    expect(titles(queue)).toEqual(['t2', 't3', 'new', 'newer']);
  });
});
