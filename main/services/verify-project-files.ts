/**
 * Build tool outputs as the verification session understands them. lib-sourcify reads
 * metadata.json files, Hardhat build-info files and zips itself; two common outputs need help:
 *
 * - a Foundry artifact (`out/Name.sol/Name.json`) carries the contract's metadata as the string
 *   `rawMetadata` (byte for byte what solc wrote, so its hash matches): it becomes that metadata;
 * - Hardhat's per-contract artifacts and their `.dbg.json` files hold no metadata or sources:
 *   they are dropped (null) instead of showing up as unused files.
 *
 * `json` is the file's content parsed, for a `.json` file (the upload check has parsed it
 * already: a build-info file can be tens of MiB); any other file passes through untouched.
 */
export function projectFileToSession<T extends { path: string; content: Buffer }>(file: T, json?: unknown): T | { path: string; content: Buffer } | null {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return file;
  const artifact = json as Record<string, unknown>;
  if (artifact._format === 'hh-sol-artifact-1' || artifact._format === 'hh-sol-dbg-1') return null;
  if (typeof artifact.rawMetadata === 'string' && isMetadata(artifact.rawMetadata)) return { path: file.path, content: Buffer.from(artifact.rawMetadata, 'utf8') };
  return file;
}

function isMetadata(text: string): boolean {
  try {
    const metadata = JSON.parse(text) as { compiler?: unknown; sources?: unknown; settings?: unknown };
    return typeof metadata.compiler === 'object' && typeof metadata.sources === 'object' && typeof metadata.settings === 'object';
  } catch {
    return false;
  }
}
