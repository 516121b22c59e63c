import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { CustomProfiles, profilesFileNotice } from '../../main/services/custom-profiles.ts';
import { resolveProfile } from '../../main/services/profile-switch.ts';
import { parseSavedProfiles } from '../../main/services/saved-profiles-file.ts';
import { closeApps, startApp } from './profile-switch-fixture.ts';
import { spawnServe } from '../helpers/serve-process.ts';

// A `profiles.json` the app cannot read (a write cut short, a hand edit gone wrong): it is moved
// aside as `profiles.json.unreadable-<time>`, said in one log line and in the network menu, and
// the app goes on with no custom profiles, where every profile call used to fail.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-unreadable-profiles-'));
afterEach(closeApps);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const CUT_SHORT = '{"profiles": [ {"name": "x", ';
/** What the JSON parser says of it, word for word (its wording is Node's). */
const REASON = (() => {
  try {
    JSON.parse(CUT_SHORT);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the cut-short file parsed');
})();

/** A data folder whose profiles.json holds `text`. */
function dataDirWith(name: string, text: string): string {
  const dataDir = path.join(dir, name);
  fs.mkdirSync(dataDir);
  fs.writeFileSync(path.join(dataDir, 'profiles.json'), text);
  return dataDir;
}

const setAsideIn = (dataDir: string) => fs.readdirSync(dataDir).filter((file) => file.startsWith('profiles.json'));

describe('an unreadable profiles.json', () => {
  it('is moved aside with its content; the menu lists the other profiles, says what moved where, and saves new ones', async () => {
    const dataDir = dataDirWith('menu', CUT_SHORT);
    const lines: string[] = [];
    const app = await startApp({ dataDir, log: (line) => lines.push(line) });

    const listed = await app.dispatch('network/profiles', null);
    expect(listed).toMatchObject({ ok: true, value: { active: 'demo' } });
    const value = (listed as { value: { profiles: Array<{ name: string }>; notice: string } }).value;
    expect(value.profiles.map((p) => p.name)).toEqual(['demo', 'mainnet', 'testnet', 'previewnet']);
    const [moved, ...others] = setAsideIn(dataDir);
    expect(others).toEqual([]);
    expect(moved).toMatch(/^profiles\.json\.unreadable-\d{4}-\d\d-\d\dT[\d-]+Z$/);
    expect(fs.readFileSync(path.join(dataDir, moved!), 'utf8')).toBe(CUT_SHORT);
    expect(value.notice).toBe(`Your saved network profiles could not be read (${REASON}). The file was moved to ${path.join(dataDir, moved!)} and the list starts empty: add the profiles again, or copy them from that file.`);
    expect(lines.filter((line) => line.includes('profiles.json'))).toEqual([
      `${path.join(dataDir, 'profiles.json')} could not be read (${REASON}); moved to ${path.join(dataDir, moved!)}, starting with no custom profiles`,
    ]);

    const saved = await app.dispatch('network/profiles/save', { name: 'mine', mirrorUrl: 'http://127.0.0.1:9', statusUrl: null, chainId: null });
    expect(saved).toMatchObject({ ok: true, value: { notice: value.notice } });
    expect((saved as { value: { profiles: Array<{ name: string }> } }).value.profiles.map((p) => p.name)).toContain('mine');
    expect(setAsideIn(dataDir).sort()).toEqual(['profiles.json', moved].sort());
    expect(lines.filter((line) => line.includes('profiles.json'))).toHaveLength(1);
  });

  it('a profile asked for by name that was in it: refused naming where the file went', () => {
    const dataDir = dataDirWith('by-name', CUT_SHORT);
    const lines: string[] = [];
    expect(() => resolveProfile('mine', { dataDir, log: (line) => lines.push(line) }))
      .toThrow(/^unknown network profile "mine" \(available: demo, mainnet, testnet, previewnet\); the saved profiles file could not be read and was moved to .*profiles\.json\.unreadable-[\dTZ-]+$/);
    expect(lines).toHaveLength(1);
  });

  it('damaged while the app runs: a switch to a profile it held is refused naming where it went, and the menu then says so too', async () => {
    const dataDir = dataDirWith('running', JSON.stringify({ profiles: [{ name: 'mine', mirrorUrl: 'http://127.0.0.1:9', statusUrl: null, chainId: null }] }));
    const app = await startApp({ dataDir });
    const before = await app.dispatch('network/profiles', null);
    expect((before as { value: { profiles: Array<{ name: string }>; notice: string | null } }).value).toMatchObject({ notice: null, profiles: expect.arrayContaining([expect.objectContaining({ name: 'mine' })]) });
    // Replaced, not written in place, as an editor saves a file: the app reads it again.
    fs.writeFileSync(path.join(dataDir, 'profiles.json.edit'), CUT_SHORT);
    fs.renameSync(path.join(dataDir, 'profiles.json.edit'), path.join(dataDir, 'profiles.json'));

    const failed = await app.dispatch('network/switch', { name: 'mine' });
    const [moved] = setAsideIn(dataDir);
    expect(moved).toMatch(/^profiles\.json\.unreadable-/);
    expect(failed).toMatchObject({ ok: false, error: { message: expect.stringContaining(`the saved profiles file could not be read and was moved to ${path.join(dataDir, moved!)}`) } });
    // The switch's reading found it: the menu, opened after, is told by the same reader.
    const after = await app.dispatch('network/profiles', null);
    expect((after as { value: { notice: string | null } }).value.notice).toBe(profilesFileNotice({ file: path.join(dataDir, 'profiles.json'), setAside: path.join(dataDir, moved!), reason: REASON }));
  });

  it('serve --network <saved profile> exits naming both files, not with a bare JSON error', async () => {
    const dataDir = dataDirWith('serve', CUT_SHORT);
    const serve = spawnServe(['--data-dir', dataDir, '--network', 'mine', '--mirror-port', '0', '--ui-port', '0', '--status-port', '0']);
    expect(await serve.exit).toBe(1);
    const moved = path.join(dataDir, setAsideIn(dataDir)[0]!);
    expect(moved).toMatch(/profiles\.json\.unreadable-/);
    expect(serve.stderr()).toContain(`${path.join(dataDir, 'profiles.json')} could not be read (${REASON}); moved to ${moved}`);
    expect(serve.stderr()).toContain(`serve: unknown network profile "mine" (available: demo, mainnet, testnet, previewnet); the saved profiles file could not be read and was moved to ${moved}`);
  });

  it('a readable file is left as it is, and says nothing', () => {
    const dataDir = dataDirWith('fine', JSON.stringify({ profiles: [{ name: 'solo', mirrorUrl: 'http://localhost:5551', statusUrl: null, chainId: 298 }] }));
    const saved = new CustomProfiles(dataDir);
    expect(saved.list().map((p) => p.name)).toEqual(['solo']);
    expect(saved.setAside()).toBeNull();
    expect(setAsideIn(dataDir)).toEqual(['profiles.json']);
  });
});

describe('reading profiles.json', () => {
  it('takes the list the app writes, optional fields absent or null', () => {
    expect(parseSavedProfiles('{"profiles":[{"name":"a","mirrorUrl":"http://h"},{"name":"b","mirrorUrl":"http://i","statusUrl":"https://s","chainId":298}]}')).toEqual({
      profiles: [
        { name: 'a', mirrorUrl: 'http://h', statusUrl: null, chainId: null },
        { name: 'b', mirrorUrl: 'http://i', statusUrl: 'https://s', chainId: 298 },
      ],
      leftOut: [],
    });
  });

  it('refuses, saying why, what it cannot take as that list', () => {
    expect(() => parseSavedProfiles('')).toThrow(/^the file is empty$/);
    expect(() => parseSavedProfiles('null')).toThrow(/^it has no "profiles" list$/);
    expect(() => parseSavedProfiles('{"profiles": {}}')).toThrow(/^it has no "profiles" list$/);
  });

  it('leaves out an entry it cannot take as a profile, and keeps the others (test/services/profiles-file-left-out.test.ts)', () => {
    expect(parseSavedProfiles('{"profiles": [{"name": "a", "mirrorUrl": "http://h"}, {"name": 1}]}')).toEqual({
      profiles: [{ name: 'a', mirrorUrl: 'http://h', statusUrl: null, chainId: null }],
      leftOut: [{ label: 'the entry {"name":1}', reason: 'its name must start with a letter and hold only a-z, 0-9 and "-" (at most 32 characters)', entry: { name: 1 } }],
    });
    expect(parseSavedProfiles('{"profiles": [{"name": "a", "mirrorUrl": "http://h", "chainId": "298"}]}').leftOut).toMatchObject([{ label: '"a"', reason: expect.stringMatching(/^its chain id /) }]);
  });
});
