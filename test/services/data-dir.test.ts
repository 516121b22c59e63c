import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { prepareDataDir } from '../../main/services/data-dir.ts';

// The data folder is checked before any store opens in it, so a bad one is named with its cause.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-data-dir-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

/**
 * `folder` as on a read-only disk, as Node's mkdir finds it: a folder made in it is refused with
 * EROFS, but a recursive mkdir below it reports the level it could not make as missing (ENOENT).
 */
function readOnly(folder: string): void {
  const mkdir = fs.mkdirSync.bind(fs);
  vi.spyOn(fs, 'mkdirSync').mockImplementation(((at: string, options?: fs.MakeDirectoryOptions) => {
    if (!at.startsWith(`${folder}${path.sep}`)) return mkdir(at, options);
    const recursive = typeof options === 'object' && options?.recursive === true;
    throw Object.assign(new Error(`${recursive ? 'ENOENT: no such file or directory' : 'EROFS: read-only file system'}, mkdir '${at}'`), {
      code: recursive ? 'ENOENT' : 'EROFS', syscall: 'mkdir', path: at,
    });
  }) as typeof fs.mkdirSync);
}

describe('prepareDataDir', () => {
  it('creates a missing folder, parents included', () => {
    const dir = path.join(root, 'new', 'profiles');
    prepareDataDir(dir);
    expect(fs.statSync(dir).isDirectory()).toBe(true);
    prepareDataDir(dir);
  });

  it('says the folder is a file', () => {
    const file = path.join(root, 'a-file');
    fs.writeFileSync(file, '');
    expect(() => prepareDataDir(file)).toThrow(`the data folder ${file} is a file, not a folder; choose another with --data-dir DIR`);
  });

  it('says the folder is a link that points nowhere, not that it cannot be created (EEXIST)', () => {
    const link = path.join(root, 'dangling');
    fs.symlinkSync(path.join(root, 'gone'), link);
    expect(() => prepareDataDir(link)).toThrow(new Error(`the data folder ${link} is a link to ${path.join(root, 'gone')}, which does not exist; choose another with --data-dir DIR`));
  });

  it('names the file on the way when the folder cannot be created below it', () => {
    const file = path.join(root, 'in-the-way');
    fs.writeFileSync(file, '');
    const dir = path.join(file, 'sub', 'profiles');
    expect(() => prepareDataDir(dir)).toThrow(`the data folder ${dir} cannot be created: ${file} is a file, not a folder; choose another with --data-dir DIR`);
  });

  it('says why a folder below a read-only one cannot be created, not that something is missing', () => {
    const disk = path.join(root, 'read-only');
    fs.mkdirSync(disk);
    readOnly(disk);
    const dir = path.join(disk, 'nonexist', 'sub');
    expect(() => prepareDataDir(dir)).toThrow(`cannot create the data folder ${dir} (read-only file system); choose another with --data-dir DIR`);
  });
});
