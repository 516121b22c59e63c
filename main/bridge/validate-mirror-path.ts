import type { RequestOf } from '../common/api-contract.ts';
import { MAX_CALL_DATA_BYTES } from '../mirror/contracts/call/call-limits.ts';
import { ADDRESS, objectWith } from './request-object.ts';
import type { Validation } from './validate-request.ts';

/** Longest path + query accepted; `links.next` values and every filter set fit far below it. */
export const MAX_MIRROR_PATH_LENGTH = 4096;

const PREFIX = '/api/v1/';

/** The mirror's GET resource groups; anything else is refused before it reaches the mirror app. */
const RESOURCE_ROOTS = new Set(['accounts', 'balances', 'blocks', 'contracts', 'network', 'schedules', 'tokens', 'topics', 'transactions']);

/**
 * Paths that are not reads: `POST /contracts/call` runs the EVM. It is not reachable through
 * `mirror/get`, whatever the method; compared on the lower-cased path so no spelling slips
 * through. (`network/fees` is both: its GET, the gas prices, is a read; only its POST estimates.)
 */
const BLOCKED_PATHS = ['/api/v1/contracts/call'];

/**
 * Checks a `mirror/get` request: one string field `path`, a path + query under `/api/v1/` on
 * the local mirror (no scheme, host, `..`, `//`, backslash, fragment or control/space/non-ASCII
 * characters), within a known GET resource group. The renderer is untrusted; this is the gate.
 */
export function validateMirrorGet(request: unknown): Validation<RequestOf<'mirror/get'>> {
  const { input, problems } = objectWith(request, ['path'], 'a "path" string');
  if (input === null || problems.length > 0) return { ok: false, problems };
  const { path } = input;
  if (typeof path !== 'string') return { ok: false, problems: ['"path" must be a string'] };
  const problem = mirrorPathProblem(path);
  return problem === null ? { ok: true, value: { path } } : { ok: false, problems: [problem] };
}

/** Why `path` may not be read through `mirror/get`, or null when it may. */
export function mirrorPathProblem(path: string): string | null {
  if (path.length > MAX_MIRROR_PATH_LENGTH) return `"path" is longer than ${MAX_MIRROR_PATH_LENGTH} characters`;
  if (!path.startsWith(PREFIX)) return '"path" must start with /api/v1/ (a path on the local mirror, no scheme or host)';
  if (!/^[\x21-\x7e]*$/.test(path)) return '"path" may hold printable ASCII only (percent-encode anything else)';
  if (/[\\#]/.test(path)) return '"path" may not contain a backslash or a fragment';
  const queryAt = path.indexOf('?');
  const pathPart = queryAt === -1 ? path : path.slice(0, queryAt);
  if (pathPart.includes('//')) return '"path" may not contain an empty segment (//)';
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathPart);
  } catch {
    return '"path" has a malformed percent-encoding';
  }
  if (path.includes('..') || decoded.includes('..') || decoded !== decodeSlashFree(pathPart)) {
    return '"path" may not contain ".." or encoded separators';
  }
  const lower = decoded.toLowerCase().replace(/\/+$/, '');
  if (BLOCKED_PATHS.some((blocked) => lower === blocked || lower.startsWith(`${blocked}/`))) {
    return `${pathPart} is not a GET resource of the mirror API`;
  }
  const root = pathPart.slice(PREFIX.length).split('/')[0]!;
  if (!RESOURCE_ROOTS.has(root)) return `unknown mirror resource "${root}" (one of: ${[...RESOURCE_ROOTS].join(', ')})`;
  return null;
}

/**
 * Decodes everything but encoded separators: a path whose decoding differs from this one
 * hides a `/` or `\` (`%2F`, `%5C`), which could move a request to another route.
 */
function decodeSlashFree(pathPart: string): string {
  return decodeURIComponent(pathPart.replace(/%(2f|5c)/gi, '%25$1'));
}

/** Largest `value` a call can carry: an int64 of tinybars, as the mirror's own check. */
const MAX_VALUE = (1n << 63n) - 1n;

/**
 * Checks a `mirror/call` request: `to` (and `from`, when given) a 0x-prefixed 40-hex address, `data`
 * 0x-prefixed hex of whole bytes within the mirror's 128 KiB limit, `value` decimal tinybars within
 * an int64, `estimate` a boolean, nothing else. The mirror checks the call again; whatever passes
 * here is a simulation (the call endpoint stores nothing), never a transaction.
 */
export function validateMirrorCall(request: unknown): Validation<RequestOf<'mirror/call'>> {
  const { input, problems } = objectWith(request, ['to', 'data', 'from', 'value', 'estimate'], '"to" and "data" strings');
  if (input === null) return { ok: false, problems };
  const { to, data, from, value, estimate } = input;
  if (typeof to !== 'string' || !ADDRESS.test(to)) problems.push('"to" must be an address: 0x and 40 hex digits');
  if (from !== undefined && (typeof from !== 'string' || !ADDRESS.test(from))) problems.push('"from" must be an address: 0x and 40 hex digits');
  if (typeof data !== 'string' || !/^0x(?:[0-9a-fA-F]{2})*$/.test(data)) problems.push('"data" must be 0x and whole bytes of hex');
  else if ((data.length - 2) / 2 > MAX_CALL_DATA_BYTES) problems.push(`"data" is longer than ${MAX_CALL_DATA_BYTES} bytes`);
  if (value !== undefined && (typeof value !== 'string' || !/^\d{1,19}$/.test(value) || BigInt(value) > MAX_VALUE)) {
    problems.push('"value" must be tinybars as decimal digits, at most 9223372036854775807');
  }
  if (estimate !== undefined && typeof estimate !== 'boolean') problems.push('"estimate" must be true or false');
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: {
    to: to as string, data: data as string,
    ...(typeof from === 'string' ? { from } : {}),
    ...(typeof value === 'string' ? { value } : {}),
    ...(typeof estimate === 'boolean' ? { estimate } : {}),
  } };
}
