import { UpstreamFormatError } from './upstream-values.ts';

/**
 * The page after `current`, as the upstream's `links.next` names it; null at the end. A link back
 * to a page this walk has already read would walk it forever (storing it again each time): it is
 * refused as a malformed answer. `walked` collects the pages of one walk; by default only the page
 * just read counts, which is what a walk resumed from a stored cursor can know.
 */
export function nextPageOf(body: unknown, current: string, walked: Set<string> = new Set()): string | null {
  const next = (body as { links?: { next?: unknown } } | null)?.links?.next;
  if (typeof next !== 'string') return null;
  walked.add(current);
  if (walked.has(next)) throw new UpstreamFormatError(`the upstream's next link after ${current} leads back to a page already read (${next})`);
  return next;
}
