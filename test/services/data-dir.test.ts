import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareDataDir } from '../../main/services/data-dir.ts';

// The data folder is checked before any store opens in it, so a bad one is named with its cause.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-data-dir-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

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

  it('names the file on the way when the folder cannot be created below it', () => {
    const file = path.join(root, 'in-the-way');
    fs.writeFileSync(file, '');
    const dir = path.join(file, 'sub', 'profiles');
    expect(() => prepareDataDir(dir)).toThrow(`the data folder ${dir} cannot be created: ${file} is a file, not a folder; choose another with --data-dir DIR`);
  });
});
