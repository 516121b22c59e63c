/**
 * Which of an account's hooks (HIP-1195) the Hooks tab has open, and as of when its storage is
 * shown. The account page keeps both in its address (`&hook=1&at=1780000000.000000000`), so that
 * a link or a reload opens the same storage; the Accounts side panel keeps them to itself.
 */
import { routeParam, withRouteParam } from './explorer-routes.ts';
import { formatTimestamp } from './format.ts';
import { timestampToNanos } from './ledger-format.ts';
import { mirrorPath } from './mirror-source.ts';
import { utcInputToTimestamp } from './transaction-filters.ts';

export interface HookView {
  /** The open hook's id as the address gives it; null with no hook open. */
  hook: string | null;
  /** Its storage as of this consensus time (`seconds.nanos`); null for the storage now. */
  at: string | null;
}

export const NO_HOOK_VIEW: HookView = { hook: null, at: null };

/**
 * The view an address names. Values are taken as written: a malformed one goes to the mirror,
 * whose refusal the tab shows, rather than being dropped here for a view the link did not ask for.
 */
export function hookViewOf(query: string): HookView {
  const hook = routeParam(query, 'hook');
  return hook === null ? NO_HOOK_VIEW : { hook, at: routeParam(query, 'at') };
}

/** The address with `view` in place of the one it had; an as-of time goes with its hook. */
export function withHookView(query: string, view: HookView): string {
  return withRouteParam(withRouteParam(query, 'hook', view.hook), 'at', view.hook === null ? null : view.at);
}

/** The storage answer of one hook: now, or as of `at` (each slot's newest write at or before it). */
export function hookStoragePath(account: string, hook: string, at: string | null, limit = 25): string {
  return mirrorPath(['accounts', account, 'hooks', hook, 'storage'], { timestamp: at === null ? null : `lte:${at}`, limit });
}

export type AsOfReading = { ok: true; at: string } | { ok: false; problem: string };

/**
 * The as-of field's value (a `datetime-local` value, read as UTC) as a consensus time, or what is
 * wrong with it. The browser gives an empty value for a date or time typed only in part.
 */
export function readAsOf(input: string): AsOfReading {
  const text = input.trim();
  if (text === '') return { ok: false, problem: 'Give a whole date and time (UTC), to the minute or second, to see the storage as of then.' };
  const at = utcInputToTimestamp(text);
  // Said as the app writes times (the field shows them in the browser's own way).
  return at === null ? { ok: false, problem: `${text.replace('T', ' ')} is not a time the ledger can have: pick a date and time from 1970 on, in UTC.` } : { ok: true, at };
}

/**
 * What an empty storage answer means: nothing stored now, nothing as of the moment, or, before
 * the hook's creation (`created`, when known), that the hook did not exist yet.
 */
export function emptyStorageText(hook: string, at: string | null, created: string | null): string {
  if (at === null) return `Hook ${hook} holds no storage`;
  const [asked, since] = [timestampToNanos(at), created === null ? null : timestampToNanos(created)];
  if (asked !== null && since !== null && asked < since) return `Hook ${hook} did not exist yet at ${formatTimestamp(at)}: it was created ${formatTimestamp(created)}`;
  return `Hook ${hook} held no storage as of ${formatTimestamp(at)}`;
}
