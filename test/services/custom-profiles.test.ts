import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { validateCustomProfile, validateProfileName, validateUpstreamCheck } from '../../main/bridge/validate-profile-request.ts';
import { CustomProfiles, ProfileConflict } from '../../main/services/custom-profiles.ts';
import { profileDatabaseFile } from '../../main/services/network-profiles.ts';
import { resolveProfile } from '../../main/services/profile-switch.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-profiles-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('custom profile requests', () => {
  it('accepts a base URL (trailing slash dropped) and optional fields as null', () => {
    expect(validateCustomProfile({ name: 'solo', mirrorUrl: 'http://localhost:5551/', statusUrl: '', chainId: null })).toEqual({
      ok: true, value: { name: 'solo', mirrorUrl: 'http://localhost:5551', statusUrl: null, chainId: null },
    });
    expect(validateCustomProfile({ name: 'solo', mirrorUrl: 'https://m.example/api/', statusUrl: 'https://s.example', chainId: 298, previousName: 'old' }))
      .toMatchObject({ ok: true, value: { mirrorUrl: 'https://m.example/api', statusUrl: 'https://s.example', chainId: 298, previousName: 'old' } });
  });

  it('names every problem', () => {
    const checked = validateCustomProfile({ name: '../x', mirrorUrl: 'http://user:pw@host', statusUrl: 'javascript:alert(1)', chainId: 0, extra: 1 });
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.problems).toEqual([
      'unexpected field "extra"',
      '"name" must start with a letter and hold only a-z, 0-9 and "-" (at most 32 characters)',
      '"mirrorUrl" must not carry a user name or password',
      '"statusUrl" must use http or https, not javascript',
      '"chainId" must be a whole number from 1 to 4294967295, or null',
    ]);
    // Each URL field's own example of what to type: a status page is no mirror node's port.
    expect(validateCustomProfile({ name: 'x', mirrorUrl: 'localhost:5551', statusUrl: 'status.example.com:443', chainId: 1.5 })).toEqual({ ok: false, problems: [
      '"mirrorUrl" must start with http:// or https://, e.g. http://127.0.0.1:5551',
      '"statusUrl" must start with http:// or https://, e.g. https://status.hedera.com',
      '"chainId" must be a whole number from 1 to 4294967295, or null',
    ] });
    expect(validateCustomProfile(null).ok).toBe(false);
    expect(validateProfileName({ name: 'Solo' }).ok).toBe(false);
  });

  it('checks a URL to ask (network/profiles/check) by the same rules as one to save', () => {
    expect(validateUpstreamCheck({ mirrorUrl: 'http://localhost:5551/' })).toEqual({ ok: true, value: { mirrorUrl: 'http://localhost:5551' } });
    expect(validateUpstreamCheck({ mirrorUrl: 'file:///etc/passwd' })).toEqual({ ok: false, problems: ['"mirrorUrl" must use http or https, not file'] });
    expect(validateUpstreamCheck({ mirrorUrl: 'http://h/?q=1', name: 'x' })).toEqual({ ok: false, problems: ['unexpected field "name"', '"mirrorUrl" must be a base URL without "?" or "#"'] });
    expect(validateUpstreamCheck({ mirrorUrl: `http://h/${'a'.repeat(3000)}` }).ok).toBe(false);
    for (const request of [null, 'http://h', [], {}]) expect(validateUpstreamCheck(request).ok).toBe(false);
  });
});

describe('saved custom profiles', () => {
  it('adds, renames and removes, keeps the file whole, and keys each store by its mirror URL', () => {
    const saved = new CustomProfiles(dir);
    const first = saved.save({ name: 'solo', mirrorUrl: 'http://localhost:5551', statusUrl: null, chainId: 298 });
    expect(() => saved.save({ name: 'solo', mirrorUrl: 'http://other', statusUrl: null, chainId: null })).toThrow(ProfileConflict);
    expect(() => saved.save({ name: 'mainnet', mirrorUrl: 'http://other', statusUrl: null, chainId: null })).toThrow(/built-in/);
    const renamed = saved.save({ name: 'solo-2', mirrorUrl: 'http://localhost:5551', statusUrl: null, chainId: 298, previousName: 'solo' });
    expect(saved.list().map((p) => p.name)).toEqual(['solo-2']);
    expect(resolveProfile('solo-2', { dataDir: dir })).toMatchObject({ name: 'solo-2', source: 'upstream', chainId: 298, custom: true });
    expect(() => resolveProfile('solo', { dataDir: dir })).toThrow(/unknown network profile "solo" \(available: demo, mainnet, testnet, previewnet, solo-2\)/);
    expect(path.basename(profileDatabaseFile(first, dir))).toMatch(/^solo-[0-9a-f]{12}\.sqlite$/);
    expect(profileDatabaseFile(renamed, dir)).not.toBe(profileDatabaseFile({ ...renamed, mirrorUrl: 'http://elsewhere' }, dir));
    saved.delete('solo-2');
    expect(saved.list()).toEqual([]);
    expect(fs.readdirSync(dir)).toEqual(['profiles.json']);
  });
});

describe('one reader of the saved profiles for the run', () => {
  it('reads profiles.json once while nothing else changes it, its own writes included, and again once something does', () => {
    const folder = fs.mkdtempSync(path.join(dir, 'reads-'));
    const file = path.join(folder, 'profiles.json');
    const saved = new CustomProfiles(folder);
    saved.save({ name: 'solo', mirrorUrl: 'http://localhost:5551', statusUrl: null, chainId: null });
    const reads = vi.spyOn(fs, 'readFileSync');
    const readsOfFile = () => reads.mock.calls.filter(([read]) => read === file).length;
    try {
      expect(saved.list().map((p) => p.name)).toEqual(['solo']);
      saved.save({ name: 'solo-2', mirrorUrl: 'http://localhost:5552', statusUrl: null, chainId: null });
      expect(saved.find('solo-2')?.mirrorUrl).toBe('http://localhost:5552');
      expect(readsOfFile()).toBe(0);
      // A hand edit (another file renamed over it, as an editor saves) is read.
      fs.writeFileSync(`${file}.edit`, JSON.stringify({ profiles: [{ name: 'edited', mirrorUrl: 'http://h' }] }));
      fs.renameSync(`${file}.edit`, file);
      expect(saved.list().map((p) => p.name)).toEqual(['edited']);
      expect(saved.list().map((p) => p.name)).toEqual(['edited']);
      expect(readsOfFile()).toBe(1);
    } finally {
      reads.mockRestore();
    }
  });
});

describe('hand edits of profiles.json', () => {
  const SOLO = { name: 'solo', mirrorUrl: 'http://localhost:5551', statusUrl: null, chainId: null };

  function folderWith(): { folder: string; file: string } {
    const folder = fs.mkdtempSync(path.join(dir, 'edits-'));
    return { folder, file: path.join(folder, 'profiles.json') };
  }

  /** The file with its mirror URL's port changed, the same size, written into the same file (as nano saves). */
  function editInPlace(file: string): void {
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('localhost:5551', 'localhost:5552'));
  }

  /** Past the file system's clock tick (the kernel's is a few milliseconds), so that a change gets a time of its own. */
  const nextTick = () => new Promise((resolve) => setTimeout(resolve, 30));

  it('reads one written in place at the same size, as nano saves, its inode kept', async () => {
    const { folder, file } = folderWith();
    const saved = new CustomProfiles(folder);
    saved.save(SOLO);
    const inode = fs.statSync(file).ino;
    await nextTick();
    editInPlace(file);
    expect(fs.statSync(file).ino).toBe(inode);
    expect(saved.find('solo')?.mirrorUrl).toBe('http://localhost:5552');
  });

  it('reads one whose modification time was set back (cp -p, touch -d), by its change time', async () => {
    const { folder, file } = folderWith();
    fs.writeFileSync(file, JSON.stringify({ profiles: [SOLO] }));
    const then = new Date('2024-01-01T00:00:00Z');
    fs.utimesSync(file, then, then);
    const saved = new CustomProfiles(folder);
    expect(saved.find('solo')?.mirrorUrl).toBe('http://localhost:5551');
    await nextTick();
    editInPlace(file);
    fs.utimesSync(file, then, then);
    expect(saved.find('solo')?.mirrorUrl).toBe('http://localhost:5552');
  });

  it('reads one that lands while the app renames its own write into place, and does not overwrite it', () => {
    const { folder, file } = folderWith();
    const saved = new CustomProfiles(folder);
    const rename = fs.renameSync;
    let edit: (() => void) | null = null;
    const renames = vi.spyOn(fs, 'renameSync').mockImplementation((from, to) => {
      rename(from, to);
      if (to !== file) return;
      const landing = edit;
      edit = null;
      landing?.();
    });
    try {
      // An editor's save: its own file renamed over the app's, just after the app's rename.
      edit = () => {
        fs.writeFileSync(`${file}.edit`, JSON.stringify({ profiles: [{ name: 'edited', mirrorUrl: 'http://h' }] }));
        rename(`${file}.edit`, file);
      };
      saved.save(SOLO);
      expect(saved.list().map((p) => p.name)).toEqual(['edited']);
      saved.save({ ...SOLO, name: 'added' });
      expect(saved.list().map((p) => p.name)).toEqual(['edited', 'added']);
      // Written into the app's own file (its inode) just after its rename, as nano saves.
      edit = () => fs.writeFileSync(file, JSON.stringify({ profiles: [{ name: 'nano', mirrorUrl: 'http://h' }] }));
      saved.save({ ...SOLO, name: 'third' });
    } finally {
      renames.mockRestore();
    }
    expect(saved.list().map((p) => p.name)).toEqual(['nano']);
  });
});

describe('a URL typed without its scheme', () => {
  it('is answered with what to type, whether a parser reads it as no URL or as a scheme of its own', () => {
    const expected = ['"mirrorUrl" must start with http:// or https://, e.g. http://127.0.0.1:5551'];
    for (const mirrorUrl of ['127.0.0.1:48921', 'localhost:48921', 'localhost:48921/', 'mirror.example.com']) {
      expect(validateUpstreamCheck({ mirrorUrl })).toEqual({ ok: false, problems: expected });
    }
    expect(validateCustomProfile({ name: 'solo', mirrorUrl: 'localhost:5551', statusUrl: null, chainId: null })).toEqual({ ok: false, problems: expected });
    // A scheme that is one stays named as such.
    expect(validateUpstreamCheck({ mirrorUrl: 'ftp://nowhere' })).toEqual({ ok: false, problems: ['"mirrorUrl" must use http or https, not ftp'] });
  });
});
