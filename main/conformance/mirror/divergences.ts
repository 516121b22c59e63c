/**
 * Reference spec cases this project deliberately answers differently, each with the reason
 * (the interface specification wins where it is exact). The runner reports them as
 * skipped; nothing is dropped silently. `url` narrows an entry to one request of a file.
 */
export interface Divergence {
  file: string;
  url?: string;
  reason: string;
}

export const MIRROR_DIVERGENCES: readonly Divergence[] = [];

export function findDivergence(file: string, url: string): Divergence | undefined {
  const normalized = file.split('\\').join('/');
  return MIRROR_DIVERGENCES.find((d) => normalized.endsWith(d.file) && (d.url === undefined || d.url === url));
}
