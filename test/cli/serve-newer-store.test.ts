import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Migration } from '../../main/mirror/store/migrations/index.ts';
import { MIGRATIONS } from '../../main/mirror/store/migrations/index.ts';
import { STATUS_MIGRATIONS } from '../../main/status/store/status-migrations.ts';
import { VERIFY_MIGRATIONS } from '../../main/verify/store/verify-migrations.ts';
import { spawnServe, type SpawnedServe } from '../helpers/serve-process.ts';

// A store written by a newer Mirrordesk is refused: the line names which of the folder's stores it
// is, and a start refused so leaves none of the stores it had created on the way.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-serve-newer-store-'));
const started: SpawnedServe[] = [];
afterAll(() => {
  for (const serve of started) serve.child.kill('SIGKILL');
  fs.rmSync(root, { recursive: true, force: true });
});
const FREE_PORTS = ['--mirror-port', '0', '--ui-port', '0', '--status-port', '0', '--verify-port', '0'];

/** A store in `dataDir` one schema version past the newest of `migrations`; that newest version. */
function newerStore(dataDir: string, name: string, migrations: readonly Migration[]): { file: string; newest: number } {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, name);
  const newest = migrations.at(-1)!.version;
  const db = new Database(file);
  db.pragma(`user_version = ${newest + 1}`);
  db.close();
  return { file, newest };
}

async function refusedServe(dataDir: string): Promise<SpawnedServe> {
  const serve = spawnServe(['--data-dir', dataDir, ...FREE_PORTS, '--demo-accounts', '300']);
  started.push(serve);
  // Racing its listening lines, so that a start that went through says so rather than timing out.
  expect(await Promise.race([serve.exit, serve.listening.then(() => 'listening')])).toBe(1);
  return serve;
}

const refusal = (file: string, newest: number) =>
  `serve: ${file} has schema version ${newest + 1}, newer than this build knows (${newest}): it was written by a newer Mirrordesk; update Mirrordesk, or choose another data folder with --data-dir DIR\n`;

describe('serve on a store newer than this build', () => {
  it('is refused in one line naming the ledger store', async () => {
    const dataDir = path.join(root, 'ledger');
    const { file, newest } = newerStore(dataDir, 'demo.sqlite', MIGRATIONS);
    const serve = await refusedServe(dataDir);
    expect(serve.stderr()).toBe(refusal(file, newest));
    expect(fs.readdirSync(dataDir)).toEqual(['demo.sqlite']);
  });

  it('names the verification store, and removes the ledger and status stores the start had created', async () => {
    const dataDir = path.join(root, 'verify');
    const { file, newest } = newerStore(dataDir, 'verify.sqlite', VERIFY_MIGRATIONS);
    const serve = await refusedServe(dataDir);
    expect(serve.stderr()).toBe(refusal(file, newest));
    // The demo profile's ledger (its generation begun) and status store were opened before it: gone again, and the lock with them.
    expect(fs.readdirSync(dataDir)).toEqual(['verify.sqlite']);
  });

  it('names the demo status store, and removes the ledger the start had created before it', async () => {
    const dataDir = path.join(root, 'status');
    // The store the demo profile keeps its built-in status history in (statusStoreFile, page null).
    const { file, newest } = newerStore(dataDir, 'demo.status.sqlite', STATUS_MIGRATIONS);
    const serve = await refusedServe(dataDir);
    expect(serve.stderr()).toBe(refusal(file, newest));
    // The ledger opens first (its generation begun) and the status store fails as the profile opens: the ledger is gone again, and the lock.
    expect(fs.readdirSync(dataDir)).toEqual(['demo.status.sqlite']);
  });
});
