import { parseJsonLossless } from '../format/json-out.ts';
import { NOT_FOUND, type GetHandler, type GetOutcome } from '../query/mirror-get.ts';
import type { ParsedQuery } from './query-string.ts';

/** The by-id resources a store may lack and an upstream may supply. */
export type ReadThroughResource = 'account' | 'contract' | 'schedule' | 'token' | 'topic' | 'transaction';

/**
 * The seam between the mirror API and whatever fills its store from elsewhere (the upstream
 * sync). The mirror code only knows this interface; it stays independent of the sync.
 */
export interface ReadThrough {
  /**
   * True while the upstream is known to be unreachable (it failed to answer lately): what it has
   * not been asked for before cannot be had now. An answer missing then is "unavailable", not "not found".
   */
  readonly offline: boolean;
  /**
   * True while the local store takes no writes (it is being compacted, a matter of seconds to
   * minutes): an entity it lacks cannot be brought in now, and is "unavailable", not "not found".
   */
  readonly storeBusy: boolean;
  /**
   * Tries to bring one entity the store lacks into it. Resolves true when the store now has
   * it (answer again from the store), false when it does not (answer the 404 as it was).
   * Must resolve quickly when the upstream cannot be reached, and never reject.
   */
  fetchMissing(resource: ReadThroughResource, id: string): Promise<boolean>;
  /**
   * The upstream's answer (JSON text) for a path whose answer never changes once given, kept after
   * the first time; null when the upstream has none or cannot be reached. Never rejects.
   */
  upstreamAnswer(path: string): Promise<string | null>;
  /**
   * Relays one request to the upstream as it is, for what a synced store cannot answer and must
   * not keep (a contract's storage now, a read-only call over it): the upstream's status and JSON
   * body, or null when it cannot be reached in time. Never rejects.
   */
  relay(request: UpstreamRequest, options?: RelayOptions): Promise<RelayedReply | null>;
}

/** The upstream's answer to a relayed request. */
export interface RelayedReply {
  status: number;
  body: unknown;
  /** Set when the upstream could not be reached and this is its last answer, remembered then (ms since the epoch). */
  rememberedAt?: number;
}

export interface RelayOptions {
  /**
   * Keep the last successful answer and give it when the upstream cannot be reached: for what
   * changes slowly and is better shown a little old than not at all offline (the network's nodes,
   * stake, rates and fees).
   */
  remember?: boolean;
}

export interface UpstreamRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

/**
 * Wraps a by-id GET handler: when the store answers 404 and a read-through is present, asks it
 * for the entity and, if it arrived, answers from the store again. With the upstream unreachable,
 * 503 naming the entity, not 404: a synced store cannot tell that it does not exist. Without a
 * read-through the handler is returned unchanged. The response cache holds only 200s, and a write
 * moves the store's data version, so no 404 from before the fetch can be served afterwards.
 */
export function withReadThrough(readThrough: ReadThrough | undefined, resource: ReadThroughResource, idParam: string, handle: GetHandler): GetHandler {
  if (!readThrough) return handle;
  return async (raw, params) => {
    const first: GetOutcome = await handle(raw, params);
    const id = params[idParam];
    if (first.status !== 404 || id === undefined) return first;
    if (await readThrough.fetchMissing(resource, id)) return handle(raw, params);
    if (readThrough.storeBusy) return { status: 503, messages: [{ message: `The local store is being compacted and cannot take this ${resource} from the upstream now; ask again in a moment` }] };
    return readThrough.offline ? unreachable(`this ${resource}`) : first;
  };
}

/**
 * Wraps a GET handler for something the store may not hold (a topic message from before the sync
 * began following): when the store answers 404 and a read-through is present, the upstream's
 * answer for the same path and query is served instead. Only for answers that never change once
 * there, since it is kept and served again. With the upstream unreachable and nothing kept, 503
 * naming what is not held: the store cannot tell that it does not exist.
 */
export function withUpstreamAnswer(readThrough: ReadThrough | undefined, pathOf: (params: Record<string, string>) => string, handle: GetHandler, notHeld: string): GetHandler {
  if (!readThrough) return handle;
  return async (raw, params) => {
    const first: GetOutcome = await handle(raw, params);
    if (first.status !== 404) return first;
    return keptUpstreamAnswer(readThrough, `${pathOf(params)}${queryTextOf(raw)}`, first, notHeld);
  };
}

/**
 * Wraps a GET handler for something a synced store holds only part of (a contract result: the
 * sync stores what the results and logs lists show, not its state changes or actions): with a
 * read-through, a valid request is answered with the upstream's answer (kept, as above), never
 * with the store's partial one; 404 when the upstream has none, 503 when it cannot be reached.
 */
export function withUpstreamAnswerOnly(readThrough: ReadThrough | undefined, pathOf: (params: Record<string, string>) => string, handle: GetHandler, notHeld: string): GetHandler {
  if (!readThrough) return handle;
  return async (raw, params) => {
    const local: GetOutcome = await handle(raw, params);
    if (local.status === 400) return local;
    return keptUpstreamAnswer(readThrough, `${pathOf(params)}${queryTextOf(raw)}`, NOT_FOUND, notHeld);
  };
}

/** The upstream's kept answer for `path`; else `absent` when it has none, or 503 when it cannot be reached. */
async function keptUpstreamAnswer(readThrough: ReadThrough, path: string, absent: GetOutcome, notHeld: string): Promise<GetOutcome> {
  const body = await readThrough.upstreamAnswer(path);
  if (body !== null) return { status: 200, body: parseJsonLossless(body) };
  return readThrough.offline ? unreachable(notHeld) : absent;
}

/** The query as the request gave it (each key's values in order), for asking the upstream the same. */
function queryTextOf(raw: ParsedQuery): string {
  const pairs = [...raw].flatMap(([key, values]) => values.map((value) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`));
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

export interface RelayedAnswer extends RelayOptions {
  /** What the synced store lacks, named in the 503 when the upstream cannot be reached. */
  notHeld: string;
  /** With the upstream unreachable and nothing remembered, the store's own (partial) answer rather than a 503. */
  storeWhenUnreachable?: boolean;
}

/**
 * Wraps the GET handler of a route for data a synced store does not hold, or holds only in part,
 * and that changes over time (contract storage, the network's files, NFTs, allowances, staking
 * rewards, hooks, token relationships' details, topic messages and schedules lists): with a
 * read-through, a request the handler finds valid is relayed to the upstream, at the route's
 * pattern with the request's parameters, and its answer passed on as it is now (sent `no-store`);
 * 503 naming what is not held when the upstream cannot be reached and nothing is remembered.
 */
export function relayedRoute(readThrough: ReadThrough | undefined, pattern: string, handle: GetHandler, relayed: RelayedAnswer): GetHandler {
  if (!readThrough) return handle;
  return async (raw, params) => {
    const local: GetOutcome = await handle(raw, params);
    if (local.status === 400) return local;
    const path = pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
    const answer = await readThrough.relay({ method: 'GET', path: `${path}${queryTextOf(raw)}` }, relayed.remember ? { remember: true } : {});
    if (answer === null && relayed.storeWhenUnreachable) return local;
    return relayedOutcome(answer, relayed.notHeld);
  };
}

/** An upstream answer as a mirror outcome: its body when 200, its error messages when 400, 404 or 429, else 503. */
export function relayedOutcome(answer: RelayedReply | null, notHeld: string): GetOutcome {
  if (answer === null) return unreachable(notHeld);
  if (answer.status === 200) {
    const next = (answer.body as { links?: { next?: unknown } } | null)?.links?.next;
    const remembered = answer.rememberedAt === undefined ? {} : { rememberedAt: answer.rememberedAt };
    return { status: 200, body: answer.body, live: true, next: typeof next === 'string' ? next : null, ...remembered };
  }
  const messages = (answer.body as { _status?: { messages?: unknown } } | null)?._status?.messages;
  if ((answer.status === 400 || answer.status === 404 || answer.status === 429) && Array.isArray(messages)) return { status: answer.status, messages };
  return { status: 503, messages: [{ message: `The upstream mirror node answered HTTP ${answer.status}` }] };
}

export function unreachableMessage(notHeld: string): string {
  return `The upstream mirror node cannot be reached; this synced store does not hold ${notHeld}`;
}

/** The 503 of every wrapper here when the upstream cannot be reached for what the store does not hold. */
function unreachable(notHeld: string): GetOutcome {
  return { status: 503, messages: [{ message: unreachableMessage(notHeld) }] };
}
