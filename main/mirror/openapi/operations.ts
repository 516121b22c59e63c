import { ref, type HttpMethod, type MediaType, type OperationEntry, type Parameter, type Ref, type RequestBody, type Response, type Schema } from './openapi-types.ts';
import { PREFIX_NOTE, type PrefixRule } from './components.ts';
import { plainParam } from './parameters.ts';

export interface OperationSpec {
  /** OpenAPI path (`/api/v1/tokens/{tokenId}`). */
  path: string;
  method?: HttpMethod;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  /** `cache-control: public, max-age=N` on success; 'no-store' as is; null: no cache-control header. */
  cacheSeconds: number | 'no-store' | null;
  /** The answers with another lifetime than `cacheSeconds`, and that lifetime: said after it in the header and the description. */
  cacheException?: string;
  parameters: Array<Parameter | Ref>;
  ok: Schema | Ref;
  /** Media type of the 200 answer (JSON unless said). */
  okType?: string;
  /** Further media types the 200 answer may have (`text/plain` with a query flag), with their schemas. */
  okAlternatives?: Record<string, MediaType>;
  /** Whether the answer pages with `links.next` and a `Link: <next>; rel="next"` header. */
  paged?: boolean;
  notFound?: boolean;
  requestBody?: RequestBody;
  extraResponses?: Record<string, Response | Ref>;
}

const ETAG_HEADER = { description: 'Weak validator of the body; send it back in If-None-Match for a 304.', schema: { type: 'string' as const } };

/** The sentence every operation's description ends with: how its answers may be cached. */
export function cacheNote(seconds: number | 'no-store' | null, exception?: string): string {
  const lifetime = seconds === null
    ? 'Answers carry no `cache-control` header (they depend on the request body).'
    : `Successful answers carry \`cache-control: ${cacheControl(seconds)}\`${exception ? ` (${exception})` : ''}; error answers carry none.`;
  return `${lifetime} Every answer has a weak \`ETag\`; a GET whose \`If-None-Match\` matches gets 304.`;
}

const cacheControl = (seconds: number | 'no-store'): string => (seconds === 'no-store' ? 'no-store' : `public, max-age=${seconds}`);

/** Builds one operation with the responses every mirror operation shares. */
export function operation(spec: OperationSpec): OperationEntry {
  const method = spec.method ?? 'get';
  const headers: Record<string, typeof ETAG_HEADER> = { ETag: ETAG_HEADER };
  if (spec.cacheSeconds !== null) {
    const description = `${cacheControl(spec.cacheSeconds)}${spec.cacheException ? ` (${spec.cacheException})` : ''}`;
    headers['Cache-Control'] = { description, schema: { type: 'string' } };
  }
  if (spec.paged) headers.Link = { description: 'The next page as `<path?query>; rel="next"`, when there is one.', schema: { type: 'string' } };
  const responses: Record<string, Response | Ref> = {
    '200': { description: 'OK', headers, content: { [spec.okType ?? 'application/json']: { schema: spec.ok }, ...spec.okAlternatives } },
  };
  if (method === 'get') responses['304'] = ref('responses', 'NotModified');
  responses['400'] = ref('responses', 'BadRequest');
  responses['403'] = ref('responses', 'Forbidden');
  if (spec.notFound) responses['404'] = ref('responses', 'NotFound');
  Object.assign(responses, spec.extraResponses ?? {});
  responses['502'] = ref('responses', 'BadGateway');
  responses['503'] = ref('responses', 'ServiceUnavailable');
  return {
    path: spec.path,
    method,
    operation: {
      operationId: spec.operationId,
      tags: [spec.tag],
      summary: spec.summary,
      description: [spec.description, cacheNote(spec.cacheSeconds, spec.cacheException)].filter(Boolean).join('\n\n'),
      parameters: spec.parameters,
      ...(spec.requestBody ? { requestBody: spec.requestBody } : {}),
      responses,
    },
  };
}

/** The Node.js module's page size (capped at the configured maximum, any operator prefix ignored). */
export const limit: Ref = ref('parameters', 'limit');
/** The Java module's page size (1 to 100, anything else a 400). */
export const javaLimit: Ref = ref('parameters', 'javaLimit');

/** The sort order; `prefix` says which operator prefixes the route takes before the value (see PREFIX_NOTE). */
export function order(fallback: 'asc' | 'desc', prefix: PrefixRule = 'any'): Parameter {
  return plainParam('order', `Sort order (case-insensitive). Default \`${fallback}\`. ${PREFIX_NOTE[prefix]}`, { type: 'string', enum: ['asc', 'desc'], default: fallback }, fallback === 'asc' ? 'desc' : 'asc');
}
