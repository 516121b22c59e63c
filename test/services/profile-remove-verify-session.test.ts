import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { VerifySessionView } from '../../main/common/verify-types.ts';
import { call, closeApps, saveProfiles, startApp } from './profile-switch-fixture.ts';

// Removing a saved profile in a running app, over real stores in a temp data folder: the Verify
// screen's session of that profile (pinned for the run) is released, its files deleted.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-profile-remove-'));
afterEach(closeApps);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const source = (name: string) => ({ name, content: `pragma solidity ^0.8.0;\ncontract ${name.replace('.sol', '')} {}\n`, encoding: 'utf8' as const });

describe('removing a saved profile', () => {
  it('releases its Verify session (files and pin); the open profile keeps its own', async () => {
    // No upstream answers: the profile opens on its empty store, which is all the Verify screen needs.
    const dataDir = saveProfiles(path.join(dir, 'remove'), [{ name: 'gone', mirrorUrl: 'http://127.0.0.1:1' }]);
    const app = await startApp({ dataDir, network: 'gone', syncRate: 0, ports: { mirror: 0, status: 0, verify: 0 }, verify: { solcBinMirror: null } });
    await call(app, 'verify/files/add', { files: [source('Gone.sol')] });
    await call(app, 'network/switch', { name: 'demo' });
    await call(app, 'verify/files/add', { files: [source('Kept.sol')] });
    const db = app.verify!.db;
    const files = () => db.prepare('SELECT path FROM verify_session_file ORDER BY path').pluck().all();
    expect(files()).toEqual(['Gone.sol', 'Kept.sol']);

    await call(app, 'network/profiles/delete', { name: 'gone' });
    expect(files()).toEqual(['Kept.sol']);
    expect(db.prepare('SELECT count(*) FROM verify_session').pluck().get()).toBe(1);
    // The pins are the session store's own memory: only the open profile's is held now.
    expect((app.verify!.sessions as unknown as { pinned: Set<string> }).pinned.size).toBe(1);
    expect((await call<VerifySessionView>(app, 'verify/session')).files).toEqual(['Kept.sol']);
  }, 60_000);
});
