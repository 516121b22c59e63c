/**
 * Which of an account's hooks (HIP-1195) the Hooks tab has open, and as of when its storage is
 * shown. The account page keeps both in its address (`&hook=1&at=1780000000.999999999`), so that
 * a link or a reload opens the same storage; the Accounts side panel keeps them to itself.
 */
import { routeParam, withRouteParam } from './explorer-routes.ts';
import { formatTimestamp } from './format.ts';
import type { AccountHook } from './ledger-types.ts';
import { timestampToNanos, toBigInt } from './ledger-format.ts';
import { mirrorPath } from './mirror-source.ts';
import { utcInputToTimestamp } from './transaction-filters.ts';

export interface HookView {
  /** The open hook's id as the address gives it; null with no hook open. */
  hook: string | null;
  /**
   * Its storage as of this consensus time (`seconds.nanos`); null for the storage now. A time the
   * user gives is the last nanosecond of its second, so that the second counts whole.
   */
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
 * wrong with it. `partial` is the field's word that a date or time is typed only in part (its
 * `validity.badInput`), for which the browser gives an empty value.
 *
 * The time is the end of the second given (`S.999999999`): the times the app shows are to the
 * second, and a write partway through the one shown for it (or a hook's creation) is then in.
 */
export function readAsOf(input: string, partial = false): AsOfReading {
  const text = input.trim();
  if (text === '' || partial) return { ok: false, problem: 'Give a whole date and time (UTC), to the minute or second, to see the storage as of then.' };
  const start = utcInputToTimestamp(text);
  // Said as the app writes times (the field shows them in the browser's own way).
  if (start === null) return { ok: false, problem: `${text.replace('T', ' ')} is not a time the ledger can have: pick a date and time from 1970 on, in UTC.` };
  return { ok: true, at: `${start.slice(0, start.indexOf('.'))}.999999999` };
}

/**
 * What an empty storage answer means: nothing stored now, nothing as of the moment, or, before
 * the hook's creation (`created`, when known), that the hook did not exist yet. Compared to the
 * second, as both are said: never "did not exist yet at" the very second it "was created".
 */
export function emptyStorageText(hook: string, at: string | null, created: string | null): string {
  if (at === null) return `Hook ${hook} holds no storage`;
  const [asked, since] = [secondOf(at), created === null ? null : secondOf(created)];
  if (asked !== null && since !== null && asked < since) return `Hook ${hook} did not exist yet at ${formatTimestamp(at)}: it was created ${formatTimestamp(created)}`;
  return `Hook ${hook} held no storage as of ${formatTimestamp(at)}`;
}

function secondOf(timestamp: string): bigint | null {
  const nanos = timestampToNanos(timestamp);
  return nanos === null ? null : nanos / 1_000_000_000n;
}

/**
 * Whether the account's hooks listed so far show it has no hook `hook`. The list runs by id,
 * highest first, so an id is known to be missing once every page is in (`complete`), or once the
 * list has gone below it without it; until then it may be on a later page. An id that is no whole
 * number is left to the mirror, whose refusal says what is wrong with it.
 */
export function hookMissing(hook: string, listed: readonly Pick<AccountHook, 'hook_id'>[], complete: boolean): boolean {
  const id = /^\d+$/.test(hook) ? BigInt(hook) : null;
  if (id === null) return false;
  const ids = listed.map((item) => toBigInt(item.hook_id));
  if (ids.includes(id)) return false;
  return complete || ids.some((listedId) => listedId !== null && listedId < id);
}
