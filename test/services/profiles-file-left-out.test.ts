import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ProfileList } from '../../main/common/profile-types.ts';
import { CustomProfiles } from '../../main/services/custom-profiles.ts';
import { parseSavedProfiles } from '../../main/services/saved-profiles-file.ts';
import { closeApps, startApp } from './profile-switch-fixture.ts';

// A profiles.json that breaks the rules a save keeps (a hand edit, an older version's file): two
// profiles of one name stopped the network menu at "Loading profiles…" (its list keyed by name),
// and a name like `../escape` or an ftp:// URL was taken as it was. Such entries are left out, each
// named with why in the log and the menu, kept in the file; the others are listed.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-profiles-left-out-'));
afterEach(closeApps);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const SOLO = { name: 'solo', mirrorUrl: 'http://127.0.0.1:5551', statusUrl: null, chainId: 298 };
const ENTRIES = [
  SOLO,
  { name: 'demo', mirrorUrl: 'http://127.0.0.1:5552', statusUrl: null, chainId: null },
  { name: 'custom', mirrorUrl: 'http://127.0.0.1:5553' },
  { ...SOLO, mirrorUrl: 'http://127.0.0.1:5554' },
  { name: '../escape', mirrorUrl: 'http://127.0.0.1:5555' },
  { name: 'ftp-one', mirrorUrl: 'ftp://127.0.0.1:5556' },
  { name: 'status-no-scheme', mirrorUrl: 'http://127.0.0.1:5557', statusUrl: 'status.example.com:443' },
  { name: 'half-chain', mirrorUrl: 'http://127.0.0.1:5558', chainId: 1.5 },
  'not a profile',
  { name: 'local', mirrorUrl: 'http://localhost:5551/', statusUrl: 'https://status.example.com', chainId: null },
];
const REASONS = [
  ['"demo"', '"demo" is a built-in profile name'],
  ['"custom"', '"custom" is reserved for the profile given with --upstream-mirror'],
  ['"solo"', 'a profile earlier in the list has that name'],
  ['"../escape"', 'its name must start with a letter and hold only a-z, 0-9 and "-" (at most 32 characters)'],
  ['"ftp-one"', 'its mirror URL must use http or https, not ftp'],
  ['"status-no-scheme"', 'its status page URL must start with http:// or https://, e.g. https://status.hedera.com'],
  ['"half-chain"', 'its chain id must be a whole number from 1 to 4294967295'],
  ['the entry "not a profile"', 'it is not a profile (an object with a "name" and a "mirrorUrl")'],
];

function dataDirWith(name: string, entries: unknown[]): string {
  const dataDir = path.join(dir, name);
  fs.mkdirSync(dataDir);
  fs.writeFileSync(path.join(dataDir, 'profiles.json'), JSON.stringify({ profiles: entries }));
  return dataDir;
}

const entriesIn = (dataDir: string): unknown[] => (JSON.parse(fs.readFileSync(path.join(dataDir, 'profiles.json'), 'utf8')) as { profiles: unknown[] }).profiles;

describe('entries of profiles.json a save would refuse', () => {
  it('are left out, each said with why; the first of a name and the good ones are kept, URLs as written', () => {
    const { profiles, leftOut } = parseSavedProfiles(JSON.stringify({ profiles: ENTRIES }));
    expect(profiles.map((p) => p.name)).toEqual(['solo', 'local']);
    expect(profiles[0]).toEqual(SOLO);
    // As written: the store of a saved profile is keyed by its mirror URL.
    expect(profiles[1]!.mirrorUrl).toBe('http://localhost:5551/');
    expect(leftOut.map(({ label, reason }) => [label, reason])).toEqual(REASONS);
    expect(leftOut[2]!.entry).toEqual(ENTRIES[3]);
  });

  it('leave a menu listing every other profile once, say in it and in the log what was left out, and stay in the file', async () => {
    const dataDir = dataDirWith('menu', ENTRIES);
    const file = path.join(dataDir, 'profiles.json');
    const lines: string[] = [];
    const app = await startApp({ dataDir, log: (line) => lines.push(line) });

    const listed = await app.dispatch('network/profiles', null);
    expect(listed.ok).toBe(true);
    const { profiles, notice } = (listed as { value: ProfileList }).value;
    expect(profiles.map((p) => `${p.kind}:${p.name}`)).toEqual(['builtin:demo', 'builtin:mainnet', 'builtin:testnet', 'builtin:previewnet', 'saved:solo', 'saved:local']);
    expect(notice).toBe(`Saved profiles left out of the list: ${REASONS.map(([label, reason]) => `${label} (${reason})`).join('; ')}. They stay in ${file} as they are: fix or remove them there.`);
    expect(lines.filter((line) => line.includes('left out'))).toEqual(REASONS.map(([label, reason]) => `${file}: saved profile ${label} left out: ${reason}; it stays in the file, fix or remove it there`));

    // A save writes the entries left out back as they were, after the profiles: nothing typed by hand is lost.
    const saved = await app.dispatch('network/profiles/save', { name: 'added', mirrorUrl: 'http://127.0.0.1:5559', statusUrl: null, chainId: null });
    expect(saved.ok).toBe(true);
    const written = entriesIn(dataDir);
    expect(written.slice(0, 3)).toMatchObject([{ name: 'solo' }, { name: 'local' }, { name: 'added' }]);
    expect(written.slice(3)).toEqual([ENTRIES[1], ENTRIES[2], ENTRIES[3], ENTRIES[4], ENTRIES[5], ENTRIES[6], ENTRIES[7], ENTRIES[8]]);
    expect((saved as { value: ProfileList }).value.notice).toBe(notice);
    // Said once per reading of the file, not again for the app's own write.
    expect(lines.filter((line) => line.includes('left out'))).toHaveLength(REASONS.length);
  });

  it('an entry left out for a name taken is a profile once the name is free', () => {
    const dataDir = dataDirWith('freed', [SOLO, { ...SOLO, mirrorUrl: 'http://127.0.0.1:5554' }]);
    const saved = new CustomProfiles(dataDir);
    expect(saved.list().map((p) => p.mirrorUrl)).toEqual([SOLO.mirrorUrl]);
    expect(saved.leftOut().leftOut).toHaveLength(1);
    expect(saved.admittedByLastWrite()).toEqual([]);
    saved.save({ ...SOLO, name: 'solo-a', previousName: 'solo' });
    expect(saved.list().map((p) => [p.name, p.mirrorUrl])).toEqual([['solo-a', SOLO.mirrorUrl], ['solo', 'http://127.0.0.1:5554']]);
    expect(saved.leftOut().leftOut).toEqual([]);
    expect(saved.admittedByLastWrite()).toEqual(['solo']);
    saved.save({ name: 'other', mirrorUrl: 'http://127.0.0.1:5560', statusUrl: null, chainId: null });
    expect(saved.admittedByLastWrite()).toEqual([]);
  });

  it('the answer to the removal that frees a name says the profile of that name listed now is another', async () => {
    const dataDir = dataDirWith('freed-notice', [SOLO, { ...SOLO, mirrorUrl: 'http://127.0.0.1:5554' }]);
    const file = path.join(dataDir, 'profiles.json');
    const app = await startApp({ dataDir });
    const removed = await app.dispatch('network/profiles/delete', { name: 'solo' });
    expect(removed.ok).toBe(true);
    const { profiles, notice } = (removed as { value: ProfileList }).value;
    expect(profiles.filter((p) => p.kind === 'saved').map((p) => [p.name, p.mirrorUrl])).toEqual([['solo', 'http://127.0.0.1:5554']]);
    expect(notice).toBe(`"solo" from later in ${file} is now listed: it was left out while an earlier profile had its name.`);
    // Said by that answer only: the menu read again has nothing to tell.
    const listed = await app.dispatch('network/profiles', null);
    expect((listed as { value: ProfileList }).value.notice).toBeNull();
  });

  it('a name too long to repeat whole is cut with "…"', () => {
    const long = `n${'a'.repeat(44)}`;
    const { leftOut } = parseSavedProfiles(JSON.stringify({ profiles: [{ name: long, mirrorUrl: 'http://127.0.0.1:5551' }, { name: 'b'.repeat(40), mirrorUrl: 'ftp://x' }] }));
    expect(leftOut.map((entry) => entry.label)).toEqual([JSON.stringify(`${long.slice(0, 40)}…`), JSON.stringify('b'.repeat(40))]);
  });

  it('a file without any says nothing', async () => {
    const dataDir = dataDirWith('fine', [SOLO]);
    const app = await startApp({ dataDir });
    const listed = await app.dispatch('network/profiles', null);
    expect((listed as { value: ProfileList }).value.notice).toBeNull();
  });
});
