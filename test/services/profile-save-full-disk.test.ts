import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createDispatcher, type ApiHandlers } from '../../main/bridge/dispatch.ts';
import type { CustomProfileInput } from '../../main/common/profile-types.ts';
import { CUSTOM_PROFILES_FILE } from '../../main/services/custom-profiles.ts';
import { createProfileHandlers } from '../../main/services/profile-handlers.ts';
import { fillDiskFor } from '../helpers/full-disk.ts';

// Saving or removing a custom profile on a full disk: the app said "network/profiles/save failed
// unexpectedly; see the application log", as for a bug. It says the disk is full, and which file.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-profile-full-disk-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

let restoreDisk: (() => void) | null = null;
afterEach(() => {
  restoreDisk?.();
  restoreDisk = null;
});

const KEPT: CustomProfileInput = { name: 'kept', mirrorUrl: 'http://127.0.0.1:9', statusUrl: null, chainId: null };
const ADDED: CustomProfileInput = { name: 'added', mirrorUrl: 'http://127.0.0.1:10', statusUrl: null, chainId: 296 };

/** The profile channels behind the dispatcher, as the bridge calls them; the log kept. */
function profileApi(dataDir: string) {
  const logged: string[] = [];
  const log = (line: string): void => void logged.push(line);
  // Only the profile channels are called here.
  const dispatch = createDispatcher(createProfileHandlers({ dataDir, log }, () => 'demo') as unknown as ApiHandlers, log);
  return { dispatch, logged };
}

function fullDiskFor(file: string): void {
  restoreDisk = fillDiskFor((target) => target.startsWith(file)).mockRestore;
}

describe('saving network profiles on a full disk', () => {
  it('says the profiles file could not be written because the disk is full, and keeps the saved list as it was', async () => {
    const dataDir = fs.mkdtempSync(path.join(root, 'save-'));
    const file = path.join(dataDir, CUSTOM_PROFILES_FILE);
    const { dispatch, logged } = profileApi(dataDir);
    expect(await dispatch('network/profiles/save', KEPT)).toMatchObject({ ok: true });
    const before = fs.readFileSync(file, 'utf8');

    fullDiskFor(file);
    expect(await dispatch('network/profiles/save', ADDED)).toEqual({
      ok: false,
      error: { code: 'unavailable', message: `The profile was not saved: ${file} could not be written (no space left on the disk); free some space on that disk, then try again.`, details: [] },
    });
    expect(logged).toEqual([`network profiles: ${file} could not be written (no space left on the disk); free some space on that disk, then try again`]);
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
    expect(fs.readdirSync(dataDir)).toEqual([CUSTOM_PROFILES_FILE]);

    // Room again: the same save goes through.
    restoreDisk!();
    restoreDisk = null;
    expect(await dispatch('network/profiles/save', ADDED)).toMatchObject({ ok: true });
  });

  it('says so for a removal too', async () => {
    const dataDir = fs.mkdtempSync(path.join(root, 'delete-'));
    const file = path.join(dataDir, CUSTOM_PROFILES_FILE);
    const { dispatch } = profileApi(dataDir);
    expect(await dispatch('network/profiles/save', KEPT)).toMatchObject({ ok: true });

    fullDiskFor(file);
    expect(await dispatch('network/profiles/delete', { name: 'kept' })).toMatchObject({
      ok: false,
      error: { code: 'unavailable', message: `The profile was not removed: ${file} could not be written (no space left on the disk); free some space on that disk, then try again.` },
    });
  });
});
