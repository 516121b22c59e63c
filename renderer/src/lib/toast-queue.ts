import { Observable } from './observable.ts';

/** One in-app toast; `href` is where clicking it goes (an incident on the Status screen). */
export interface Toast {
  key: number;
  title: string;
  body: string;
  tone: string;
  href: string | null;
}

export interface ToastTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Milliseconds on a clock that does not go back (performance.now): what a held toast had left is measured on it. */
  now(): number;
}

/**
 * Why a toast stays past its time: the pointer is over it, or the keyboard focus is in it. Someone
 * reading it or about to press its link or Dismiss must not see it go from under them (WCAG 2.2.1).
 */
export type ToastHold = 'hover' | 'focus';

/** Long enough to read two lines; the time stands still while the toast is held (ToastHold). */
export const TOAST_LIFETIME_MS = 9000;
/** More at once would cover the screen: the oldest make way. */
export const MAX_TOASTS = 4;

/** A toast's time: counting down from `startedAt` with `leftMs` to go, or stopped (`handle` null) while held. */
interface ToastTime {
  handle: unknown;
  startedAt: number;
  leftMs: number;
  holds: Set<ToastHold>;
}

/**
 * The toasts on screen: newest last, each dismissed after its lifetime or by hand, at most
 * MAX_TOASTS at a time. A held toast's time stops and goes on from where it stopped once the
 * last hold is released. Plain TypeScript with injected timers, so it is tested without a DOM.
 */
export class ToastQueue {
  readonly #timers: ToastTimers;
  readonly #lifetimeMs: number;
  readonly #times = new Map<number, ToastTime>();
  readonly #toasts = new Observable<readonly Toast[]>([]);
  #nextKey = 1;

  constructor(timers: ToastTimers, lifetimeMs = TOAST_LIFETIME_MS) {
    this.#timers = timers;
    this.#lifetimeMs = lifetimeMs;
  }

  get toasts(): readonly Toast[] {
    return this.#toasts.value;
  }

  subscribe(listener: (toasts: readonly Toast[]) => void): () => void {
    return this.#toasts.subscribe(listener);
  }

  push(toast: Omit<Toast, 'key'>): number {
    const key = this.#nextKey++;
    let next = [...this.#toasts.value, { ...toast, key }];
    while (next.length > MAX_TOASTS) {
      // A held toast is being read or used: the oldest of the others makes way (never the new one), unless all are held.
      const leaving = next.slice(0, -1).find((t) => !this.isHeld(t.key)) ?? next[0]!;
      this.#forget(leaving.key);
      next = next.filter((t) => t !== leaving);
    }
    this.#times.set(key, { handle: null, startedAt: 0, leftMs: this.#lifetimeMs, holds: new Set() });
    this.#start(key);
    this.#toasts.set(next);
    return key;
  }

  dismiss(key: number): void {
    if (!this.#toasts.value.some((t) => t.key === key)) return;
    this.#forget(key);
    this.#toasts.set(this.#toasts.value.filter((t) => t.key !== key));
  }

  /** Stops the toast's time for `reason`; holding it again for the same reason changes nothing. */
  hold(key: number, reason: ToastHold): void {
    const time = this.#times.get(key);
    if (!time) return;
    if (time.holds.size === 0 && time.handle !== null) {
      this.#timers.clearTimeout(time.handle);
      time.handle = null;
      time.leftMs = Math.max(0, time.leftMs - (this.#timers.now() - time.startedAt));
    }
    time.holds.add(reason);
  }

  /** Ends the hold for `reason`; once none is left, the time goes on with what it had left. */
  release(key: number, reason: ToastHold): void {
    const time = this.#times.get(key);
    if (!time || !time.holds.delete(reason) || time.holds.size > 0) return;
    this.#start(key);
  }

  isHeld(key: number): boolean {
    return (this.#times.get(key)?.holds.size ?? 0) > 0;
  }

  /** Clears every timer (the shell unmounts). */
  dispose(): void {
    for (const key of [...this.#times.keys()]) this.#forget(key);
    this.#toasts.clear();
  }

  #start(key: number): void {
    const time = this.#times.get(key)!;
    time.startedAt = this.#timers.now();
    time.handle = this.#timers.setTimeout(() => this.dismiss(key), time.leftMs);
  }

  #forget(key: number): void {
    const handle = this.#times.get(key)?.handle;
    if (handle !== null && handle !== undefined) this.#timers.clearTimeout(handle);
    this.#times.delete(key);
  }
}
