import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { writeJsonFile } from '../../main/files/write-json-file.ts';
import { fillDiskFor } from '../helpers/full-disk.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-write-json-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('writeJsonFile', () => {
  let restore: (() => void) | null = null;
  afterEach(() => {
    restore?.();
    restore = null;
  });

  it('writes the whole file, leaving no temp file', () => {
    const folder = fs.mkdtempSync(path.join(dir, 'ok-'));
    writeJsonFile(path.join(folder, 'list.json'), { a: 1 });
    expect(fs.readdirSync(folder)).toEqual(['list.json']);
    expect(JSON.parse(fs.readFileSync(path.join(folder, 'list.json'), 'utf8'))).toEqual({ a: 1 });
  });

  it('on a full disk throws, keeps the old file and takes its half-written temp file away', () => {
    const folder = fs.mkdtempSync(path.join(dir, 'full-'));
    const file = path.join(folder, 'list.json');
    writeJsonFile(file, { old: true });
    restore = fillDiskFor((target) => target.endsWith('.tmp')).mockRestore;
    expect(() => writeJsonFile(file, { new: true, padding: 'x'.repeat(1000) })).toThrow(/ENOSPC/);
    expect(fs.readdirSync(folder)).toEqual(['list.json']);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ old: true });
  });

  it('takes its temp file away when it cannot be renamed into place (a folder of that name in the way)', () => {
    const folder = fs.mkdtempSync(path.join(dir, 'blocked-'));
    const file = path.join(folder, 'list.json');
    fs.mkdirSync(file);
    fs.writeFileSync(path.join(file, 'inside'), '');
    expect(() => writeJsonFile(file, { a: 1 })).toThrow();
    expect(fs.readdirSync(folder)).toEqual(['list.json']);
  });
});
