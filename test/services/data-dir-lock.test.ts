import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { DATA_DIR_LOCK_FILE, lockDataDir, type DataDirLock } from '../../main/services/data-dir-lock.ts';

// The lock that keeps a second Mirrordesk off a data folder in use: taken, refused, taken over
// when its holder is gone, released. Starts racing over a stale lock: data-dir-lock-race.test.ts;
// `serve` processes: test/cli/serve-data-dir-lock.test.ts.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-data-dir-lock-'));
const held: DataDirLock[] = [];
const children: ChildProcess[] = [];
/** What the takes said in the log. */
let logged: string[] = [];
afterEach(() => {
  for (const lock of held.splice(0)) lock.release();
  logged = [];
  vi.restoreAllMocks();
});
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  fs.rmSync(root, { recursive: true, force: true });
});

function lock(dir: string): DataDirLock {
  const taken = lockDataDir(dir, 'serve', (line) => void logged.push(line));
  held.push(taken);
  return taken;
}

function lockFileOf(dir: string): string {
  return path.join(dir, DATA_DIR_LOCK_FILE);
}

/** Where the start removing a stale lock holding `text` says so, while it does. */
function takeoverFileOf(dir: string, text: string): string {
  return `${lockFileOf(dir)}.takeover-${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
}

function writeLock(dir: string, text: string): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(lockFileOf(dir), text);
}

/** A process that runs until the suite ends: a live holder that is not this process (node, as a Mirrordesk's is). */
function liveProcess(command = process.execPath, args = ['-e', 'setInterval(() => {}, 1000)']): number {
  const child = spawn(command, args, { stdio: 'ignore' });
  children.push(child);
  return child.pid!;
}

/** When a process started, as Linux tells it (the 22nd field of /proc/<pid>/stat; its name, the 2nd, holds no space here). */
function startOf(pid: number): string {
  return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(' ')[21]!;
}

/** The id of a process that has exited (and been reaped): what a crash leaves in the lock. */
async function goneProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('lockDataDir', () => {
  it('creates the folder and a lock file holding this process id and start', () => {
    const dir = path.join(root, 'fresh', 'profiles');
    const taken = lock(dir);
    expect(taken.file).toBe(lockFileOf(dir));
    expect(JSON.parse(fs.readFileSync(taken.file, 'utf8'))).toMatchObject({ pid: process.pid, user: 'serve', started: startOf(process.pid) });
  });

  it('refuses a folder another running Mirrordesk holds, naming the folder and its process', () => {
    const dir = path.join(root, 'held-by-another');
    const pid = liveProcess();
    writeLock(dir, JSON.stringify({ pid, user: 'desktop', started: startOf(pid) }));
    expect(() => lock(dir)).toThrow(`the data folder ${dir} is in use by another Mirrordesk (the desktop app, process ${pid}); stop it first, or choose another with --data-dir DIR`);
    // Its lock is left as it was.
    expect(JSON.parse(fs.readFileSync(lockFileOf(dir), 'utf8'))).toMatchObject({ pid, user: 'desktop' });
    expect(logged).toEqual([]);
  });

  it('takes over a lock whose process id now belongs to another program (sleep), saying so in one line', () => {
    const dir = path.join(root, 'pid-now-sleep');
    const pid = liveProcess('sleep', ['60']);
    // As a build that recorded no start left it: the command line tells.
    writeLock(dir, JSON.stringify({ pid, user: 'serve', nonce: 'x' }));
    lock(dir);
    expect(JSON.parse(fs.readFileSync(lockFileOf(dir), 'utf8'))).toMatchObject({ pid: process.pid, user: 'serve' });
    expect(fs.readdirSync(dir)).toEqual([DATA_DIR_LOCK_FILE]);
    expect(logged).toEqual([`took over ${lockFileOf(dir)}: process ${pid}, which it names, is now another program (sleep), not the Mirrordesk that left it`]);
  });

  it('takes over a lock whose recorded start is not its process\'s: a node process started since, with the id', () => {
    const dir = path.join(root, 'pid-started-since');
    const pid = liveProcess();
    writeLock(dir, JSON.stringify({ pid, user: 'desktop', started: String(Number(startOf(pid)) - 1), nonce: 'x' }));
    lock(dir);
    expect(JSON.parse(fs.readFileSync(lockFileOf(dir), 'utf8'))).toMatchObject({ pid: process.pid, user: 'serve' });
    expect(logged).toEqual([`took over ${lockFileOf(dir)}: process ${pid}, which it names, is now another program (${path.basename(process.execPath)}), not the Mirrordesk that left it`]);
  });

  it('refuses a lock recording no start whose live process may be a Mirrordesk (node), saying what to do if it is not', () => {
    const dir = path.join(root, 'node-no-start');
    const pid = liveProcess();
    writeLock(dir, JSON.stringify({ pid, user: 'serve', nonce: 'x' }));
    expect(() => lock(dir)).toThrow(`the data folder ${dir} is in use by another Mirrordesk (serve, process ${pid}); stop it first, or choose another with --data-dir DIR (if process ${pid} is not Mirrordesk, delete ${lockFileOf(dir)})`);
  });

  it('where the OS does not tell what a process is (no /proc: macOS, Windows), refuses a live one, saying what to do if it is not Mirrordesk', () => {
    const dir = path.join(root, 'no-proc');
    const pid = liveProcess('sleep', ['60']);
    writeLock(dir, JSON.stringify({ pid, user: 'serve', started: '12345', nonce: 'x' }));
    const read = fs.readFileSync;
    vi.spyOn(fs, 'readFileSync').mockImplementation(((file: fs.PathOrFileDescriptor, options?: unknown) => {
      if (String(file).startsWith('/proc/')) throw Object.assign(new Error(`ENOENT: no such file or directory, open '${String(file)}'`), { code: 'ENOENT' });
      return read(file, options as BufferEncoding);
    }) as typeof fs.readFileSync);
    expect(() => lock(dir)).toThrow(`the data folder ${dir} is in use by another Mirrordesk (serve, process ${pid}); stop it first, or choose another with --data-dir DIR (if process ${pid} is not Mirrordesk, delete ${lockFileOf(dir)})`);
    expect(JSON.parse(fs.readFileSync(lockFileOf(dir), 'utf8'))).toMatchObject({ pid, started: '12345' });
  });

  it('refuses a second take in the same process while the first holds the folder', () => {
    const dir = path.join(root, 'twice');
    lock(dir);
    expect(() => lock(dir)).toThrow(`the data folder ${dir} is in use by another Mirrordesk (serve, process ${process.pid})`);
  });

  it('takes over a lock whose process is gone (a crash, kill -9)', async () => {
    const dir = path.join(root, 'stale');
    writeLock(dir, JSON.stringify({ pid: await goneProcess(), user: 'serve' }));
    lock(dir);
    expect(JSON.parse(fs.readFileSync(lockFileOf(dir), 'utf8'))).toMatchObject({ pid: process.pid, user: 'serve' });
    expect(fs.readdirSync(dir)).toEqual([DATA_DIR_LOCK_FILE]);
  });

  it('takes over a lock holding its own process id from an earlier life (pids reused after a restart)', () => {
    const dir = path.join(root, 'own-pid');
    writeLock(dir, JSON.stringify({ pid: process.pid, user: 'desktop' }));
    lock(dir);
    expect(JSON.parse(fs.readFileSync(lockFileOf(dir), 'utf8'))).toMatchObject({ pid: process.pid, user: 'serve' });
  });

  it('refuses a lock that names no process (empty, as a start on a full disk leaves it), saying how to remove it', () => {
    const dir = path.join(root, 'empty');
    writeLock(dir, '');
    const file = lockFileOf(dir);
    expect(() => lock(dir)).toThrow(`the data folder ${dir} is in use by another Mirrordesk, whose process id its lock file ${file} does not hold; stop it first, or choose another with --data-dir DIR (if none runs, delete ${file})`);
  });

  it('takes over a lock whose take-over was cut short (the start removing it killed), leaving only its own lock', async () => {
    const dir = path.join(root, 'takeover-cut-short');
    const stale = JSON.stringify({ pid: await goneProcess(), user: 'serve', nonce: 'a' });
    writeLock(dir, stale);
    fs.writeFileSync(takeoverFileOf(dir, stale), JSON.stringify({ pid: await goneProcess(), user: 'desktop', nonce: 'b' }));
    lock(dir);
    expect(JSON.parse(fs.readFileSync(lockFileOf(dir), 'utf8'))).toMatchObject({ pid: process.pid, user: 'serve' });
    expect(fs.readdirSync(dir)).toEqual([DATA_DIR_LOCK_FILE]);
  });

  it('refuses a stale lock that another running start is taking over, and leaves both files to it', async () => {
    const dir = path.join(root, 'takeover-under-way');
    const stale = JSON.stringify({ pid: await goneProcess(), user: 'serve', nonce: 'a' });
    writeLock(dir, stale);
    const pid = liveProcess();
    const takeover = JSON.stringify({ pid, user: 'desktop', started: startOf(pid), nonce: 'b' });
    fs.writeFileSync(takeoverFileOf(dir, stale), takeover);
    expect(() => lock(dir)).toThrow(`the data folder ${dir} is in use by another Mirrordesk (the desktop app, process ${pid}); stop it first, or choose another with --data-dir DIR`);
    expect(fs.readFileSync(lockFileOf(dir), 'utf8')).toBe(stale);
    expect(fs.readFileSync(takeoverFileOf(dir, stale), 'utf8')).toBe(takeover);
  });

  it('release removes the lock file, and the folder can be taken again', () => {
    const dir = path.join(root, 'released');
    const first = lockDataDir(dir, 'serve', (line) => void logged.push(line));
    first.release();
    expect(fs.existsSync(first.file)).toBe(false);
    lock(dir);
    expect(fs.existsSync(lockFileOf(dir))).toBe(true);
  });

  it('release leaves a lock file that is not its own (removed by hand and taken by another start)', () => {
    const dir = path.join(root, 'replaced');
    const first = lockDataDir(dir, 'serve', (line) => void logged.push(line));
    const other = JSON.stringify({ pid: liveProcess(), user: 'serve' });
    fs.writeFileSync(first.file, other);
    first.release();
    expect(fs.readFileSync(lockFileOf(dir), 'utf8')).toBe(other);
  });

  it('on a full disk keeps the empty lock file: the folder stays taken, and stored data can still be served', () => {
    const dir = path.join(root, 'full-disk');
    fs.mkdirSync(dir);
    // No room for the lock's text (written beside it first, then linked into place).
    const write = fs.writeFileSync;
    vi.spyOn(fs, 'writeFileSync').mockImplementation((...args: Parameters<typeof fs.writeFileSync>) => {
      if (!String(args[0]).startsWith(`${lockFileOf(dir)}.`)) return write(...args);
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
    });
    const taken = lock(dir);
    vi.restoreAllMocks();
    expect(fs.readFileSync(taken.file, 'utf8')).toBe('');
    expect(() => lockDataDir(dir, 'serve', (line) => void logged.push(line))).toThrow(/in use by another Mirrordesk, whose process id its lock file .* does not hold/);
    taken.release();
    expect(fs.existsSync(taken.file)).toBe(false);
  });

  it('says which lock file it cannot use, and why', () => {
    const dir = path.join(root, 'lock-is-a-folder');
    fs.mkdirSync(path.join(dir, DATA_DIR_LOCK_FILE, 'inside'), { recursive: true });
    // A folder in the lock file's place: it exists, and cannot be read as a lock.
    expect(() => lock(dir)).toThrow(`the data folder ${dir} cannot be locked: its lock file ${lockFileOf(dir)} cannot be read (EISDIR); choose another with --data-dir DIR`);
  });
});
