import { UpstreamFormatError } from './upstream-values.ts';

/**
 * The page after `current`, as the upstream's `links.next` names it; null at the end. A page
 * without a `links` object (or whose links say nothing of a next page) is malformed, not the end:
 * taken as the end, it would close a walk half way. A link back to a page this walk has already
 * read would walk it forever (storing it again each time): it is refused as a malformed answer.
 * `walked` collects the pages of one walk; by default only the page just read counts, which is
 * what a walk resumed from a stored cursor can know.
 */
export function nextPageOf(body: unknown, current: string, walked: Set<string> = new Set()): string | null {
  const links = (body as { links?: unknown } | null)?.links;
  if (links === null || typeof links !== 'object' || Array.isArray(links)) throw new UpstreamFormatError(`the page ${current} has no "links" object`);
  const next = (links as { next?: unknown }).next;
  if (next === null) return null;
  if (typeof next !== 'string') throw new UpstreamFormatError(`the page ${current} has no next link, nor null for none, in its "links"`);
  walked.add(current);
  if (walked.has(next)) throw new UpstreamFormatError(`the upstream's next link after ${current} leads back to a page already read (${next})`);
  return next;
}
