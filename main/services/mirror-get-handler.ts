import type { ApiError, ApiErrorCode, MirrorGetResponse, RequestOf } from '../common/api-contract.ts';
import type { MirrorErrorBody } from '../common/mirror-types.ts';
import { ApiFailure } from '../bridge/api-error.ts';
import { parseJsonLossless } from '../mirror/format/json-out.ts';
import type { MirrorApi } from '../mirror/mirror-api.ts';

/** A mirror API error answer as a typed error that keeps the mirror's status and body. */
export class MirrorFailure extends ApiFailure {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    const messages = messagesOf(body);
    super(codeOfStatus(status), messages[0] ?? `The mirror API answered HTTP ${status}`, messages);
    this.status = status;
    this.body = body;
  }

  override toApiError(): ApiError {
    return { ...super.toApiError(), mirror: { status: this.status, body: this.body } };
  }
}

/** Runs `use` against the open profile's mirror API, which stays open until `use` is done. */
export type WithMirror = <T>(use: (mirror: MirrorApi) => Promise<T>) => Promise<T>;

/**
 * `mirror/get`: answers a validated GET path by injecting it into the same Fastify app the
 * mirror port serves (response cache, routes and error bodies included), so the renderer sees
 * byte for byte what an HTTP client of the REST port sees, without a socket.
 */
export function createMirrorGetHandler(withMirror: WithMirror): (request: RequestOf<'mirror/get'>) => Promise<MirrorGetResponse> {
  return async ({ path }) => {
    // A loopback Host passes the mirror's DNS-rebinding guard, as a local client's would.
    const response = await withMirror((mirror) => mirror.server.inject({ method: 'GET', url: path, headers: { host: '127.0.0.1', accept: 'application/json' } }));
    return answerOf(response);
  };
}

/**
 * `mirror/call`: a validated call injected as `POST /api/v1/contracts/call` into the mirror app,
 * like `mirror/get`'s GETs: the same EVM, limits and error bodies as the REST port's. A call is
 * simulated over the latest state the store holds; nothing it changes is kept.
 */
export function createMirrorCallHandler(withMirror: WithMirror): (request: RequestOf<'mirror/call'>) => Promise<MirrorGetResponse> {
  return async ({ to, data, from, value, estimate }) => {
    const payload = { to, data, ...(from ? { from } : {}), ...(value ? { value } : {}), block: 'latest', estimate: estimate ?? false };
    const response = await withMirror((mirror) => mirror.server.inject({
      method: 'POST', url: '/api/v1/contracts/call', payload,
      headers: { host: '127.0.0.1', accept: 'application/json', 'content-type': 'application/json' },
    }));
    return answerOf(response);
  };
}

/**
 * An injected mirror answer: its status and parsed body when 2xx (and when it was remembered, for an
 * answer given from memory), otherwise a typed error carrying both.
 */
function answerOf(response: { statusCode: number; body: string; headers: Record<string, unknown> }): MirrorGetResponse {
  const body = parseBody(response.body);
  if (response.statusCode < 200 || response.statusCode >= 300) throw new MirrorFailure(response.statusCode, body);
  const age = typeof response.headers.age === 'string' && /^\d+$/.test(response.headers.age) ? Number(response.headers.age) : null;
  return age === null ? { status: response.statusCode, body } : { status: response.statusCode, body, rememberedAt: Date.now() - age * 1000 };
}

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return parseJsonLossless(text);
  } catch {
    return text;
  }
}

function codeOfStatus(status: number): ApiErrorCode {
  if (status === 404) return 'not-found';
  if (status === 403) return 'forbidden';
  if (status === 429 || status === 502 || status === 503) return 'unavailable';
  if (status >= 400 && status < 500) return 'invalid-input';
  return 'internal';
}

/** One line per message of a mirror error body (`message: detail` when there is a detail). */
function messagesOf(body: unknown): string[] {
  const messages = (body as Partial<MirrorErrorBody> | null)?._status?.messages;
  if (!Array.isArray(messages)) return [];
  return messages
    .filter((entry) => typeof entry?.message === 'string')
    .map((entry) => (typeof entry.detail === 'string' && entry.detail !== '' ? `${entry.message}: ${entry.detail}` : entry.message));
}
