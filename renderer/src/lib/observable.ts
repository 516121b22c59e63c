/**
 * A value and the listeners that follow it: a new listener gets the current value at once,
 * then every value `set` after it. `subscribe` returns the unsubscribe function, so an
 * Observable (or a class that forwards to one) is also a Svelte store.
 */
export class Observable<T> {
  readonly #listeners = new Set<(value: T) => void>();
  #value: T;

  constructor(initial: T) {
    this.#value = initial;
  }

  get value(): T {
    return this.#value;
  }

  subscribe(listener: (value: T) => void): () => void {
    this.#listeners.add(listener);
    listener(this.#value);
    return () => this.#listeners.delete(listener);
  }

  set(value: T): void {
    this.#value = value;
    for (const listener of this.#listeners) listener(value);
  }

  /** Drops every listener (their owner is going away). */
  clear(): void {
    this.#listeners.clear();
  }
}
