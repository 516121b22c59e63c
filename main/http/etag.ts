import { createHash } from 'node:crypto';

/** A weak validator in the form Express (and so the reference) sends: W/"<len>-<sha1>". */
export function weakEtag(body: string): string {
  const length = Buffer.byteLength(body);
  const hash = createHash('sha1').update(body).digest('base64').slice(0, 27);
  return `W/"${length.toString(16)}-${hash}"`;
}

/** If-None-Match matching with weak comparison, as RFC 9110 prescribes for GET. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === bare);
}
