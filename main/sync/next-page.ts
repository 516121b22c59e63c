import { UpstreamFormatError } from './upstream-values.ts';
import { goesFurther, type WalkOrder } from './walk-order.ts';

/**
 * A next link back to a page the walk has already read, or (along a walk's order) to one not past
 * the page that named it. `loop` is the pages whose stored links are not to be trusted again unread:
 * for a link back in the walk's order, the page that named it (its link is wrong, whatever came
 * before); for a link back to a page read, the pages it would go round, from the one linked to
 * through the one whose link closed the loop (which of their links is the wrong one cannot be told).
 */
export class NextLinkLoopError extends UpstreamFormatError {
  readonly loop: readonly string[];

  constructor(message: string, loop: readonly string[]) {
    super(message);
    this.loop = loop;
  }
}

/**
 * The page after `current`, as the upstream's `links.next` names it; null at the end. A page
 * without a `links` object (or whose links say nothing of a next page) is malformed, not the end:
 * taken as the end, it would close a walk half way. A link back would walk the pages since forever
 * (storing them again each time): it is refused (NextLinkLoopError). With `walk`, the order a walk
 * goes along its list, a link whose bound is not past the current page's is refused at once, with
 * no memory of the pages read: a walk resumed from its cursor after such a refusal asks for the
 * refused page alone again, not the loop. `walked` collects the pages of one walk, in the order read,
 * for links whose bound cannot be read (or walks with no order); by default only the page just read
 * counts, which is what a walk resumed from a stored cursor can know.
 */
export function nextPageOf(body: unknown, current: string, walked: Set<string> = new Set(), walk?: WalkOrder): string | null {
  const links = (body as { links?: unknown } | null)?.links;
  if (links === null || typeof links !== 'object' || Array.isArray(links)) throw new UpstreamFormatError(`the page ${current} has no "links" object`);
  const next = (links as { next?: unknown }).next;
  if (next === null) return null;
  if (typeof next !== 'string') throw new UpstreamFormatError(`the page ${current} has no next link, nor null for none, in its "links"`);
  if (walk && goesFurther(current, next, walk) === false) {
    throw new NextLinkLoopError(`the upstream's next link after ${current} leads back to a page at or before it (${next})`, [current]);
  }
  // Kept in the order last read, so that the loop always ends with the page whose link closes it.
  walked.delete(current);
  walked.add(current);
  if (walked.has(next)) {
    const order = [...walked];
    throw new NextLinkLoopError(`the upstream's next link after ${current} leads back to a page already read (${next})`, order.slice(order.indexOf(next)));
  }
  return next;
}
