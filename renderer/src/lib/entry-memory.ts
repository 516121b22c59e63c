import { windowHistoryVisits, type Visit } from './history-visits.ts';

/**
 * What screens showed at each history entry (a list's rows, a scroll offset, the open row), kept
 * in memory so that Back and Forward return to it, as a browser does for a static page. Only the
 * most recent entries are kept; one older than that opens fresh. Each named slot is recalled once
 * per visit: a list shown again while the user stays (a reload asked for, another profile) starts
 * fresh, as does every fresh navigation (a new entry, with nothing noted).
 */
export interface EntryNote<T> {
  /** What was noted under the slot when the user left this entry; undefined unless returning. */
  readonly recalled: T | undefined;
  /** Notes the slot's value now, for a later return to this entry. */
  keep(value: T): void;
  /** The visit the note was taken in. */
  readonly visit: Visit;
}

/** Enough for Back through a few lists and the pages opened from them. */
const KEPT_ENTRIES = 20;

export class EntryMemory {
  readonly #visits: { current(): Visit };
  readonly #limit: number;
  /** Entry key -> slot -> value; in order of last use, the least recent first. */
  readonly #entries = new Map<string, Map<string, unknown>>();
  #recalledIn: { visit: Visit; slots: Set<string> } | null = null;

  constructor(visits: { current(): Visit }, limit = KEPT_ENTRIES) {
    this.#visits = visits;
    this.#limit = limit;
  }

  /** The note of `slot` at the entry showing now (read when called: a screen calls it as it shows a route). */
  at<T>(slot: string): EntryNote<T> {
    const visit = this.#visits.current();
    if (this.#recalledIn?.visit !== visit) this.#recalledIn = { visit, slots: new Set() };
    const first = !this.#recalledIn.slots.has(slot);
    this.#recalledIn.slots.add(slot);
    const recalled = first ? (this.#entries.get(visit.entry)?.get(slot) as T | undefined) : undefined;
    return { recalled, keep: (value) => this.#keep(visit.entry, slot, value), visit };
  }

  /** Forgets every entry (another profile: its rows say nothing of this one's). */
  clear(): void {
    this.#entries.clear();
  }

  #keep(entry: string, slot: string, value: unknown): void {
    const slots = this.#entries.get(entry) ?? new Map<string, unknown>();
    slots.set(slot, value);
    this.#entries.delete(entry);
    this.#entries.set(entry, slots);
    while (this.#entries.size > this.#limit) this.#entries.delete(this.#entries.keys().next().value!);
  }
}

let shared: EntryMemory | null = null;

/** The window's one memory, over its history. */
export function entryMemory(): EntryMemory {
  return (shared ??= new EntryMemory(windowHistoryVisits()));
}
