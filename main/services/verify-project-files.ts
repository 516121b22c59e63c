/**
 * Build tool outputs as the verification session understands them. lib-sourcify reads
 * metadata.json files, Hardhat build-info files and zips itself; two common outputs need help:
 *
 * - a Foundry artifact (`out/Name.sol/Name.json`) carries the contract's metadata as the string
 *   `rawMetadata` (byte for byte what solc wrote, so its hash matches): it becomes that metadata
 *   (one with the parsed `metadata` object alone is refused, saying why: unusableBuildOutput);
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

/**
 * Why a build output cannot be verified from, when it looks like one that could: a Foundry artifact
 * with its metadata only as the parsed `metadata` object, no `rawMetadata`. That object is not
 * turned back into a metadata file: the bytecode ends with the hash of the exact JSON solc wrote,
 * and Foundry's object (its own field order, its own choice of fields) does not give those bytes
 * back, so a rebuilt file would be a different metadata, its match partial at best and its
 * sources checked against a guess. Saying so, with what to add instead, beats listing the file
 * among the unused ones without a word. null for anything else.
 */
export function unusableBuildOutput(json: unknown): string | null {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
  const artifact = json as Record<string, unknown>;
  if (typeof artifact.rawMetadata === 'string' || !('abi' in artifact) || !looksLikeMetadata(artifact.metadata)) return null;
  return 'it is a Foundry artifact with a metadata object but no rawMetadata, the exact metadata solc wrote (its hash is in the bytecode): '
    + 'build with `forge build --extra-output-files metadata` and add the Name.metadata.json it writes next to the artifact';
}

function isMetadata(text: string): boolean {
  try {
    return looksLikeMetadata(JSON.parse(text));
  } catch {
    return false;
  }
}

function looksLikeMetadata(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const metadata = value as { compiler?: unknown; sources?: unknown; settings?: unknown };
  return typeof metadata.compiler === 'object' && typeof metadata.sources === 'object' && typeof metadata.settings === 'object';
}
