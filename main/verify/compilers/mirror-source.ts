import { createHash } from 'node:crypto';
import type { CompilerFolder } from './compiler-folder.ts';
import { CompilerUnavailableError } from './compiler-errors.ts';
import { download, type DownloadProgress } from './download.ts';
import { parseSolcBinList } from './solc-bin-list.ts';

/** Where solc-bin's wasm builds live; any mirror with the same layout works. */
export const DEFAULT_SOLC_BIN_MIRROR = 'https://binaries.soliditylang.org/wasm/';

/**
 * Downloads one long version from a solc-bin mirror: finds it in the mirror's list.json, downloads
 * the file with progress and checks it against the list's sha256 before adding it to the folder.
 */
export async function fetchFromMirror(longVersion: string, folder: CompilerFolder, mirror: string, onProgress?: DownloadProgress): Promise<string> {
  const base = mirror.replace(/\/?$/, '/');
  const list = parseSolcBinList((await download(`${base}list.json`, { maxBytes: 16 * 1024 * 1024 })).toString('utf8'), `${base}list.json`);
  const build = list.builds.find((b) => b.longVersion === longVersion);
  if (!build) throw new CompilerUnavailableError(longVersion, `not listed by ${base}list.json`);
  if (build.path.includes('/') || build.path.includes('..')) throw new Error(`${base}list.json names an unsafe path "${build.path}"`);
  const soljson = await download(`${base}${build.path}`, onProgress ? { onProgress } : {});
  const actual = `0x${createHash('sha256').update(soljson).digest('hex')}`;
  if (actual !== build.sha256.toLowerCase().replace(/^(?!0x)/, '0x')) {
    throw new Error(`${build.path} from ${base}: sha256 ${actual} does not match list.json (${build.sha256})`);
  }
  const added = await folder.add(soljson);
  if (added !== longVersion) throw new Error(`${build.path} from ${base} reports ${added}, not ${longVersion}`);
  return added;
}
