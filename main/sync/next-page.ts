import { UpstreamFormatError } from './upstream-values.ts';

/**
 * A next link back to a page the walk has already read. `loop` is the pages it would go round,
 * from the one linked to through the one whose link closed the loop: which of their links is
 * the wrong one cannot be told, so none of them is to be trusted again unread.
 */
export class NextLinkLoopError extends UpstreamFormatError {
  readonly loop: readonly string[];

  constructor(current: string, next: string, loop: readonly string[]) {
    super(`the upstream's next link after ${current} leads back to a page already read (${next})`);
    this.loop = loop;
  }
}

/**
 * The page after `current`, as the upstream's `links.next` names it; null at the end. A page
 * without a `links` object (or whose links say nothing of a next page) is malformed, not the end:
 * taken as the end, it would close a walk half way. A link back to a page this walk has already
 * read would walk it forever (storing it again each time): it is refused (NextLinkLoopError).
 * `walked` collects the pages of one walk, in the order read; by default only the page just read
 * counts, which is what a walk resumed from a stored cursor can know.
 */
export function nextPageOf(body: unknown, current: string, walked: Set<string> = new Set()): string | null {
  const links = (body as { links?: unknown } | null)?.links;
  if (links === null || typeof links !== 'object' || Array.isArray(links)) throw new UpstreamFormatError(`the page ${current} has no "links" object`);
  const next = (links as { next?: unknown }).next;
  if (next === null) return null;
  if (typeof next !== 'string') throw new UpstreamFormatError(`the page ${current} has no next link, nor null for none, in its "links"`);
  // Kept in the order last read, so that the loop always ends with the page whose link closes it.
  walked.delete(current);
  walked.add(current);
  if (walked.has(next)) {
    const order = [...walked];
    throw new NextLinkLoopError(current, next, order.slice(order.indexOf(next)));
  }
  return next;
}
