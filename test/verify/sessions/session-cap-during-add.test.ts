import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqliteDatabase } from '../../../main/mirror/store/ledger-store.ts';
import { OFF_THREAD_MIN_BYTES } from '../../../main/verify/off-thread-min-bytes.ts';
import { SessionService } from '../../../main/verify/sessions/session-service.ts';
import { MAX_LIVE_SESSIONS, SESSION_IDLE_MS, SessionStore } from '../../../main/verify/sessions/session-store.ts';
import { SessionTurns } from '../../../main/verify/sessions/session-turns.ts';
import { openVerifyDb } from '../../../main/verify/store/verify-db.ts';
import type { VerifyService } from '../../../main/verify/verify-service.ts';
import { cachedCompilers, offlineVerifyService, STORAGE_VERSION, storageUpload, tempDir } from '../verify-fixture.ts';

// The store keeps at most MAX_LIVE_SESSIONS API sessions, a new one removing the least recently
// used. A session with an add under way (its files read in a helper thread, then written) must
// not be the one removed: the add would write into a session that is gone, and its client, told
// nothing, would find its files missing at its next request.

let service: VerifyService;
beforeAll(() => { service = offlineVerifyService(tempDir()); });
afterAll(async () => service.close());

/** A Solidity file of about 1.6 MB: large enough to be read by a helper thread. */
function largeSource(name: string): Buffer {
  const text = `// SPDX-License-Identifier: MIT\ncontract ${name} {}\n${'// padding to pass the helper thread threshold\n'.repeat(34_000)}`;
  expect(text.length).toBeGreaterThan(1.5 * OFF_THREAD_MIN_BYTES);
  return Buffer.from(text);
}

const liveSessions = (db: SqliteDatabase) => db.prepare('SELECT count(*) FROM verify_session').pluck().get() as number;

describe('the limit of live sessions while an add is under way', () => {
  it('passes over the session being added to and removes the next least recently used one', async () => {
    const store = service.sessions;
    const sessions = new SessionService(service);
    const t0 = Date.now();
    const adding = store.create(t0);
    const idle = store.create(t0 + 1);
    const added = sessions.addFiles(adding, [{ path: 'A.sol', content: largeSource('A') }]);
    // New clients meanwhile (the add is still reading its file: nothing of it has been awaited yet).
    for (let i = 0; i < MAX_LIVE_SESSIONS - 1; i++) store.create(t0 + 2 + i);
    expect((await added).files).toEqual(['A.sol']);
    expect(store.touch(adding)).toBe(true);
    expect(store.files(adding).map((f) => f.path)).toEqual(['A.sol']);
    expect(store.touch(idle)).toBe(false);
    expect(liveSessions(service.db)).toBe(MAX_LIVE_SESSIONS);
  });
});

describe('the limit of live sessions while a standard JSON input compiles', () => {
  it('passes over the session the compiled files are for', async () => {
    const compiling = offlineVerifyService(tempDir(), { compilersDir: await cachedCompilers(STORAGE_VERSION) });
    try {
      const store = compiling.sessions;
      const t0 = Date.now();
      const target = store.create(t0);
      const input = { language: 'Solidity', sources: { 'Storage.sol': { content: storageUpload()['Storage.sol'] } }, settings: { optimizer: { enabled: false, runs: 200 } } };
      const added = new SessionService(compiling).addSolcJson(target, { 'input.json': JSON.stringify(input) }, STORAGE_VERSION);
      // New clients while solc runs (nothing of the add has been awaited yet).
      for (let i = 0; i < MAX_LIVE_SESSIONS; i++) store.create(t0 + 1 + i);
      expect((await added).contracts.map((c) => c.name)).toEqual(['Storage']);
      expect(store.touch(target)).toBe(true);
    } finally {
      await compiling.close();
    }
  });
});

describe('sessions held by an operation under way', () => {
  it('go over the limit while every one is held, and back to it at the next new session once let go', () => {
    const db = openVerifyDb(':memory:');
    try {
      const store = new SessionStore(db, { maxSessions: 2 });
      const [a, b] = [store.create(1), store.create(2)];
      const letGo = [store.hold(a), store.hold(b)];
      const c = store.create(3);
      // Counted without a touch, which would make them the most recently used.
      expect(liveSessions(db)).toBe(3);
      for (const release of letGo) release();
      const d = store.create(5);
      expect([a, b, c, d].map((id) => store.touch(id, 6))).toEqual([false, false, true, true]);
    } finally {
      db.close();
    }
  });

  it('stays held while any of its holds is (two requests queued on it), and counted as any other', () => {
    const db = openVerifyDb(':memory:');
    try {
      const store = new SessionStore(db, { maxSessions: 2 });
      const a = store.create(1);
      const first = store.hold(a);
      const second = store.hold(a);
      first();
      store.create(2);
      store.create(3);
      expect(store.touch(a, 4)).toBe(true);
      expect(liveSessions(db)).toBe(2);
      second();
      // a was touched last (4): the one after 3's goes first, then a.
      store.create(5);
      store.create(6);
      expect(store.touch(a, 7)).toBe(false);
    } finally {
      db.close();
    }
  });

  it('are not swept as idle until let go', () => {
    const db = openVerifyDb(':memory:');
    try {
      const store = new SessionStore(db);
      const held = store.create(0);
      const other = store.create(0);
      const release = store.hold(held);
      expect(store.sweep(SESSION_IDLE_MS + 1)).toBe(1);
      expect(store.touch(other, SESSION_IDLE_MS + 1)).toBe(false);
      release();
      expect(store.touch(held, 2 * SESSION_IDLE_MS + 2)).toBe(false);
    } finally {
      db.close();
    }
  });
});

/** Past the microtasks that follow an operation's answer: a turn lets go of its hold in them, just after it. */
const settling = () => new Promise((resolve) => setImmediate(resolve));

describe('a session\'s turns', () => {
  it('hold it from the first operation queued until the last settles, a failed one included', async () => {
    const holds: string[] = [];
    const turns = new SessionTurns((id) => {
      holds.push(id);
      return () => void holds.splice(holds.indexOf(id), 1);
    });
    let fail!: (error: Error) => void;
    const failing = turns.run('a', () => new Promise<never>((_, reject) => { fail = reject; }));
    const after = turns.run('a', () => 'done');
    const other = turns.run('b', () => 'other');
    expect(holds).toEqual(['a', 'b']);
    await other;
    await settling();
    expect(holds).toEqual(['a']);
    fail(new Error('refused'));
    await expect(failing).rejects.toThrow('refused');
    expect(await after).toBe('done');
    await settling();
    expect(holds).toEqual([]);
  });
});
