import type { ApiError, ApiResult } from '../../../main/common/api-contract.ts';
import { settledApiCall } from './settled-api-call.ts';
import { Observable } from './observable.ts';

/**
 * What a by-id page shows of its one resource: `idle` before there is anything to load (no id
 * in the address, ledger not ready yet), then loading, and the body, "not found" or an error.
 */
export type ResourceState<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; value: T }
  | { status: 'not-found' }
  /**
   * `retrying` while the Retry of this error is under way: the error stays on screen (its Retry
   * button with it, which may hold keyboard focus) until the answer replaces it.
   */
  | { status: 'error'; error: ApiError; retrying?: boolean };

/** Loads one target (a mirror path, an account id, …); an ok `null` answer means "not found". */
export type ResourceLoader<T> = (target: string) => Promise<ApiResult<T | null>>;

/**
 * The load of one resource whose target follows the address. Each `load` starts afresh and
 * answers for an earlier target are dropped, so a fast id change never shows the previous
 * entity; an error keeps its target for `retry`.
 */
export class ResourceLoad<T> {
  readonly #load: ResourceLoader<T>;
  readonly #state = new Observable<ResourceState<T>>({ status: 'idle' });
  #target: string | null = null;
  #generation = 0;
  /** The load under way (or the last one): what a second Retry while retrying waits on. */
  #pending: Promise<void> | null = null;

  constructor(load: ResourceLoader<T>) {
    this.#load = load;
  }

  get state(): ResourceState<T> {
    return this.#state.value;
  }

  subscribe(listener: (state: ResourceState<T>) => void): () => void {
    return this.#state.subscribe(listener);
  }

  /** Loads `target`, or goes idle for null; resolves once this answer is shown or dropped. */
  load(target: string | null): Promise<void> {
    return this.#start(target, { status: 'loading' });
  }

  /**
   * Loads the current target again (the Retry button of an error). After an error, the error
   * stays, marked `retrying`, until the answer: a click while it is under way starts nothing more.
   */
  retry(): Promise<void> {
    const s = this.#state.value;
    if (s.status !== 'error') return this.load(this.#target);
    if (s.retrying) return this.#pending ?? Promise.resolve();
    return this.#start(this.#target, { status: 'error', error: s.error, retrying: true });
  }

  /** Starts afresh on `target`, showing `meanwhile` until its answer. */
  #start(target: string | null, meanwhile: ResourceState<T>): Promise<void> {
    this.#generation += 1;
    this.#target = target;
    if (target === null) {
      this.#state.set({ status: 'idle' });
      return Promise.resolve();
    }
    const generation = this.#generation;
    this.#state.set(meanwhile);
    const pending = settledApiCall(() => this.#load(target)).then((result) => {
      if (generation !== this.#generation) return;
      this.#state.set(stateOf(result));
    });
    this.#pending = pending;
    return pending;
  }
}

/** A `not-found` error (the mirror's 404) and an empty answer both mean there is no such entity. */
function stateOf<T>(result: ApiResult<T | null>): ResourceState<T> {
  if (!result.ok) return result.error.code === 'not-found' ? { status: 'not-found' } : { status: 'error', error: result.error };
  return result.value === null ? { status: 'not-found' } : { status: 'ready', value: result.value };
}
