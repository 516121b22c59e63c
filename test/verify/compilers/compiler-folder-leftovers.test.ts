import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CompilerFolder } from '../../../main/verify/compilers/compiler-folder.ts';
import { STALE_TEMP_AGE_MS } from '../../../main/verify/compilers/stale-temp-files.ts';
import { fillDiskFor } from '../../helpers/full-disk.ts';
import { BUNDLED_SOLJSON, tempDir } from '../verify-fixture.ts';

// Adding a compiler on a full disk, and what an add cut short leaves in the folder: nothing that
// stays, neither a hidden megabyte-sized `.incoming-*.js` nor a `list.json.*.tmp`.

describe('a compiler added on a full disk', () => {
  let restore: (() => void) | null = null;
  afterEach(() => {
    restore?.();
    restore = null;
  });

  it('fails with the disk error and leaves no part of the soljson behind', async () => {
    const folder = new CompilerFolder(tempDir());
    restore = fillDiskFor((file) => path.basename(file).startsWith('.incoming-')).mockRestore;
    await expect(folder.add(fs.readFileSync(BUNDLED_SOLJSON))).rejects.toThrow(/ENOSPC/);
    expect(fs.readdirSync(folder.dir)).toEqual([]);
  });

  it('when list.json cannot be written: no temp file, no compiler the list does not name; once there is room it adds', async () => {
    const folder = new CompilerFolder(tempDir());
    const soljson = fs.readFileSync(BUNDLED_SOLJSON);
    restore = fillDiskFor((file) => path.basename(file).startsWith('list.json.')).mockRestore;
    await expect(folder.add(soljson)).rejects.toThrow(/ENOSPC/);
    expect(fs.readdirSync(folder.dir)).toEqual([]);
    expect(folder.versions()).toEqual([]);

    restore();
    restore = null;
    const version = await folder.add(soljson);
    expect(fs.readdirSync(folder.dir).sort()).toEqual(['list.json', `soljson-v${version}.js`]);
    expect(folder.list().builds.map((build) => build.longVersion)).toEqual([version]);
  });

  it('names the folder in a disk error, not the temporary file the soljson was written to', async () => {
    const folder = new CompilerFolder(tempDir());
    restore = vi.spyOn(fs, 'writeFileSync').mockImplementation((file) => {
      throw Object.assign(new Error(`EACCES: permission denied, open '${String(file)}'`), { code: 'EACCES' });
    }).mockRestore;
    await expect(folder.add(Buffer.from('module.exports = {};'))).rejects.toThrow(`EACCES: permission denied, open '${folder.dir}'`);
  });
});

describe('opening a compilers folder', () => {
  it('sweeps the temp files an earlier add left, once they are minutes old, and nothing else', () => {
    const dir = tempDir();
    const old = new Date(Date.now() - STALE_TEMP_AGE_MS - 60_000);
    const leftovers = ['.incoming-0a1b2c3d4e5f.js', 'list.json.0a1b2c3d4e5f.tmp'];
    // Another process may be adding right now: its fresh temp files are its own.
    const inUse = ['.incoming-ffffffffffff.js', 'list.json.ffffffffffff.tmp'];
    const kept = ['list.json', 'soljson-v0.8.37+commit.a7e1b7c6.js', 'notes.txt', '.incoming-notes.txt'];
    for (const name of [...leftovers, ...inUse, ...kept]) fs.writeFileSync(path.join(dir, name), 'x');
    for (const name of [...leftovers, ...kept]) fs.utimesSync(path.join(dir, name), old, old);

    new CompilerFolder(dir);
    expect(fs.readdirSync(dir).sort()).toEqual([...inUse, ...kept].sort());
  });

  it('opens a folder that does not exist yet', () => {
    const dir = path.join(tempDir(), 'not-yet');
    expect(new CompilerFolder(dir).versions()).toEqual([]);
    expect(fs.existsSync(dir)).toBe(false);
  });
});
