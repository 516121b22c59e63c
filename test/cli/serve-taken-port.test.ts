import Database from 'better-sqlite3';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '../../main/mirror/store/ledger-store.ts';
import { MIGRATIONS } from '../../main/mirror/store/migrations/index.ts';
import { spawnServe, type SpawnedServe } from '../helpers/serve-process.ts';

// A start whose port was taken failed only at its listen, after it had opened and migrated the
// folder's stores: an older Mirrordesk still running there (one from before the folder lock) then
// found a store it could not read. The ports are checked first now; the folder stays as it was.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-serve-taken-port-'));
const started: SpawnedServe[] = [];
afterAll(() => {
  for (const serve of started) serve.child.kill('SIGKILL');
  fs.rmSync(root, { recursive: true, force: true });
});

/** The schema an older build left: the store as it was before the latest few migrations. */
const OLDER_SCHEMA = 8;

/** A loopback port held by something else (an older Mirrordesk, say) until `close`. */
async function takePort(): Promise<{ port: number; close(): Promise<void> }> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** `serve` on `dataDir`, every port picked by the system but `service`'s, which is `port`. */
async function serveWithTakenPort(dataDir: string, service: 'mirror' | 'status' | 'ui', port: number): Promise<SpawnedServe> {
  const ports = { mirror: 0, status: 0, ui: 0, verify: 0, [service]: port };
  const serve = spawnServe(['--data-dir', dataDir, '--demo-accounts', '300', ...Object.entries(ports).flatMap(([name, value]) => [`--${name}-port`, String(value)])]);
  started.push(serve);
  // Racing its listening lines, so that a start that went through says so rather than timing out.
  expect(await Promise.race([serve.exit, serve.listening.then(() => 'listening')])).toBe(1);
  return serve;
}

/** Every file in the folder with its size and modification time. */
function folderState(dir: string): Record<string, string> {
  return Object.fromEntries(fs.readdirSync(dir).sort().map((name) => {
    const stat = fs.statSync(path.join(dir, name));
    return [name, `${stat.size}@${stat.mtimeMs}`];
  }));
}

describe('serve with a port taken', () => {
  it('stops in one line before creating any store in a new data folder, and lets the folder go', async () => {
    const dataDir = path.join(root, 'fresh');
    const taken = await takePort();
    try {
      const serve = await serveWithTakenPort(dataDir, 'mirror', taken.port);
      expect(serve.stderr()).toBe(`serve: port ${taken.port} for the mirror service is in use; choose another with --mirror-port N (0 picks a free port)\n`);
      // No store, no lock left behind: nothing at all.
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      await taken.close();
    }
  });

  it.each(['mirror', 'status', 'ui'] as const)('leaves an older store unmigrated and untouched when the %s port is taken', async (service) => {
    const dataDir = path.join(root, `older-${service}`);
    fs.mkdirSync(dataDir);
    const file = path.join(dataDir, 'demo.sqlite');
    const old = new Database(file);
    applyMigrations(old, MIGRATIONS.filter((m) => m.version <= OLDER_SCHEMA));
    old.close();
    const before = folderState(dataDir);
    const taken = await takePort();
    try {
      const serve = await serveWithTakenPort(dataDir, service, taken.port);
      expect(serve.stderr()).toBe(`serve: port ${taken.port} for the ${service} service is in use; choose another with --${service}-port N (0 picks a free port)\n`);
      expect(folderState(dataDir)).toEqual(before);
      const db = new Database(file, { readonly: true });
      try {
        expect(db.pragma('user_version', { simple: true })).toBe(OLDER_SCHEMA);
      } finally {
        db.close();
      }
    } finally {
      await taken.close();
    }
  });

  it('refuses one port given to two services before the folder is touched', async () => {
    const dataDir = path.join(root, 'shared');
    const taken = await takePort();
    // Free for either service alone, and held by neither until it listens: only the arguments tell.
    await taken.close();
    const serve = spawnServe(['--data-dir', dataDir, '--demo-accounts', '300', '--ui-port', '0', '--status-port', '0', '--mirror-port', String(taken.port), '--verify-port', String(taken.port)]);
    started.push(serve);
    expect(await Promise.race([serve.exit, serve.listening.then(() => 'listening')])).toBe(1);
    expect(serve.stderr()).toBe(`serve: --mirror-port and --verify-port are both ${taken.port}: each service needs a port of its own (0 picks a free port)\n`);
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});
