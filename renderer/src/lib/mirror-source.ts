import type { ApiResult, MirrordeskApi } from '../../../main/common/api-contract.ts';
import { queryStringOf } from './explorer-routes.ts';
import type { Links } from './ledger-types.ts';
import type { Page, PageLoader } from './paged-list.ts';

/** The part of the typed API that reads the mirror: what a loader needs, and a test can stand in for. */
export type MirrorReader = { mirror: Pick<MirrordeskApi['mirror'], 'get'> };

/**
 * A mirror API path from its segments and query: segments are percent-encoded (an id typed by
 * the user cannot add a segment), empty query values are left out.
 */
export function mirrorPath(segments: ReadonlyArray<string>, query: Record<string, string | number | null | undefined> = {}): string {
  const text = queryStringOf(query);
  return `/api/v1/${segments.map((segment) => encodeURIComponent(segment)).join('/')}${text ? `?${text}` : ''}`;
}

const API_PREFIX = '/api/v1/';

/**
 * What in a by-id page's target cannot name one entity: a path segment (or, for a page that loads
 * its own way, the id itself) holding `/`, `\` or `..`, as an address edited by hand can
 * (`#/account?id=0.0.1009/tokens`). mirrorPath encodes such a segment so that it adds none, and
 * the `mirror/get` gate then refuses the path, in words about paths that tell the reader of the
 * page nothing; the page refuses the id itself instead. Null when every part can be asked for.
 */
export function unaskablePart(target: string): string | null {
  const parts = target.startsWith(API_PREFIX) ? target.split('?')[0]!.slice(API_PREFIX.length).split('/').map(decodedSegment) : [target];
  return parts.find((part) => /[/\\]|\.\./.test(part)) ?? null;
}

function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** One resource of the local mirror API; the body is what the REST endpoint answers. */
export async function mirrorGet<T>(api: MirrorReader, path: string): Promise<ApiResult<T>> {
  const result = await api.mirror.get({ path });
  return result.ok ? { ok: true, value: result.value.body as T } : result;
}

/**
 * Pages of one list resource (`key` names the array in the body). The list's "query" is the
 * whole path, so next pages are simply the `links.next` paths the mirror answers.
 */
export function mirrorPageLoader<T>(api: MirrorReader, key: string): PageLoader<T> {
  return async (path): Promise<ApiResult<Page<T>>> => {
    const result = await mirrorGet<Record<string, unknown> & { links?: Links }>(api, path);
    if (!result.ok) return result;
    const items = result.value[key];
    return { ok: true, value: { items: Array.isArray(items) ? (items as T[]) : [], next: result.value.links?.next ?? null } };
  };
}

/** `mirrorGet` as a plain function of the path, the shape the search resolver takes. */
export function mirrorGetter(api: MirrorReader): (path: string) => Promise<ApiResult<unknown>> {
  return (path) => mirrorGet<unknown>(api, path);
}
