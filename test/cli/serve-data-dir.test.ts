import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServe, type SpawnAs, type SpawnedServe } from '../helpers/serve-process.ts';

// `serve` on a data folder it cannot use: one line naming the folder and what is wrong with it.
/** Root writes in a read-only folder all the same: run serve as nobody then. */
const asRoot = process.getuid?.() === 0;
const UNPRIVILEGED: SpawnAs = asRoot ? { uid: 65534, gid: 65534 } : {};
// Nobody may not enter the run's own temporary folder (0700): its folder goes beside it then.
const root = fs.mkdtempSync(path.join(asRoot ? path.dirname(os.tmpdir()) : os.tmpdir(), 'mirrordesk-serve-data-dir-'));
fs.chmodSync(root, 0o755);
/** Every serve started here: one that did not fail as expected is running, and is stopped at the end. */
const spawned: SpawnedServe[] = [];
afterAll(async () => {
  await Promise.all(spawned.map((serve) => serve.stop()));
  fs.rmSync(root, { recursive: true, force: true });
});
const FREE_PORTS = ['--ui-port', '0', '--mirror-port', '0', '--status-port', '0', '--verify-port', '0', '--demo-accounts', '400'];

async function failedStart(dataDir: string, as: SpawnAs = {}): Promise<string> {
  return failedServe(['--data-dir', dataDir, ...FREE_PORTS], as);
}

async function failedServe(args: string[], as: SpawnAs = {}): Promise<string> {
  const serve = spawnServe(args, as);
  spawned.push(serve);
  expect(await serve.exit).toBe(1);
  return serve.stderr();
}

describe('serve on a data folder it cannot use', () => {
  it('says when --data-dir is a file', async () => {
    const file = path.join(root, 'profiles');
    fs.writeFileSync(file, '');
    expect(await failedStart(file)).toBe(`serve: the data folder ${file} is a file, not a folder; choose another with --data-dir DIR\n`);
  });

  it('says when --compilers is a file', async () => {
    const file = path.join(root, 'compilers-file');
    fs.writeFileSync(file, '');
    expect(await failedServe(['--data-dir', path.join(root, 'data'), '--compilers', file, ...FREE_PORTS])).toBe(`serve: the compilers folder ${file} is a file, not a folder; choose another with --compilers DIR\n`);
  });

  it('says when it cannot write in the folder', async () => {
    const readOnly = path.join(root, 'read-only');
    fs.mkdirSync(readOnly, { mode: 0o555 });
    fs.chmodSync(readOnly, 0o555);
    expect(await failedStart(readOnly, UNPRIVILEGED)).toBe(`serve: cannot write in the data folder ${readOnly} (permission denied), so the network profiles' stores cannot be created there; choose another with --data-dir DIR\n`);
  });
});
