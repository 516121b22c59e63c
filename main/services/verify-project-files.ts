/**
 * Build tool outputs as the verification session understands them. lib-sourcify reads
 * metadata.json files, Hardhat build-info files and zips itself; two common outputs need help:
 *
 * - a Foundry artifact (`out/Name.sol/Name.json`) carries the contract's metadata as the string
 *   `rawMetadata` (byte for byte what solc wrote, so its hash matches): it becomes that metadata;
 * - Hardhat's per-contract artifacts and their `.dbg.json` files hold no metadata or sources:
 *   they are dropped instead of showing up as unused files.
 */
export function projectFilesToSession(files: Array<{ path: string; content: Buffer }>): Array<{ path: string; content: Buffer }> {
  const out: Array<{ path: string; content: Buffer }> = [];
  for (const file of files) {
    if (!file.path.toLowerCase().endsWith('.json')) {
      out.push(file);
      continue;
    }
    const json = parseObject(file.content);
    if (json === null) {
      out.push(file);
      continue;
    }
    if (json._format === 'hh-sol-artifact-1' || json._format === 'hh-sol-dbg-1') continue;
    if (typeof json.rawMetadata === 'string' && isMetadata(json.rawMetadata)) {
      out.push({ path: file.path, content: Buffer.from(json.rawMetadata, 'utf8') });
      continue;
    }
    out.push(file);
  }
  return out;
}

function parseObject(content: Buffer): Record<string, unknown> | null {
  // Only small-ish JSON is an artifact worth looking into; build-info files pass through untouched.
  if (content.length > 32 * 1024 * 1024 || content[0] !== 0x7b /* { */) return null;
  try {
    const value = JSON.parse(content.toString('utf8')) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value as Record<string, unknown> : null;
  } catch {
    return null;
  }
}

function isMetadata(text: string): boolean {
  try {
    const metadata = JSON.parse(text) as { compiler?: unknown; sources?: unknown; settings?: unknown };
    return typeof metadata.compiler === 'object' && typeof metadata.sources === 'object' && typeof metadata.settings === 'object';
  } catch {
    return false;
  }
}
