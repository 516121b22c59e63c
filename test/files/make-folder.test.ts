import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { folderProblem } from '../../main/files/folder-problem.ts';
import { makeFolder } from '../../main/files/make-folder.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-make-folder-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

/** What makeFolder throws for `dir`: the code and the level it names. */
function refusal(dir: string): { code?: string; path?: string } {
  try {
    makeFolder(dir);
  } catch (error) {
    const { code, path: level } = error as NodeJS.ErrnoException;
    return { ...(code ? { code } : {}), ...(level ? { path: level } : {}) };
  }
  throw new Error(`makeFolder(${dir}) did not throw`);
}

describe('makeFolder', () => {
  it('creates the folder and the missing ones above it, and leaves an existing one as it is', () => {
    const dir = path.join(root, 'a', 'b', 'c');
    makeFolder(dir);
    expect(fs.statSync(dir).isDirectory()).toBe(true);
    fs.writeFileSync(path.join(dir, 'kept'), 'x');
    makeFolder(dir);
    expect(fs.readFileSync(path.join(dir, 'kept'), 'utf8')).toBe('x');
  });

  it('refuses a file, a file on the way and a link to nowhere with the system\'s code for the level', () => {
    const file = path.join(root, 'file');
    fs.writeFileSync(file, '');
    expect(refusal(file)).toEqual({ code: 'EEXIST', path: file });
    expect(refusal(path.join(file, 'sub', 'dir'))).toEqual({ code: 'ENOTDIR', path: path.join(file, 'sub') });
    const link = path.join(root, 'link');
    fs.symlinkSync(path.join(root, 'nowhere'), link);
    expect(refusal(path.join(link, 'sub'))).toEqual({ code: 'EEXIST', path: link });
  });

  it('takes a folder another process made between its look and its mkdir (two starts at once) as made', () => {
    const dir = path.join(root, 'raced', 'data');
    const { existsSync, mkdirSync } = fs;
    // Both levels are missing when looked at; another process has made them by the time of the mkdir.
    vi.spyOn(fs, 'existsSync').mockImplementation((at) => {
      if (at === dir || at === path.dirname(dir)) {
        if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
        return false;
      }
      return existsSync(at);
    });
    const mkdir = vi.spyOn(fs, 'mkdirSync');
    expect(() => makeFolder(dir)).not.toThrow();
    expect(mkdir.mock.calls.map(([at]) => at)).toEqual([path.dirname(dir), dir]);
    expect(fs.statSync(dir).isDirectory()).toBe(true);
  });
});

describe('folderProblem', () => {
  const problem = (dir: string): string => {
    try {
      makeFolder(dir);
    } catch (error) {
      return folderProblem('the data folder', dir, error);
    }
    throw new Error(`makeFolder(${dir}) did not throw`);
  };

  it('says where a link that is or is on the folder points, when that is nowhere', () => {
    const link = path.join(root, 'dangling');
    fs.symlinkSync(path.join(root, 'gone'), link);
    expect(problem(link)).toBe(`the data folder ${link} is a link to ${path.join(root, 'gone')}, which does not exist`);
    expect(problem(path.join(link, 'sub'))).toBe(`the data folder ${path.join(link, 'sub')} cannot be created: ${link} is a link to ${path.join(root, 'gone')}, which does not exist`);
  });

  it('says a folder that exists takes no new folders when the system answers "missing" for one made in it', () => {
    const parent = path.join(root, 'procfs-like');
    fs.mkdirSync(parent);
    const enoent = Object.assign(new Error('ENOENT'), { code: 'ENOENT', path: path.join(parent, 'x') });
    expect(folderProblem('the compilers folder', path.join(parent, 'x', 'y'), enoent)).toBe(`cannot create the compilers folder ${path.join(parent, 'x', 'y')} (${parent} does not take new folders)`);
  });

  it('says a file on the way is a file where the system answers "missing" for a folder below it (Windows)', () => {
    const file = path.join(root, 'windows-file');
    fs.writeFileSync(file, '');
    const dir = path.join(file, 'sub', 'dir');
    const enoent = Object.assign(new Error('ENOENT'), { code: 'ENOENT', path: path.join(file, 'sub') });
    expect(folderProblem('the data folder', dir, enoent)).toBe(`the data folder ${dir} cannot be created: ${file} is a file, not a folder`);
  });
});
