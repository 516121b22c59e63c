import { Observable } from './observable.ts';

/**
 * Whether `/` alone, typed anywhere but in a field, puts the cursor in the search box. On unless
 * the user turns it off (WCAG 2.1.4: a one-character shortcut fires on a key a speech-input user's
 * dictation or a stray press may send). The choice outlasts the window: it is kept in the page's
 * localStorage, the renderer's place for its own preferences (main's settings are the ledger's
 * and the status page's).
 */

/** The part of the Web Storage API the setting uses; tests pass their own. */
export interface PreferenceStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const STORAGE_KEY = 'mirrordesk.slash-shortcut';

export class SlashShortcutSetting {
  readonly #on: Observable<boolean>;
  readonly #storage: PreferenceStorage | null;

  constructor(storage: PreferenceStorage | null) {
    this.#storage = storage;
    this.#on = new Observable(SlashShortcutSetting.#read(storage) !== 'off');
  }

  get on(): boolean {
    return this.#on.value;
  }

  subscribe(listener: (on: boolean) => void): () => void {
    return this.#on.subscribe(listener);
  }

  /** Turns the shortcut on or off, here and in every window opened later. */
  set(on: boolean): void {
    this.#on.set(on);
    try {
      this.#storage?.setItem(STORAGE_KEY, on ? 'on' : 'off');
    } catch {
      // Storage refused (full, or turned off by the browser): the choice holds for this window only.
    }
  }

  static #read(storage: PreferenceStorage | null): string | null {
    try {
      return storage?.getItem(STORAGE_KEY) ?? null;
    } catch {
      return null;
    }
  }
}

let shared: SlashShortcutSetting | null = null;

/** The setting the search box and its switch share, over the page's localStorage (none outside a page, or where it is refused). */
export function slashShortcut(): SlashShortcutSetting {
  if (shared === null) {
    let storage: PreferenceStorage | null = null;
    try {
      storage = globalThis.localStorage ?? null;
    } catch {
      // A browser that blocks site data throws on the very access.
    }
    shared = new SlashShortcutSetting(storage);
  }
  return shared;
}
