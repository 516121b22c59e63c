import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DATA_DIR_LOCK_FILE } from '../../main/services/data-dir-lock.ts';
import { bridgeValue, spawnServe, startServe, waitForDemoReady, type ServeProcess } from '../helpers/serve-process.ts';

// Two `serve` processes on one data folder damaged each other's data (the demo ledger regenerated
// under the first, its SQLite locks held, its verifications ended). The second is refused at once.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-serve-lock-'));
const started: Array<Pick<ServeProcess, 'child'>> = [];
afterAll(() => {
  for (const serve of started) serve.child.kill('SIGKILL');
  fs.rmSync(root, { recursive: true, force: true });
});
const FREE_PORTS = ['--mirror-port', '0', '--ui-port', '0', '--status-port', '0', '--verify-port', '0'];

async function startDemo(dataDir: string, accounts = 300): Promise<ServeProcess> {
  const serve = await startServe(['--data-dir', dataDir, '--demo-accounts', String(accounts)]);
  started.push(serve);
  await waitForDemoReady(serve.urls.get('ui')!);
  return serve;
}

/**
 * Every file in the folder with its size and modification time: what a refused start must leave as
 * it was. Folders by name only: the first serve adds its bundled compiler to `compilers` meanwhile.
 */
function folderState(dir: string): Record<string, string> {
  return Object.fromEntries(fs.readdirSync(dir).sort().map((name) => {
    const stat = fs.statSync(path.join(dir, name));
    return [name, stat.isDirectory() ? 'folder' : `${stat.size}@${stat.mtimeMs}`];
  }));
}

async function accountsOf(serve: ServeProcess): Promise<string[]> {
  const page = await bridgeValue<{ accounts: Array<{ account: string }> }>(serve.urls.get('ui')!, 'accounts/list', { query: 'limit=5' });
  return page.accounts.map((entry) => entry.account);
}

describe('serve on a data folder another serve uses', () => {
  it('is refused at once, in one line naming the folder and the process, touching nothing; the first goes on serving', async () => {
    const dataDir = path.join(root, 'shared');
    const first = await startDemo(dataDir);
    const before = folderState(dataDir);
    const accountsBefore = await accountsOf(first);

    // A bigger demo ledger asked for: without the lock, this regenerated the ledger under the first.
    const second = spawnServe(['--data-dir', dataDir, ...FREE_PORTS, '--demo-accounts', '600']);
    started.push(second);
    // Racing its listening lines, so that a second that started says so rather than timing out.
    expect(await Promise.race([second.exit, second.listening.then(() => 'listening')])).toBe(1);
    expect(second.stderr()).toBe(`serve: the data folder ${dataDir} is in use by another Mirrordesk (serve, process ${first.child.pid}); stop it first, or choose another with --data-dir DIR\n`);
    expect(folderState(dataDir)).toEqual(before);

    expect(await accountsOf(first)).toEqual(accountsBefore);
    expect(await bridgeValue(first.urls.get('ui')!, 'network/status')).toMatchObject({ state: 'ready' });
    expect(await first.stopCleanly()).toBe(0);
  });

  it('starts once the first has stopped cleanly: its lock went with it', async () => {
    const dataDir = path.join(root, 'after-clean-stop');
    const first = await startDemo(dataDir);
    expect(await first.stopCleanly()).toBe(0);
    expect(fs.existsSync(path.join(dataDir, DATA_DIR_LOCK_FILE))).toBe(false);

    const next = await startDemo(dataDir);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, DATA_DIR_LOCK_FILE), 'utf8'))).toMatchObject({ pid: next.child.pid, user: 'serve' });
    expect(await next.stopCleanly()).toBe(0);
  });

  it('starts after the first was killed (SIGKILL), taking over the lock it left', async () => {
    const dataDir = path.join(root, 'after-kill');
    const first = await startDemo(dataDir);
    first.child.kill('SIGKILL');
    await first.exit;
    // Nothing ran to remove it: the lock still names the dead process.
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, DATA_DIR_LOCK_FILE), 'utf8'))).toMatchObject({ pid: first.child.pid, user: 'serve' });

    const next = await startDemo(dataDir);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, DATA_DIR_LOCK_FILE), 'utf8'))).toMatchObject({ pid: next.child.pid, user: 'serve' });
    expect((await accountsOf(next)).length).toBeGreaterThan(0);
    expect(await next.stopCleanly()).toBe(0);
  });

  it('starts when the process its lock names is now another program (sleep), saying it took the lock over', async () => {
    const dataDir = path.join(root, 'pid-now-sleep');
    fs.mkdirSync(dataDir);
    const sleeper = spawn('sleep', ['60'], { stdio: 'ignore' });
    started.push({ child: sleeper });
    const lockFile = path.join(dataDir, DATA_DIR_LOCK_FILE);
    fs.writeFileSync(lockFile, `${JSON.stringify({ pid: sleeper.pid, user: 'serve', nonce: 'x' })}\n`);

    const next = await startDemo(dataDir);
    expect(next.stderr()).toContain(`took over ${lockFile}: process ${sleeper.pid}, which it names, is now another program (sleep), not the Mirrordesk that left it\n`);
    expect(JSON.parse(fs.readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: next.child.pid, user: 'serve' });
    expect(sleeper.exitCode).toBeNull();
    expect(await next.stopCleanly()).toBe(0);
  });
});
