import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LedgerStore } from '../../../main/mirror/store/ledger-store.ts';
import { damagedMarkerFile, markStoreDamaged, openOrSetAside } from '../../../main/mirror/store/open-or-set-aside.ts';
import { StatusStore } from '../../../main/status/store/status-store.ts';
import { openVerifyDb } from '../../../main/verify/store/verify-db.ts';

let dir: string;
let file: string;
const logged: string[] = [];
const log = (line: string): void => void logged.push(line);
const NOW = new Date('2026-11-26T01:02:03.456Z');
const ASIDE = () => `${file}.unreadable-2026-11-26T01-02-03-456Z`;
const openLedger = (at: string): LedgerStore => new LedgerStore({ file: at });

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-set-aside-'));
  file = path.join(dir, 'demo.sqlite');
  logged.length = 0;
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('openOrSetAside', () => {
  it('moves a file that is no database aside, keeps its bytes, and opens a new store', () => {
    const garbage = Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 37) % 256));
    fs.writeFileSync(file, garbage);
    const opened = openOrSetAside(file, openLedger, log, NOW);
    try {
      expect(opened.setAside).toBe(ASIDE());
      expect(opened.reason).toBe('file is not a database');
      expect(fs.readFileSync(ASIDE())).toEqual(garbage);
      expect(opened.store.schemaVersion).toBeGreaterThan(0);
      opened.store.setMeta('written', 'yes');
      expect(logged).toEqual([`${file} could not be read as a database (file is not a database); moved to ${ASIDE()}, starting a new one`]);
    } finally {
      opened.store.close();
    }
  });

  it('moves the WAL companions SQLite left beside the file with it, so they stay a pair', () => {
    fs.writeFileSync(file, 'db');
    fs.writeFileSync(`${file}-wal`, 'wal');
    fs.writeFileSync(`${file}-shm`, 'shm');
    // SQLite removes a WAL it can make nothing of when its handle closes; a damaged database's may stay.
    let attempts = 0;
    const open = (at: string): LedgerStore => {
      if (attempts++ === 0) throw Object.assign(new Error('database disk image is malformed'), { code: 'SQLITE_CORRUPT' });
      return openLedger(at);
    };
    const opened = openOrSetAside(file, open, log, NOW);
    try {
      expect([fs.readFileSync(ASIDE(), 'utf8'), fs.readFileSync(`${ASIDE()}-wal`, 'utf8'), fs.readFileSync(`${ASIDE()}-shm`, 'utf8')]).toEqual(['db', 'wal', 'shm']);
      expect(opened.store.schemaVersion).toBeGreaterThan(0);
    } finally {
      opened.store.close();
    }
  });

  it('moves a damaged database aside: a real store whose schema page was overwritten', () => {
    const store = openLedger(file);
    store.setMeta('kept', 'before');
    store.db.pragma('wal_checkpoint(TRUNCATE)');
    store.close();
    // Page 1 holds the schema (sqlite_schema) after the 100-byte header: damage its b-tree.
    const fd = fs.openSync(file, 'r+');
    fs.writeSync(fd, Buffer.alloc(400, 0xa5), 0, 400, 100);
    fs.closeSync(fd);
    const opened = openOrSetAside(file, openLedger, log, NOW);
    try {
      expect(opened.reason).toMatch(/malformed/);
      expect(opened.setAside).toBe(ASIDE());
      expect(opened.store.getMeta('kept')).toBeUndefined();
    } finally {
      opened.store.close();
    }
  });

  it('opens a readable file as it is', () => {
    const first = openLedger(file);
    first.setMeta('kept', 'yes');
    first.close();
    const opened = openOrSetAside(file, openLedger, log, NOW);
    try {
      expect(opened).toMatchObject({ setAside: null, reason: null });
      expect(opened.store.getMeta('kept')).toBe('yes');
      expect(fs.readdirSync(dir).filter((name) => name.includes('unreadable'))).toEqual([]);
      expect(logged).toEqual([]);
    } finally {
      opened.store.close();
    }
  });

  it('throws any other failure as it is and moves nothing', () => {
    fs.writeFileSync(file, 'not read');
    expect(() => openOrSetAside(file, () => { throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' }); }, log, NOW)).toThrow('EACCES');
    expect(fs.readFileSync(file, 'utf8')).toBe('not read');
  });

  it('serves the status and verification stores alike', () => {
    for (const open of [(at: string) => new StatusStore(at).db, openVerifyDb]) {
      fs.writeFileSync(file, Buffer.alloc(4096, 7));
      const opened = openOrSetAside(file, open, log, new Date(Date.UTC(2026, 0, 1, 0, 0, logged.length)));
      expect(opened.setAside).not.toBeNull();
      expect(opened.store.pragma('user_version', { simple: true })).toBeGreaterThan(0);
      opened.store.close();
      fs.rmSync(file);
    }
  });
});

describe('a store marked damaged while in use', () => {
  it('is moved aside at its next opening though it opens, with the note of why beside it, and the new store is not marked', () => {
    const damaged = openLedger(file);
    damaged.setMeta('kept', 'in the moved file');
    markStoreDamaged(file, 'database disk image is malformed');
    damaged.close();
    const opened = openOrSetAside(file, openLedger, log, NOW);
    try {
      expect(opened).toMatchObject({ setAside: ASIDE(), reason: 'database disk image is malformed' });
      expect(opened.store.getMeta('kept')).toBeUndefined();
      expect(fs.readFileSync(damagedMarkerFile(ASIDE()), 'utf8')).toBe('database disk image is malformed\n');
      expect(fs.existsSync(damagedMarkerFile(file))).toBe(false);
      expect(logged).toEqual([`${file} was found damaged while in use (database disk image is malformed); moved to ${ASIDE()}, starting a new one`]);
    } finally {
      opened.store.close();
    }
    const moved = new LedgerStore({ file: ASIDE(), readonly: true });
    expect(moved.getMeta('kept')).toBe('in the moved file');
    moved.close();
    // Once: the next opening finds no note and keeps the new store.
    const again = openOrSetAside(file, openLedger, log, new Date(NOW.getTime() + 1000));
    expect(again.setAside).toBeNull();
    again.store.close();
  });

  it('drops a note whose store is gone (removed by hand) and starts a new one without moving anything', () => {
    markStoreDamaged(file, 'database disk image is malformed');
    const opened = openOrSetAside(file, openLedger, log, NOW);
    opened.store.close();
    expect(opened.setAside).toBeNull();
    expect(fs.existsSync(damagedMarkerFile(file))).toBe(false);
    expect(logged).toEqual([]);
  });
});
