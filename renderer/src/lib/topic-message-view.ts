/**
 * How a topic's messages are listed, kept in the Topic screen's hash beside its `id` (as the
 * Transactions screen keeps its filters there), so that Back and a reload list them the same way:
 * `order=desc` (newest first; oldest first when absent) and `seq=N`, the sequence number the list
 * starts at, reading on in that order.
 */
import { withRouteParam } from './explorer-routes.ts';
import { formatInteger } from './format.ts';
import { typedText } from './invisible-characters.ts';
import { mirrorPath } from './mirror-source.ts';
import { MAX_LONG, readWholeNumber } from './whole-number.ts';

export type MessageOrder = 'asc' | 'desc';

export interface TopicMessageView {
  order: MessageOrder;
  /** The sequence number to start at, as digits; '' for the first (or newest) message. */
  from: string;
}

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
 * the list from its start), or why it is none. Read as the table shows it (`1,234`) or pasted with
 * invisible characters; the mirror reads a sequence number as a long.
 */
export function readSequence(text: string): { ok: true; from: string } | { ok: false; problem: string } {
  if (typedText(text) === '') return { ok: true, from: '' };
  const reading = readWholeNumber(text, MAX_LONG);
  if (reading.kind === 'not-a-number') return { ok: false, problem: 'A sequence number is a whole number, such as 120.' };
  if (reading.kind === 'too-large') return { ok: false, problem: 'That number is larger than any sequence number.' };
  if (reading.number === 0n) return { ok: false, problem: 'Sequence numbers start at 1.' };
  return { ok: true, from: reading.number.toString() };
}

/** Why `from` lies past the topic's messages, given its last one's sequence number; null when it does not. */
export function pastLastProblem(from: string, last: bigint | null): string | null {
  if (from === '') return null;
  if (last === null) return `This topic has no messages yet: there is no message ${formatInteger(BigInt(from))}.`;
  return BigInt(from) > last ? `There is no message ${formatInteger(BigInt(from))} yet: this topic's last is ${formatInteger(last)}.` : null;
}
