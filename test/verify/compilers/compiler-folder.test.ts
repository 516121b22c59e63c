import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CompilerFolder } from '../../../main/verify/compilers/compiler-folder.ts';
import { CompilerStore } from '../../../main/verify/compilers/compiler-store.ts';
import { PROBE_TIMEOUT_MS, SoljsonProbeError } from '../../../main/verify/compilers/probe-soljson.ts';
import { requireCompiler } from '../../../main/verify/engine/require-compiler.ts';
import { BUNDLED_SOLJSON, tempDir } from '../verify-fixture.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

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

  it('loads files side by side: one that never loads holds up no other, and is stopped at the time-out', async () => {
    // The probe's time-out runs on a clock the test moves: it ends the stuck load when the test says so.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const folder = new CompilerFolder(tempDir());
    // Blocks its loader for good: nothing but the time-out ends it.
    const stuck = folder.add(Buffer.from('Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);'));
    let stuckSettled = false;
    const stuckError = stuck.then(() => null, (error: unknown) => error).finally(() => { stuckSettled = true; });
    await expect(folder.add(Buffer.from('not javascript at all: ]['))).rejects.toThrow(SoljsonProbeError);
    expect(stuckSettled).toBe(false);
    await vi.advanceTimersByTimeAsync(PROBE_TIMEOUT_MS);
    const error = await stuckError;
    expect(error).toBeInstanceOf(SoljsonProbeError);
    expect((error as SoljsonProbeError).reason).toBe(`it did not load within ${PROBE_TIMEOUT_MS / 1000} s`);
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

  it('answers at once for a version the folder has, while the bundled compiler is still being added', async () => {
    const store = new CompilerStore({ dir: tempDir(), mirrorUrl: null });
    const present = '0.8.1+commit.df193b15';
    fs.writeFileSync(path.join(store.folder.dir, `soljson-v${present}.js`), '');
    // A bundled addition that never ends: whatever waits for it never answers.
    vi.spyOn(store.folder, 'add').mockReturnValue(new Promise<string>(() => undefined));
    void store.addBundled();
    const waited = new Promise((resolve) => setImmediate(resolve, 'waited'));
    expect(await Promise.race([store.installed(present), waited])).toBe(true);
    // One the folder lacks may be the bundled one on its way: that waits.
    expect(await Promise.race([store.installed('0.8.2+commit.661d1103'), waited])).toBe('waited');
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
