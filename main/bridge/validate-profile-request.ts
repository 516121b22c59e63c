import { MAX_CHAIN_ID, type CustomProfileInput } from '../common/profile-types.ts';
import { objectWith } from './request-object.ts';
import type { Validation } from './validate-request.ts';

/** Profile names: short, lower-case, so a name can never address a path outside the data folder. */
export const PROFILE_NAME = /^[a-z][a-z0-9-]{0,31}$/;
const MAX_URL_LENGTH = 2048;
const FIELDS = ['name', 'mirrorUrl', 'statusUrl', 'chainId', 'previousName'];

/** Checks a custom profile to save: name, mirror URL, optional status URL and chain id. */
export function validateCustomProfile(request: unknown): Validation<CustomProfileInput> {
  const { input: record, problems } = objectWith(request, FIELDS, '"name", "mirrorUrl", "statusUrl" and "chainId"');
  if (record === null) return { ok: false, problems };
  const name = record.name;
  if (typeof name !== 'string' || !PROFILE_NAME.test(name)) problems.push('"name" must start with a letter and hold only a-z, 0-9 and "-" (at most 32 characters)');
  const mirrorUrl = httpUrl(record.mirrorUrl, 'mirrorUrl', problems);
  const statusUrl = record.statusUrl === null || record.statusUrl === undefined || record.statusUrl === '' ? null : httpUrl(record.statusUrl, 'statusUrl', problems);
  const chainId = record.chainId;
  if (chainId !== null && chainId !== undefined && !(Number.isSafeInteger(chainId) && (chainId as number) >= 1 && (chainId as number) <= MAX_CHAIN_ID)) {
    problems.push(`"chainId" must be a whole number from 1 to ${MAX_CHAIN_ID}, or null`);
  }
  const previousName = record.previousName;
  if (previousName !== undefined && (typeof previousName !== 'string' || !PROFILE_NAME.test(previousName))) problems.push('"previousName" must be a profile name');
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    value: {
      name: name as string,
      mirrorUrl: mirrorUrl!,
      statusUrl,
      chainId: (chainId as number | null | undefined) ?? null,
      ...(previousName === undefined ? {} : { previousName: previousName as string }),
    },
  };
}

/** A mirror URL to check before a profile is saved with it (`network/profiles/check`): the same rules as saving. */
export function validateUpstreamCheck(request: unknown): Validation<{ mirrorUrl: string }> {
  const { input, problems } = objectWith(request, ['mirrorUrl'], 'a "mirrorUrl" string');
  if (input === null) return { ok: false, problems };
  const mirrorUrl = httpUrl(input.mirrorUrl, 'mirrorUrl', problems);
  return problems.length > 0 || mirrorUrl === null ? { ok: false, problems } : { ok: true, value: { mirrorUrl } };
}

/** A request naming one profile (`network/profiles/delete`). */
export function validateProfileName(request: unknown): Validation<{ name: string }> {
  const { input, problems } = objectWith(request, ['name'], 'a "name" string');
  if (input === null || problems.length > 0) return { ok: false, problems };
  const { name } = input;
  if (typeof name !== 'string' || !PROFILE_NAME.test(name)) return { ok: false, problems: ['"name" must be a profile name'] };
  return { ok: true, value: { name } };
}

/** An http(s) base URL without credentials, query or fragment; answered without a trailing slash. */
function httpUrl(value: unknown, field: string, problems: string[]): string | null {
  if (typeof value !== 'string' || value.length === 0) {
    problems.push(`"${field}" must be an http:// or https:// URL`);
    return null;
  }
  if (value.length > MAX_URL_LENGTH) {
    problems.push(`"${field}" is longer than ${MAX_URL_LENGTH} characters`);
    return null;
  }
  // `127.0.0.1:5551` is no URL to a parser, and `localhost:5551` one of scheme `localhost`: both
  // are an address typed without its scheme, so the answer says what to put first.
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    // answered below
  }
  if (url === null || /^[^/:?#\s]+:\d+(\/|$)/.test(value)) {
    problems.push(`"${field}" must start with http:// or https://, e.g. http://127.0.0.1:5551`);
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') problems.push(`"${field}" must use http or https, not ${url.protocol.replace(':', '')}`);
  else if (url.username || url.password) problems.push(`"${field}" must not carry a user name or password`);
  else if (url.search || url.hash) problems.push(`"${field}" must be a base URL without "?" or "#"`);
  else return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  return null;
}
