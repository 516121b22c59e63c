/**
 * Solidity compiler long versions as solc-bin names them: `0.8.4+commit.c7e474f2`, or a
 * nightly `0.8.22-nightly.2023.10.22+commit.b187d065`. Requests may carry a leading `v`.
 */
const LONG_VERSION = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})(-nightly\.\d{4}\.\d{1,2}\.\d{1,2})?\+commit\.([0-9a-f]{8})$/;

/** Strips a leading `v` and checks the shape; throws a one-line message naming the bad value. */
export function parseLongVersion(text: string): string {
  // Versions come from clients' metadata and forms: a number or null there is a bad version, not a TypeError.
  const trimmed = typeof text === 'string' ? text.trim().replace(/^v/, '') : '';
  if (!LONG_VERSION.test(trimmed)) {
    throw new Error(`invalid compiler version "${text}": expected a long version such as 0.8.4+commit.c7e474f2`);
  }
  return trimmed;
}

export function isLongVersion(text: string): boolean {
  return typeof text === 'string' && LONG_VERSION.test(text.trim().replace(/^v/, ''));
}

/** `0.8.4` of `0.8.4+commit.c7e474f2`; null for nightlies, which no release package provides. */
export function releaseOf(longVersion: string): string | null {
  const match = LONG_VERSION.exec(longVersion);
  if (!match || match[4]) return null;
  return `${match[1]}.${match[2]}.${match[3]}`;
}

/**
 * The long version a loaded soljson reports through `version()`: `0.8.4+commit.c7e474f2.Emscripten.clang`
 * and the like. The platform suffix is dropped; what remains is the name the compiler is trusted under.
 */
export function longVersionFromReported(reported: string): string {
  const match = /^(\d+\.\d+\.\d+(?:-nightly\.\d{4}\.\d{1,2}\.\d{1,2})?)\+commit\.([0-9a-f]{8})/.exec(reported.trim());
  if (!match) throw new Error(`compiler reports an unrecognised version "${reported}"`);
  return `${match[1]}+commit.${match[2]}`;
}

/** solc-bin file name of a long version. */
export function soljsonFileName(longVersion: string): string {
  return `soljson-v${longVersion}.js`;
}

/** Compares two long versions by release number (for picking the newest). */
export function compareReleases(a: string, b: string): number {
  const pa = a.split(/[.+-]/).slice(0, 3).map(Number);
  const pb = b.split(/[.+-]/).slice(0, 3).map(Number);
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return (pa[i] ?? 0) - (pb[i] ?? 0);
  return 0;
}
