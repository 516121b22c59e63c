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
  | { status: 'error'; error: ApiError };

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
    this.#generation += 1;
    this.#target = target;
    if (target === null) {
      this.#state.set({ status: 'idle' });
      return Promise.resolve();
    }
    const generation = this.#generation;
    this.#state.set({ status: 'loading' });
    return settledApiCall(() => this.#load(target)).then((result) => {
      if (generation !== this.#generation) return;
      this.#state.set(stateOf(result));
    });
  }

  /** Loads the current target again (the Retry button of an error). */
  retry(): Promise<void> {
    return this.load(this.#target);
  }
}

/** A `not-found` error (the mirror's 404) and an empty answer both mean there is no such entity. */
function stateOf<T>(result: ApiResult<T | null>): ResourceState<T> {
  if (!result.ok) return result.error.code === 'not-found' ? { status: 'not-found' } : { status: 'error', error: result.error };
  return result.value === null ? { status: 'not-found' } : { status: 'ready', value: result.value };
}
