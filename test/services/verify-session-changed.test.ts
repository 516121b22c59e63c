import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDispatcher, type ApiHandlers, type Dispatcher } from '../../main/bridge/dispatch.ts';
import type { VerifyFilesAdded, VerifySessionChange, VerifySessionView } from '../../main/common/verify-types.ts';
import { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import { ApiEventBus } from '../../main/services/event-bus.ts';
import type { ProfileSession } from '../../main/services/profile-session.ts';
import { createVerifyHandlers, type VerifyHandlers } from '../../main/services/verify-handlers.ts';
import type { VerifyService } from '../../main/verify/verify-service.ts';
import { SessionService } from '../../main/verify/sessions/session-service.ts';
import { dispatchedValue } from '../helpers/dispatched-value.ts';
import { offlineVerifyService, storageUpload, tempDir } from '../verify/verify-fixture.ts';

/**
 * The `verify/session-changed` event: every change of a profile's app verify session is told as
 * it happens (all windows and tabs on that profile share it), numbered as the views read after it.
 * Real handlers over a real verification service with no compiler: the verifications here end
 * with their contract's error, which is all the event needs.
 */
let dataDir: string;
let service: VerifyService;
let store: LedgerStore;
let verify: VerifyHandlers;
let dispatch: Dispatcher;
let running: () => VerifyService;
const events = new ApiEventBus();
const told: VerifySessionChange[] = [];
const stopTelling = events.on('verify/session-changed', (change) => told.push(change));

beforeAll(() => {
  dataDir = tempDir();
  service = offlineVerifyService(dataDir);
  running = () => service;
  store = new LedgerStore({ file: path.join(dataDir, 'demo.sqlite') });
  const session = { profile: { name: 'demo', chainId: null }, store, mirrorUnavailable: () => null } as unknown as ProfileSession;
  verify = createVerifyHandlers({ verify: () => running(), session: () => session, events });
  dispatch = createDispatcher(verify.handlers as unknown as ApiHandlers, () => undefined);
});

afterEach(() => {
  told.length = 0;
  vi.restoreAllMocks();
});

afterAll(async () => {
  stopTelling();
  await service.close();
  store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const call = <T>(channel: string, request: unknown = null): Promise<T> => dispatchedValue<T>(dispatch, channel, request);
const upload = storageUpload();
const storageFiles = { files: ['metadata.json', 'Storage.sol'].map((name) => ({ name: `project/${name}`, content: upload[name]!, encoding: 'utf8' })) };
/** Files that make up no contract: added, they are the session's unused files. */
const unusedFile = { files: [{ name: 'notes/Unused.sol', content: '// no contract', encoding: 'utf8' }] };
/** No compiler and no chain here: the verification ends at once, with the contract's error. */
const target = (verificationId: string) => ({ contracts: [{ verificationId, address: `0x${'12'.repeat(20)}`, chainId: '424242' }] });

/**
 * Holds the next verification in its session step (the session's turn) until released: `underWay`
 * settles once it is held. Released in a `finally`, so that no test leaves the turn held.
 */
function holdVerification(): { underWay: Promise<void>; release: () => void } {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => { release = resolve; });
  const verifier = service.verifier;
  const verifyContract = verifier.verifyMetadataContract.bind(verifier);
  let reached: () => void = () => undefined;
  const underWay = new Promise<void>((resolve) => { reached = resolve; });
  vi.spyOn(verifier, 'verifyMetadataContract').mockImplementation(async (...args) => {
    reached();
    await held;
    return verifyContract(...args);
  });
  return { underWay, release };
}

/** Settles once `method` of the app's SessionService is called: the operation is queued for its session's turn. */
function queued(method: 'addFound' | 'clear'): Promise<void> {
  return new Promise((resolve) => {
    const original = SessionService.prototype[method] as (...args: unknown[]) => unknown;
    vi.spyOn(SessionService.prototype, method).mockImplementation(function (this: SessionService, ...args: unknown[]) {
      resolve();
      return original.apply(this, args);
    } as never);
  });
}

/**
 * What an answer read in a step that ran before a Clear says of it: it shows the Clear (no file
 * left), or claims a revision below the Clear's, so that the screen, told of the Clear, reads the
 * session again. Claiming the Clear's revision or a later one while holding files, it would keep
 * the cleared contracts on the screen, which drops the answers and events it takes for older.
 */
function sayOfClear(answer: VerifySessionView, clearRevision: number): string {
  if (answer.files.length === 0) return 'shows the Clear';
  if (answer.revision < clearRevision) return 'claims a revision before the Clear';
  return `claims revision ${answer.revision} (the Clear's is ${clearRevision}) yet holds ${answer.files.length} files`;
}

describe('verify/session-changed', () => {
  it('tells each change of files once, numbered as the view that answers it; viewing tells nothing', async () => {
    await call('verify/session/clear');
    told.length = 0;
    const added = await call<VerifyFilesAdded>('verify/files/add', storageFiles);
    expect(told).toEqual([{ profile: 'demo', revision: added.revision }]);
    const examples = await call<{ session: VerifySessionView }>('verify/examples/add');
    expect(told).toEqual([{ profile: 'demo', revision: added.revision }, { profile: 'demo', revision: examples.session.revision }]);
    expect(examples.session.revision).toBeGreaterThan(added.revision);
    const cleared = await call<VerifySessionView>('verify/session/clear');
    expect(told.at(-1)).toEqual({ profile: 'demo', revision: cleared.revision });
    expect(told).toHaveLength(3);
    expect(cleared.revision).toBeGreaterThan(examples.session.revision);

    // Nothing to add (a file that is not what its name says), or only a look: no change, no word.
    const unchanged = await call<VerifyFilesAdded>('verify/files/add', { files: [{ name: 'broken.json', content: 'nope', encoding: 'utf8' }] });
    expect(unchanged.revision).toBe(cleared.revision);
    expect((await call<VerifySessionView>('verify/session')).revision).toBe(cleared.revision);
    expect(told).toHaveLength(3);
  });

  it('tells a verification as it starts, while its contract is shown under way, then as it ends', async () => {
    await call('verify/session/clear');
    const id = (await call<VerifyFilesAdded>('verify/files/add', storageFiles)).contracts[0]!.verificationId;
    told.length = 0;
    // The verification waits here until released: what the other windows see meanwhile is read then.
    const { underWay, release } = holdVerification();

    const verifying = call<VerifySessionView>('verify/contracts/verify', target(id));
    try {
      await underWay;
      expect(told).toEqual([{ profile: 'demo', revision: expect.any(Number) }]);
      const during = await call<VerifySessionView>('verify/session');
      expect(during.contracts[0]).toMatchObject({ verificationId: id, verifying: true, status: 'pending' });
      expect(during.revision).toBe(told[0]!.revision);
    } finally {
      // Not left holding the session's turn, whatever the checks above came to.
      release();
    }
    const done = await verifying;
    expect(told).toHaveLength(2);
    expect(told[1]).toEqual({ profile: 'demo', revision: done.revision });
    expect(done.revision).toBeGreaterThan(told[0]!.revision);
    expect(done.contracts[0]).toMatchObject({ verifying: false, status: 'error', message: expect.stringMatching(/compiler not available/) });
  });

  it('answers a verification a Clear was queued behind with a revision below the Clear, or showing it', async () => {
    await call('verify/session/clear');
    const id = (await call<VerifyFilesAdded>('verify/files/add', storageFiles)).contracts[0]!.verificationId;
    told.length = 0;
    const { underWay, release } = holdVerification();
    const clearQueued = queued('clear');
    const verifying = call<VerifySessionView>('verify/contracts/verify', target(id));
    let clearing: Promise<VerifySessionView> | null = null;
    try {
      await underWay;
      clearing = call<VerifySessionView>('verify/session/clear');
      await clearQueued;
    } finally {
      release();
    }
    const [done, cleared] = await Promise.all([verifying, clearing]);
    // Its start, its end and the Clear. The Clear's answer is read at once after its change: it
    // claims the Clear's own number.
    expect(told).toHaveLength(3);
    expect(told.map((c) => c.revision)).toContain(cleared!.revision);
    expect(cleared!.files).toEqual([]);
    expect(sayOfClear(done, cleared!.revision)).not.toMatch(/^claims revision/);
  });

  it('answers files added with a Clear queued behind them with a revision below the Clear, or showing it', async () => {
    await call('verify/session/clear');
    const id = (await call<VerifyFilesAdded>('verify/files/add', storageFiles)).contracts[0]!.verificationId;
    told.length = 0;
    // Held, the verification keeps the session's turn: the add and then the Clear queue behind it.
    const { underWay, release } = holdVerification();
    const addQueued = queued('addFound');
    const clearQueued = queued('clear');
    const verifying = call<VerifySessionView>('verify/contracts/verify', target(id));
    let adding: Promise<VerifyFilesAdded> | null = null;
    let clearing: Promise<VerifySessionView> | null = null;
    try {
      await underWay;
      adding = call<VerifyFilesAdded>('verify/files/add', unusedFile);
      await addQueued;
      clearing = call<VerifySessionView>('verify/session/clear');
      await clearQueued;
    } finally {
      release();
    }
    const [, added, cleared] = await Promise.all([verifying, adding, clearing]);
    expect(told).toHaveLength(4);
    expect(cleared!.files).toEqual([]);
    expect(added.unused).toEqual(['notes/Unused.sol']);
    expect(sayOfClear(added, cleared!.revision)).not.toMatch(/^claims revision/);
  });

  it('tells the end of a verification refused because its contract is gone', async () => {
    await call('verify/session/clear');
    told.length = 0;
    const refused = await dispatch('verify/contracts/verify', target('f'.repeat(40)));
    expect(refused).toMatchObject({ ok: false, error: { code: 'not-found' } });
    expect(told.map((c) => c.profile)).toEqual(['demo', 'demo']);
    expect((await call<VerifySessionView>('verify/session')).revision).toBe(told[1]!.revision);
  });

  it('tells a renamed profile by its new name and a removed one by its name, when it had a session', async () => {
    await call('verify/files/add', storageFiles);
    told.length = 0;
    verify.profileRenamed('demo', 'renamed');
    expect(told).toEqual([{ profile: 'renamed', revision: expect.any(Number) }]);
    verify.profileRemoved('renamed');
    expect(told.map((c) => c.profile)).toEqual(['renamed', 'renamed']);
    expect(told[1]!.revision).toBeGreaterThan(told[0]!.revision);
    // Profiles whose session was never opened: nothing of theirs changed.
    verify.profileRenamed('other', 'another');
    verify.profileRemoved('another');
    expect(told).toHaveLength(2);
  });

  it('numbers on across a restart of the verification service, so no later view reads as older', async () => {
    const before = await call<VerifySessionView>('verify/session');
    told.length = 0;
    const restarted = offlineVerifyService(dataDir, { dbFile: ':memory:' });
    running = () => restarted;
    try {
      const after = await call<VerifySessionView>('verify/session');
      // A new session in the new service's database: told, and numbered after what was shown before.
      expect(after.revision).toBeGreaterThan(before.revision);
      expect(told).toEqual([{ profile: 'demo', revision: after.revision }]);
    } finally {
      running = () => service;
      await restarted.close();
    }
  });
});
