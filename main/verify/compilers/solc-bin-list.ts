/** The solc-bin `list.json` format (binaries.soliditylang.org/wasm/list.json), the subset used here. */
export interface SolcBinBuild {
  path: string;
  version: string;
  prerelease?: string;
  build: string;
  longVersion: string;
  keccak256: string;
  sha256: string;
  urls: string[];
}

export interface SolcBinList {
  builds: SolcBinBuild[];
  releases: Record<string, string>;
  latestRelease?: string;
}

/** Checks the parts of a downloaded or local list.json that are used; throws a one-line message. */
export function parseSolcBinList(text: string, where: string): SolcBinList {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error(`${where} is not valid JSON`);
  }
  const list = data as Partial<SolcBinList>;
  if (!list || !Array.isArray(list.builds)) throw new Error(`${where} has no "builds" array`);
  const builds = list.builds.filter((b): b is SolcBinBuild =>
    typeof b?.path === 'string' && typeof b.longVersion === 'string' && typeof b.sha256 === 'string');
  return { builds, releases: typeof list.releases === 'object' && list.releases ? list.releases : {}, ...(list.latestRelease ? { latestRelease: list.latestRelease } : {}) };
}
