/**
 * Which history entry the window shows. Each hash route is an entry of its own (hash-route.ts); an
 * entry is given a key in `history.state` the first time it shows, and keeps it as Back and Forward
 * lead to it again. A visit lasts while one entry shows: a new key (a fresh navigation) or another
 * known one (Back, Forward) starts the next, so what was noted for an entry can be found again on
 * a return to it, and only then.
 */
export interface HistoryLike {
  readonly state: unknown;
  replaceState(data: unknown, unused: string): void;
}

/** One stay at a history entry; a return to the same entry later is a new visit (a new object). */
export interface Visit {
  readonly entry: string;
}

const STATE_KEY = 'mirrordeskEntry';

export class HistoryVisits {
  readonly #history: HistoryLike;
  readonly #newKey: () => string;
  #visit: Visit | null = null;

  constructor(history: HistoryLike, newKey: () => string) {
    this.#history = history;
    this.#newKey = newKey;
  }

  /** The visit now: keys the entry if it has none yet (without touching its URL or other state). */
  current(): Visit {
    const state = this.#history.state;
    const known = entryKeyOf(state);
    if (known === null) {
      const entry = this.#newKey();
      const others = typeof state === 'object' && state !== null ? state : {};
      this.#history.replaceState({ ...others, [STATE_KEY]: entry }, '');
      this.#visit = { entry };
    } else if (known !== this.#visit?.entry) {
      this.#visit = { entry: known };
    }
    return this.#visit!;
  }
}

function entryKeyOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const key = (state as Record<string, unknown>)[STATE_KEY];
  return typeof key === 'string' ? key : null;
}

let shared: HistoryVisits | null = null;

/**
 * The window's visits, watched from the first use on: every route change is looked at as it
 * happens, so an entry that nothing asked about (a page with no list) still counts as a visit, and
 * Back from it to a list is a return.
 */
export function windowHistoryVisits(): HistoryVisits {
  if (shared) return shared;
  const visits = new HistoryVisits(window.history, () => crypto.randomUUID());
  const look = (): void => { visits.current(); };
  window.addEventListener('popstate', look);
  window.addEventListener('hashchange', look);
  shared = visits;
  return visits;
}
