import { clockTime } from '../../common/clock-time.ts';
import { READ_THROUGH_OPENINGS } from '../../common/read-through-openings.ts';
import { parseJsonLossless } from '../format/json-out.ts';
import { NOT_FOUND, type GetHandler, type GetOutcome } from '../query/mirror-get.ts';
import type { ParsedQuery } from './query-string.ts';

/** The by-id resources a store may lack and an upstream may supply. */
export type ReadThroughResource = 'account' | 'contract' | 'schedule' | 'token' | 'topic' | 'transaction';

/**
 * The seam between the mirror API and whatever fills its store from elsewhere (the upstream
 * sync). The mirror code only knows this interface; it stays independent of the sync. Each call
 * resolves quickly when the upstream cannot be reached, and rejects only when the local store
 * fails (which the route answers as any store failure).
 */
export interface ReadThrough {
  /**
   * Tries to bring one entity the store lacks into it: `stored` (answer again from the store),
   * `absent` (the upstream has none either: the 404 stands) or why it could not be had now.
   */
  fetchMissing(resource: ReadThroughResource, id: string): Promise<MissingOutcome>;
  /**
   * The upstream's answer (JSON text) for a path whose answer never changes once given, kept after
   * the first time; `absent` when the upstream has none (or the path is not one kept).
   */
  upstreamAnswer(path: string): Promise<KeptAnswer>;
  /**
   * Relays one request to the upstream as it is, for what a synced store cannot answer and must
   * not keep (a contract's storage now, a read-only call over it): the upstream's status and JSON
   * body, or why there is none.
   */
  relay(request: UpstreamRequest, options?: RelayOptions): Promise<RelayedReply | Shortfall>;
}

/**
 * Why the upstream could not supply, now, something the store lacks. None of them means that it
 * does not exist, so none answers 404: each says which it was.
 */
export type Shortfall =
  /** It failed to answer lately, and is skipped for a while. */
  | { kind: 'offline' }
  /** The store takes no writes for now (it is being compacted, seconds to minutes). */
  | { kind: 'store-busy' }
  /** The store cannot grow, its disk being full: `disk` says so with the room left ("the disk is full (0 KiB free in /data)"). */
  | { kind: 'store-full'; disk: string }
  /** It answered others but not this in time: a burst of lookups waiting their turn in the request budget shared with the sync, or a slow upstream. */
  | { kind: 'busy' }
  /** It asked (HTTP 429 with Retry-After) not to be asked again before `until` (ms since the epoch). */
  | { kind: 'held'; until: number }
  /** It answered, but with a failure each time it was asked within the lookup's deadline: `answered` is the last, from its status on (`503 Service Unavailable`). */
  | { kind: 'failing'; answered: string }
  /** It answered, in a form that cannot be stored (naming another entity, a value out of range), or refused. */
  | { kind: 'unreadable'; reason: string };

export type MissingOutcome = { kind: 'stored' } | { kind: 'absent' } | Shortfall;
export type KeptAnswer = { kind: 'answer'; body: string } | { kind: 'absent' } | Shortfall;

/** The upstream's answer to a relayed request. */
export interface RelayedReply {
  kind: 'reply';
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
 *
 * `incomplete` is for a stored answer that may lack what only the upstream's by-id answer carries
 * (a followed transaction's assessed custom fees: the list the sync follows leaves them out): a
 * 200 it flags has the entity read through once (it is then stored whole) and the store answers
 * again. Where that cannot be done now (offline, busy), the store's answer stands: all it lacks
 * is what the upstream alone could add.
 */
export function withReadThrough(
  readThrough: ReadThrough | undefined, resource: ReadThroughResource, idParam: string, handle: GetHandler, incomplete?: (body: unknown) => boolean,
): GetHandler {
  if (!readThrough) return handle;
  return async (raw, params) => {
    const first: GetOutcome = await handle(raw, params);
    const id = params[idParam];
    if (id === undefined) return first;
    if (first.status === 200 && incomplete?.(first.body)) {
      const outcome = await readThrough.fetchMissing(resource, id);
      return outcome.kind === 'stored' ? handle(raw, params) : first;
    }
    if (first.status !== 404) return first;
    const outcome = await readThrough.fetchMissing(resource, id);
    if (outcome.kind === 'stored') return handle(raw, params);
    return outcome.kind === 'absent' ? first : shortfallOutcome(outcome, `this ${resource}`);
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
  const kept = await readThrough.upstreamAnswer(path);
  if (kept.kind === 'answer') return { status: 200, body: parseJsonLossless(kept.body) };
  return kept.kind === 'absent' ? absent : shortfallOutcome(kept, notHeld);
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
    // An answer that came but could not be used is said as such (502), not covered by the store's partial one.
    if (answer.kind !== 'reply' && answer.kind !== 'unreadable' && relayed.storeWhenUnreachable) return local;
    return relayedOutcome(answer, relayed.notHeld);
  };
}

/**
 * relayedRoute for the requests `needsUpstream` picks, the handler's own answer for the rest: a
 * synced store answers balances now, but not as of a past moment (`timestamp`), which the
 * upstream works out from the balance snapshots a sync does not copy.
 */
export function relayedWhen(
  readThrough: ReadThrough | undefined, needsUpstream: (raw: ParsedQuery) => boolean, pattern: string, handle: GetHandler, relayed: RelayedAnswer,
): GetHandler {
  if (!readThrough) return handle;
  const relaying = relayedRoute(readThrough, pattern, handle, relayed);
  return (raw, params) => (needsUpstream(raw) ? relaying(raw, params) : handle(raw, params));
}

/** Whether a request asks for a past moment: the balances endpoints' `timestamp`. */
export const asksPastMoment = (raw: ParsedQuery): boolean => raw.has('timestamp');

/** What a synced store lacks for such a request; kept, since balances as of a past moment never change. */
export const PAST_BALANCES: RelayedAnswer = { notHeld: 'balances as of a past moment', remember: true };

/** An upstream answer as a mirror outcome: its body when 200, its error messages when 400, 404 or 429, else 503. */
export function relayedOutcome(answer: RelayedReply | Shortfall, notHeld: string): GetOutcome {
  if (answer.kind !== 'reply') return shortfallOutcome(answer, notHeld);
  if (answer.status === 200) {
    const next = (answer.body as { links?: { next?: unknown } } | null)?.links?.next;
    const remembered = answer.rememberedAt === undefined ? {} : { rememberedAt: answer.rememberedAt };
    return { status: 200, body: answer.body, live: true, next: typeof next === 'string' ? next : null, ...remembered };
  }
  const messages = (answer.body as { _status?: { messages?: unknown } } | null)?._status?.messages;
  if ((answer.status === 400 || answer.status === 404 || answer.status === 429) && Array.isArray(messages)) return { status: answer.status, messages };
  return { status: 503, messages: [{ message: `${READ_THROUGH_OPENINGS.failed} ${answer.status}` }] };
}

export function unreachableMessage(notHeld: string): string {
  return `${READ_THROUGH_OPENINGS.unreachable}; this synced store does not hold ${notHeld}`;
}

/** The answer of every wrapper here when the upstream could not supply what the store does not hold: 503 (502 for an answer it could not read), saying why. */
function shortfallOutcome(shortfall: Shortfall, notHeld: string): GetOutcome {
  switch (shortfall.kind) {
    case 'offline': return { status: 503, messages: [{ message: unreachableMessage(notHeld) }] };
    case 'store-busy': return { status: 503, messages: [{ message: `${READ_THROUGH_OPENINGS.compacting} and cannot take ${notHeld} from the upstream now; ask again in a moment` }] };
    case 'store-full': return { status: 503, messages: [{ message: `${READ_THROUGH_OPENINGS.storeFull}: ${shortfall.disk}, so it cannot take ${notHeld} from the upstream; free some space on that disk and ask again` }] };
    case 'busy': return { status: 503, messages: [{ message: `${READ_THROUGH_OPENINGS.slow} for ${notHeld} in time (lookups wait their turn in the profile's request rate); ask again in a moment` }] };
    case 'held': return {
      status: 503,
      messages: [{ message: `${READ_THROUGH_OPENINGS.held} ${clockTime(shortfall.until)} before it is asked again (Retry-After), and this synced store does not hold ${notHeld}; ask again then` }],
      retryAfterSeconds: Math.max(1, Math.ceil((shortfall.until - Date.now()) / 1000)),
    };
    case 'failing': return { status: 503, messages: [{ message: `${READ_THROUGH_OPENINGS.failed} ${shortfall.answered} when asked for ${notHeld}, and this synced store does not hold it; ask again in a moment` }] };
    case 'unreadable': return { status: 502, messages: [{ message: `The upstream mirror node's answer for ${notHeld} could not be read: ${shortfall.reason}` }] };
  }
}
