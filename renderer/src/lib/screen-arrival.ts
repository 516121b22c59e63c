import type { Route } from './hash-route.ts';
import { shortHex } from './ledger-format.ts';

/**
 * What a route change means for the window's title and for keyboard focus: opening another screen
 * or another entity is an arrival (focus goes to its heading, as a page load would start there);
 * a filter, a tab or an open part of the same one is not (focus stays on the control used).
 */

/**
 * The query parameters that name the one thing a screen shows (an account's id, a block's number
 * or hash, a child transaction's nonce, a consensus node, an NFT's collection and serial); the
 * others (filters, `tab`, an open hook and its time, the list order) only change how it is shown.
 */
const SHOWN_THING_PARAMS = ['id', 'number', 'hash', 'nonce', 'node', 'token', 'serial'] as const;

/** The screen and the thing it shows, as one comparable key. */
export function shownThing(route: Route): string {
  const params = new URLSearchParams(route.query);
  return JSON.stringify([route.screen, ...SHOWN_THING_PARAMS.map((name) => params.get(name) || null)]);
}

/** Whether `after` opens another screen or entity than `before` showed (not a filter or tab of the same one). */
export function opensAnotherThing(before: Route, after: Route): boolean {
  return shownThing(before) !== shownThing(after);
}

export const APP_NAME = 'Mirrordesk';

/** Hashes and EVM addresses run to 96 characters: their ends tell them apart in a title or a history list. */
function shortId(id: string): string {
  return /^(0x)?[0-9a-f]{25,}$/i.test(id) ? shortHex(id, 6) : id;
}

/**
 * The window's title for a route: "Account 0.0.1234 — Mirrordesk", "Transactions — Mirrordesk".
 * What the route names, not what it loaded (the title is there before the answer), so that each
 * history entry, and the desktop's window list, tells one place from another. `label` is the
 * screen's name (null for a screen the app does not have).
 */
export function screenTitle(route: Route, label: string | null): string {
  if (label === null) return `Unknown screen — ${APP_NAME}`;
  const params = new URLSearchParams(route.query);
  const named = (name: string): string | null => params.get(name) || null;
  const id = named('id') ?? named('number') ?? named('hash');
  const node = named('node');
  const nonce = named('nonce');
  const token = named('token');
  const serial = named('serial');
  let what = label;
  if (id !== null) what = `${label} ${shortId(id)}${nonce !== null && nonce !== '0' ? ` (child ${nonce})` : ''}`;
  else if (node !== null) what = `Node ${node} — ${label}`;
  else if (token !== null) what = `${label} ${token}${serial !== null ? ` #${serial}` : ''}`;
  return `${what} — ${APP_NAME}`;
}
