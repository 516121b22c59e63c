/**
 * How a topic's messages are listed, kept in the Topic screen's hash beside its `id` (as the
 * Transactions screen keeps its filters there), so that Back and a reload list them the same way:
 * `order=desc` (newest first; oldest first when absent) and `seq=N`, the sequence number the list
 * starts at, reading on in that order.
 */
import { withRouteParam } from './explorer-routes.ts';
import { formatInteger } from './format.ts';
import { mirrorPath } from './mirror-source.ts';

export type MessageOrder = 'asc' | 'desc';

export interface TopicMessageView {
  order: MessageOrder;
  /** The sequence number to start at, as digits; '' for the first (or newest) message. */
  from: string;
}

/** The largest sequence number the mirror reads (a long). */
const MAX_SEQUENCE = 9223372036854775807n;

export function parseTopicMessageView(query: string): TopicMessageView {
  const params = new URLSearchParams(query);
  const typed = readSequence(params.get('seq') ?? '');
  return { order: params.get('order') === 'desc' ? 'desc' : 'asc', from: typed.ok ? typed.from : '' };
}

/** The hash query with `view` set, the topic's id and any other parameter kept; the defaults are left out. */
export function topicMessageViewQuery(query: string, view: TopicMessageView): string {
  return withRouteParam(withRouteParam(query, 'order', view.order === 'desc' ? 'desc' : null), 'seq', view.from || null);
}

/**
 * The first page's mirror path: from `from` on in the chosen order (`gte` oldest first, `lte`
 * newest first, so the list starts at that message either way).
 */
export function topicMessagesPath(topicId: string, view: TopicMessageView, limit = 25): string {
  const bound = view.from ? `${view.order === 'desc' ? 'lte' : 'gte'}:${view.from}` : null;
  return mirrorPath(['topics', topicId, 'messages'], { order: view.order, sequencenumber: bound, limit });
}

/**
 * Typed text as the sequence number to go to (`from`, digits without leading zeros; '' for none:
 * the list from its start), or why it is none.
 */
export function readSequence(text: string): { ok: true; from: string } | { ok: false; problem: string } {
  const typed = text.trim();
  if (typed === '') return { ok: true, from: '' };
  if (!/^[0-9]+$/.test(typed)) return { ok: false, problem: 'A sequence number is a whole number, such as 120.' };
  const value = BigInt(typed);
  if (value === 0n) return { ok: false, problem: 'Sequence numbers start at 1.' };
  if (value > MAX_SEQUENCE) return { ok: false, problem: 'That number is larger than any sequence number.' };
  return { ok: true, from: value.toString() };
}

/** Why `from` lies past the topic's messages, given its last one's sequence number; null when it does not. */
export function pastLastProblem(from: string, last: bigint | null): string | null {
  if (from === '') return null;
  if (last === null) return `This topic has no messages yet: there is no message ${formatInteger(BigInt(from))}.`;
  return BigInt(from) > last ? `There is no message ${formatInteger(BigInt(from))} yet: this topic's last is ${formatInteger(last)}.` : null;
}
