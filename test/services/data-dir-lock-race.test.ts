import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { DATA_DIR_LOCK_FILE } from '../../main/services/data-dir-lock.ts';

// Several Mirrordesk starts finding one stale lock (its holder killed) at the same instant, for
// real: separate processes, each calling lockDataDir. Exactly one may take the folder, every time;
// a take-over that moved another start's fresh lock aside and put it back over a third's let two run.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-data-dir-lock-race-'));
const STARTS = 5;
const ROUNDS = 150;
const JITTER_MS = 0.5;

/**
 * A start that takes the lock when told, at the instant told (a short sleep, then a spin to the
 * millisecond), says how it fared in one line and holds what it took until told to release it.
 * Each of its file operations is held up by a random fraction of a millisecond before and after,
 * as a busy machine's scheduler would: the interleavings a real race needs then come up within a
 * few hundred rounds, not once in many thousand.
 */
const STARTER = `import fs from 'node:fs';
  import readline from 'node:readline';
  import { lockDataDir } from ${JSON.stringify(path.resolve('main/services/data-dir-lock.ts'))};
  const jitter = () => {
    const until = performance.now() + Math.random() * ${JITTER_MS};
    while (performance.now() < until);
  };
  for (const name of ['readFileSync', 'writeFileSync', 'linkSync', 'renameSync', 'rmSync', 'unlinkSync', 'openSync']) {
    const real = fs[name];
    fs[name] = (...args) => {
      jitter();
      try { return real(...args); } finally { jitter(); }
    };
  }
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  let held = null;
  for await (const line of readline.createInterface({ input: process.stdin })) {
    const order = JSON.parse(line);
    if (order.release) {
      held?.release();
      held = null;
      console.log('released');
      continue;
    }
    const wait = order.at - Date.now() - 3;
    if (wait > 0) Atomics.wait(sleeper, 0, 0, wait);
    while (Date.now() < order.at);
    try {
      held = lockDataDir(order.dir, 'serve', (line) => console.error(line));
      console.log('took');
    } catch (error) {
      console.log(/in use by another Mirrordesk/.test(error.message) ? 'refused' : JSON.stringify(error.message));
    }
  }`;

interface Starter {
  child: ChildProcess;
  /** The next line it says. */
  next(): Promise<string>;
  tell(order: object): void;
}

function starter(): Starter {
  const child = spawn(process.execPath, ['--input-type=module', '-e', STARTER], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines: string[] = [];
  const waiting: Array<(line: string) => void> = [];
  readline.createInterface({ input: child.stdout! }).on('line', (line) => {
    const waiter = waiting.shift();
    if (waiter) waiter(line);
    else lines.push(line);
  });
  child.once('exit', (code) => {
    for (const waiter of waiting.splice(0)) waiter(`exited (${code})`);
  });
  return {
    child,
    next: () => (lines.length > 0 ? Promise.resolve(lines.shift()!) : new Promise((resolve) => waiting.push(resolve))),
    tell: (order) => child.stdin!.write(`${JSON.stringify(order)}\n`),
  };
}

const starters: Starter[] = [];
afterAll(() => {
  for (const { child } of starters) child.kill('SIGKILL');
  fs.rmSync(root, { recursive: true, force: true });
});

/** The id of a process that has exited (and been reaped): what a crash leaves in the lock. */
async function goneProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('lockDataDir, several starts racing over one stale lock', () => {
  it(`lets exactly one of ${STARTS} starts take the folder, in each of ${ROUNDS} rounds, and refuses the others`, async () => {
    starters.push(...Array.from({ length: STARTS }, starter));
    const gone = await goneProcess();
    const failedRounds: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const dir = path.join(root, `round-${round}`);
      const file = path.join(dir, DATA_DIR_LOCK_FILE);
      fs.mkdirSync(dir);
      // As a start killed while it held the folder leaves it.
      fs.writeFileSync(file, `${JSON.stringify({ pid: gone, user: 'serve', nonce: randomUUID() })}\n`);
      const at = Date.now() + 25;
      for (const one of starters) one.tell({ dir, at });
      const outcomes = await Promise.all(starters.map((one) => one.next()));
      const winners = starters.filter((_, i) => outcomes[i] === 'took').map(({ child }) => child.pid);
      const lockHolder = (JSON.parse(fs.readFileSync(file, 'utf8')) as { pid: number }).pid;
      for (const one of starters) one.tell({ release: true });
      await Promise.all(starters.map((one) => one.next()));
      // Released by its one holder, and nothing else left behind.
      const left = fs.readdirSync(dir);
      const refused = outcomes.filter((outcome) => outcome === 'refused').length;
      if (winners.length !== 1 || winners[0] !== lockHolder || refused !== STARTS - 1 || left.length > 0) {
        failedRounds.push(`round ${round}: ${JSON.stringify({ outcomes, winners, lockHolder, left })}`);
      }
    }
    expect(failedRounds, `${failedRounds.length} of ${ROUNDS} rounds went wrong`).toEqual([]);
  }, 120_000);
});
