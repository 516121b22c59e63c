import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CompilerFolder } from '../../../main/verify/compilers/compiler-folder.ts';
import { fetchFromMirror } from '../../../main/verify/compilers/mirror-source.ts';
import { checkIntegrity, fetchFromNpm } from '../../../main/verify/compilers/npm-source.ts';
import { extractFromTgz } from '../../../main/verify/compilers/tar-extract.ts';
import { BUNDLED_SOLJSON, tempDir } from '../verify-fixture.ts';
import { serveStatic } from './static-server.ts';

/** An npm-style tarball (package/soljson.js), made by the system tar like `npm pack` would. */
function solcTarball(soljson: Buffer): Buffer {
  const dir = tempDir();
  fs.mkdirSync(path.join(dir, 'package'));
  fs.writeFileSync(path.join(dir, 'package/soljson.js'), soljson);
  fs.writeFileSync(path.join(dir, 'package/package.json'), '{"name":"solc"}');
  execFileSync('tar', ['czf', path.join(dir, 'solc.tgz'), '-C', dir, 'package']);
  return fs.readFileSync(path.join(dir, 'solc.tgz'));
}

const integrity = (data: Buffer) => `sha512-${createHash('sha512').update(data).digest('base64')}`;

describe('getting compilers', () => {
  const servers: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  it('reads one file out of an npm tarball', () => {
    const tgz = solcTarball(Buffer.from('hello'));
    expect(extractFromTgz(tgz, 'package/soljson.js')?.toString()).toBe('hello');
    expect(extractFromTgz(tgz, 'package/missing.js')).toBeNull();
  });

  it('checks a tarball against the registry integrity value', () => {
    const data = Buffer.from('tarball');
    expect(() => checkIntegrity(data, integrity(data), 'solc@1')).not.toThrow();
    expect(() => checkIntegrity(data, integrity(Buffer.from('other')), 'solc@1')).toThrow('solc@1: integrity check failed');
    expect(() => checkIntegrity(data, 'md5-xyz', 'solc@1')).toThrow('no usable integrity value');
  });

  it('fetches from an npm registry, trying the -fixed package when the plain one ships another version', async () => {
    const soljson = fs.readFileSync(BUNDLED_SOLJSON);
    const tgz = solcTarball(soljson);
    const routes = new Map<string, Buffer | string>();
    const registry = await serveStatic(routes);
    servers.push(registry);
    // solc@0.8.4 on this registry ships 0.8.37 (like the real solc@0.8.7 ships 0.7.5): it is kept
    // under its real name and 0.8.4 stays unavailable.
    routes.set('/solc/0.8.4', JSON.stringify({ dist: { tarball: `${registry.url}/t/a.tgz`, integrity: integrity(tgz) } }));
    routes.set('/t/a.tgz', tgz);
    const folder = new CompilerFolder(tempDir());
    await expect(fetchFromNpm('0.8.4', folder, { registry: registry.url })).rejects.toThrow(/^no npm package provides 0\.8\.4 \(solc@0\.8\.4 contains 0\.8\.37\+commit\.[0-9a-f]{8}\)$/);
    expect(registry.requests).toContain('/solc/0.8.4-fixed');
    expect(folder.versions()).toEqual([expect.stringMatching(/^0\.8\.37\+/)]);

    routes.set('/solc/0.8.37-fixed', JSON.stringify({ dist: { tarball: `${registry.url}/t/a.tgz`, integrity: integrity(tgz) } }));
    expect(await fetchFromNpm('0.8.37', new CompilerFolder(tempDir()), { registry: registry.url })).toMatch(/^0\.8\.37\+/);
  });

  it('refuses a tarball whose integrity does not match and nightlies outright', async () => {
    const tgz = solcTarball(Buffer.from('x'));
    const routes = new Map<string, Buffer | string>();
    const registry = await serveStatic(routes);
    servers.push(registry);
    routes.set('/solc/0.8.5', JSON.stringify({ dist: { tarball: `${registry.url}/t/b.tgz`, integrity: integrity(Buffer.from('not it')) } }));
    routes.set('/t/b.tgz', tgz);
    const folder = new CompilerFolder(tempDir());
    await expect(fetchFromNpm('0.8.5', folder, { registry: registry.url })).rejects.toThrow('solc@0.8.5: integrity check failed');
    await expect(fetchFromNpm('0.8.22-nightly.2023.10.22+commit.b187d065', folder, { registry: registry.url })).rejects.toThrow('no npm package provides');
  });

  it('downloads from a solc-bin mirror with the sha256 of its list.json', async () => {
    const source = new CompilerFolder(tempDir());
    const version = await source.add(fs.readFileSync(BUNDLED_SOLJSON));
    const routes = new Map<string, Buffer | string>([
      ['/wasm/list.json', fs.readFileSync(path.join(source.dir, 'list.json'))],
      [`/wasm/soljson-v${version}.js`, fs.readFileSync(path.join(source.dir, `soljson-v${version}.js`))],
    ]);
    const mirror = await serveStatic(routes);
    servers.push(mirror);
    const progress: number[] = [];
    const target = new CompilerFolder(tempDir());
    expect(await fetchFromMirror(version, target, `${mirror.url}/wasm/`, (received) => progress.push(received))).toBe(version);
    expect(progress.at(-1)).toBe(fs.statSync(BUNDLED_SOLJSON).size);
    await expect(fetchFromMirror('0.8.1+commit.df193b15', target, `${mirror.url}/wasm`)).rejects.toThrow('compiler not available: 0.8.1+commit.df193b15 (not listed by');

    routes.set(`/wasm/soljson-v${version}.js`, Buffer.from('tampered'));
    await expect(fetchFromMirror(version, new CompilerFolder(tempDir()), `${mirror.url}/wasm`)).rejects.toThrow(/sha256 0x[0-9a-f]+ does not match list\.json/);
  });
});
