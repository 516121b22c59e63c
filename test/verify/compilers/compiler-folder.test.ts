import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CompilerFolder } from '../../../main/verify/compilers/compiler-folder.ts';
import { CompilerStore } from '../../../main/verify/compilers/compiler-store.ts';
import { SoljsonProbeError } from '../../../main/verify/compilers/probe-soljson.ts';
import { requireCompiler } from '../../../main/verify/engine/require-compiler.ts';
import { BUNDLED_SOLJSON, tempDir } from '../verify-fixture.ts';

describe('compilers folder (solc-bin layout)', () => {
  it('names an added soljson by the version the compiler reports and records it in list.json', async () => {
    const folder = new CompilerFolder(tempDir());
    const soljson = fs.readFileSync(BUNDLED_SOLJSON);
    const version = await folder.add(soljson);
    expect(version).toMatch(/^0\.8\.37\+commit\.[0-9a-f]{8}$/);
    expect(fs.existsSync(path.join(folder.dir, `soljson-v${version}.js`))).toBe(true);
    const list = folder.list();
    expect(list.releases['0.8.37']).toBe(`soljson-v${version}.js`);
    expect(list.latestRelease).toBe('0.8.37');
    expect(list.builds[0]).toMatchObject({ longVersion: version, version: '0.8.37', sha256: `0x${createHash('sha256').update(soljson).digest('hex')}` });
    expect(folder.versions()).toEqual([version]);
  });

  it('refuses a file that is not a compiler and leaves nothing behind', async () => {
    const folder = new CompilerFolder(tempDir());
    await expect(folder.add(Buffer.from('module.exports = {};'))).rejects.toThrow(/not a usable soljson compiler/);
    expect(fs.readdirSync(folder.dir)).toEqual([]);
  });

  it('loads files side by side: one that takes long to fail does not hold up another', async () => {
    const folder = new CompilerFolder(tempDir());
    // Busy for a while, then not a compiler: no time-out involved, so the test ends on its own.
    const slow = folder.add(Buffer.from('const end = Date.now() + 3000; while (Date.now() < end) {} module.exports = {};'));
    let slowSettled = false;
    const slowDone = slow.then(() => undefined, (error: unknown) => error).finally(() => { slowSettled = true; });
    await expect(folder.add(Buffer.from('not javascript at all: ]['))).rejects.toThrow(SoljsonProbeError);
    expect(slowSettled).toBe(false);
    expect(await slowDone).toBeInstanceOf(SoljsonProbeError);
    expect(fs.readdirSync(folder.dir)).toEqual([]);
  });

  it('reports a version it does not have as "compiler not available: <version>"', () => {
    const store = new CompilerStore({ dir: tempDir(), mirrorUrl: null });
    expect(() => store.soljsonPath('0.8.1+commit.df193b15')).toThrow(/^compiler not available: 0\.8\.1\+commit\.df193b15 \(/);
    expect(store.has('0.8.1+commit.df193b15')).toBe(false);
  });

  it('puts the compiler shipped with the app into the folder once', async () => {
    const store = new CompilerStore({ dir: tempDir(), mirrorUrl: null });
    const version = await store.addBundled();
    expect(version).toMatch(/^0\.8\.37\+/);
    expect(store.list()).toEqual([{ longVersion: version, source: 'bundled' }]);
    expect(await store.addBundled()).toBe(version);
  });

  it('says whether a version is installed only once the bundled compiler is in the folder (a verification asked at a first start waits for it)', async () => {
    const version = (await new CompilerStore({ dir: tempDir(), mirrorUrl: null }).addBundled())!;
    const fresh = new CompilerStore({ dir: tempDir(), mirrorUrl: null });
    const adding = fresh.addBundled();
    // Not in the folder yet, but on its way: `installed` waits rather than answering no.
    expect(fresh.has(version)).toBe(false);
    await expect(requireCompiler(fresh, version)).resolves.toBe(version);
    expect(await adding).toBe(version);
  });
});
