/**
 * The rules a custom profile's fields keep, wherever one comes from: a save over the bridge
 * (main/bridge/validate-profile-request.ts), a `profiles.json` read from the data folder
 * (main/services/saved-profiles-file.ts) and the profile form (renderer/src/lib/profile-form.ts).
 * Each says a problem in its own words; what counts as one is said here, once.
 * Imported by main and renderer: no Node modules.
 */
import { MAX_CHAIN_ID } from './profile-types.ts';

/** The longest name PROFILE_NAME takes (the form says so of a longer one rather than cut what is pasted). */
export const MAX_PROFILE_NAME_LENGTH = 32;
const NAME_FIRST = '[a-z]';
const NAME_REST = '[a-z0-9-]';
/** What a profile name is made of, at any length: the form tells a name only too long from one with other characters. */
export const PROFILE_NAME_CHARACTERS = new RegExp(`^${NAME_FIRST}${NAME_REST}*$`);
/** Profile names: short, lower-case, so a name can never address a path outside the data folder. */
export const PROFILE_NAME = new RegExp(`^${NAME_FIRST}${NAME_REST}{0,${MAX_PROFILE_NAME_LENGTH - 1}}$`);
const MAX_URL_LENGTH = 2048;

export function isProfileName(value: unknown): value is string {
  return typeof value === 'string' && PROFILE_NAME.test(value);
}

/** An EVM chain id a profile may carry: a whole number from 1 to MAX_CHAIN_ID. */
export function isChainId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= MAX_CHAIN_ID;
}

/**
 * An http(s) base URL without credentials, query or fragment, answered without a trailing slash;
 * or what is wrong with it, as the end of a sentence about the field ("must use http or https, not
 * ftp"). `example` is what to type, for an address given without its scheme.
 */
export function httpBaseUrl(value: unknown, example: string): { ok: true; url: string } | { ok: false; problem: string } {
  if (typeof value !== 'string' || value.length === 0) return { ok: false, problem: 'must be an http:// or https:// URL' };
  if (value.length > MAX_URL_LENGTH) return { ok: false, problem: `is longer than ${MAX_URL_LENGTH} characters` };
  // `127.0.0.1:5551` is no URL to a parser, and `localhost:5551` one of scheme `localhost`: both
  // are an address typed without its scheme, so the answer says what to put first.
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    // answered below
  }
  if (url === null || /^[^/:?#\s]+:\d+(\/|$)/.test(value)) return { ok: false, problem: `must start with http:// or https://, e.g. ${example}` };
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, problem: `must use http or https, not ${url.protocol.replace(':', '')}` };
  if (url.username || url.password) return { ok: false, problem: 'must not carry a user name or password' };
  if (url.search || url.hash) return { ok: false, problem: 'must be a base URL without "?" or "#"' };
  return { ok: true, url: `${url.origin}${url.pathname}`.replace(/\/+$/, '') };
}

/** What to type for each URL field, where an address was given without its scheme. */
export const MIRROR_URL_EXAMPLE = 'http://127.0.0.1:5551';
export const STATUS_URL_EXAMPLE = 'https://status.hedera.com';
