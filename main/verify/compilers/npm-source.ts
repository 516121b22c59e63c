import { createHash } from 'node:crypto';
import type { CompilerFolder } from './compiler-folder.ts';
import { download, fetchJson, type DownloadProgress } from './download.ts';
import { releaseOf } from './solc-version.ts';
import { extractFromTgz } from './tar-extract.ts';

export const DEFAULT_NPM_REGISTRY = 'https://registry.npmjs.org/';

export interface NpmFetchOptions {
  registry?: string;
  onProgress?: DownloadProgress;
  log?: (line: string) => void;
}

/**
 * Gets the soljson of a release (`0.8.4`, or a long version) from the npm registry's `solc`
 * packages into the folder. Each `solc@X.Y.Z` tarball ships a soljson.js; a few ship the wrong
 * one (solc@0.8.7 contains 0.7.5, fixed by 0.8.7-fixed), so the candidates are tried in turn and
 * every file is stored under the version it reports. The tarball is checked against the registry's
 * `dist.integrity` before anything is loaded. Returns the long version that matches the request.
 */
export async function fetchFromNpm(requested: string, folder: CompilerFolder, options: NpmFetchOptions = {}): Promise<string> {
  const wantLong = requested.includes('+') ? requested.replace(/^v/, '') : null;
  const release = wantLong ? releaseOf(wantLong) : requested.replace(/^v/, '');
  if (!release || !/^\d+\.\d+\.\d+$/.test(release)) {
    throw new Error(`no npm package provides ${requested}: the npm registry has releases only (no nightly builds)`);
  }
  const registry = (options.registry ?? process.env.npm_config_registry ?? DEFAULT_NPM_REGISTRY).replace(/\/?$/, '/');
  const found: string[] = [];
  for (const candidate of [release, `${release}-fixed`]) {
    const existing = wantLong ? folder.pathFor(wantLong) : null;
    if (existing) return wantLong!;
    const manifest = await fetchJson(`${registry}solc/${candidate}`);
    if (manifest.status === 404) continue;
    if (manifest.status !== 200) throw new Error(`npm registry answered HTTP ${manifest.status} for solc@${candidate}`);
    const dist = (manifest.body as { dist?: { tarball?: string; integrity?: string } }).dist;
    if (!dist?.tarball || !dist.integrity) throw new Error(`npm registry gave no tarball or integrity for solc@${candidate}`);
    options.log?.(`solc@${candidate}: downloading ${dist.tarball}`);
    const tarball = await download(dist.tarball, options.onProgress ? { onProgress: options.onProgress } : {});
    checkIntegrity(tarball, dist.integrity, `solc@${candidate}`);
    const soljson = extractFromTgz(tarball, 'package/soljson.js');
    if (!soljson) throw new Error(`solc@${candidate} has no soljson.js`);
    const longVersion = await folder.add(soljson);
    found.push(`solc@${candidate} contains ${longVersion}`);
    options.log?.(`solc@${candidate}: added ${longVersion}`);
    if (wantLong ? longVersion === wantLong : releaseOf(longVersion) === release) return longVersion;
  }
  throw new Error(`no npm package provides ${requested}${found.length ? ` (${found.join('; ')})` : ''}`);
}

/** Subresource-integrity check (`sha512-<base64>`, as npm's dist.integrity gives it). */
export function checkIntegrity(data: Buffer, integrity: string, what: string): void {
  const accepted = integrity.split(/\s+/).filter(Boolean);
  for (const entry of accepted) {
    const [algorithm, expected] = [entry.slice(0, entry.indexOf('-')), entry.slice(entry.indexOf('-') + 1)];
    if (!['sha512', 'sha384', 'sha256'].includes(algorithm)) continue;
    if (createHash(algorithm).update(data).digest('base64') === expected) return;
    throw new Error(`${what}: integrity check failed (${algorithm} does not match the registry's)`);
  }
  throw new Error(`${what}: no usable integrity value (${integrity})`);
}
