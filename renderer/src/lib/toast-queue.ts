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
}

/** Long enough to read two lines; hovering does not matter, the Status screen keeps the history. */
export const TOAST_LIFETIME_MS = 9000;
/** More at once would cover the screen: the oldest make way. */
export const MAX_TOASTS = 4;

/**
 * The toasts on screen: newest last, each dismissed after its lifetime or by hand, at most
 * MAX_TOASTS at a time. Plain TypeScript with injected timers, so it is tested without a DOM.
 */
export class ToastQueue {
  readonly #timers: ToastTimers;
  readonly #lifetimeMs: number;
  readonly #handles = new Map<number, unknown>();
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
      const [oldest, ...rest] = next;
      this.#forget(oldest!.key);
      next = rest;
    }
    this.#handles.set(key, this.#timers.setTimeout(() => this.dismiss(key), this.#lifetimeMs));
    this.#toasts.set(next);
    return key;
  }

  dismiss(key: number): void {
    if (!this.#toasts.value.some((t) => t.key === key)) return;
    this.#forget(key);
    this.#toasts.set(this.#toasts.value.filter((t) => t.key !== key));
  }

  /** Clears every timer (the shell unmounts). */
  dispose(): void {
    for (const key of [...this.#handles.keys()]) this.#forget(key);
    this.#toasts.clear();
  }

  #forget(key: number): void {
    const handle = this.#handles.get(key);
    if (handle !== undefined) this.#timers.clearTimeout(handle);
    this.#handles.delete(key);
  }
}
