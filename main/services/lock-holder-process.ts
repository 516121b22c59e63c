import fs from 'node:fs';
import path from 'node:path';

/**
 * What a live process whose id a data-folder lock names is to that lock: its `holder` (the
 * Mirrordesk that wrote it, still running), a process that has `exited` (a zombie: its parent has
 * not collected it yet), `another` program the id has gone to since the holder died (named by its
 * executable), or `unknown` where the OS does not tell (no /proc: macOS, Windows)
 * or the process may be a Mirrordesk without proof that it is the one.
 */
export type LockHolderProcess = { is: 'holder' } | { is: 'exited' } | { is: 'another'; program: string } | { is: 'unknown' };

interface ProcessStat {
  /** The kernel's name for it (the executable's, cut to 15 characters). */
  name: string;
  /** When it started: clock ticks since boot, as /proc gives it. */
  started: string;
  /** Ended, its exit status not collected yet by its parent (state Z). */
  exited: boolean;
}

/**
 * This process's start, for the lock it writes: null where the OS does not tell it (no /proc).
 * Fixed for a process's life, and later for any process given the same id after it ends, so the
 * next start tells the holder from a program that took its id (after a crash, a reboot, a
 * container restart) by comparing it with the start of the process that id names now.
 */
export function ownProcessStart(): string | null {
  return statOf(process.pid)?.started ?? null;
}

/**
 * What the live process `pid` is to a lock that names it and recorded `started`, its holder's
 * start (null in a lock from a build before that, or written where the OS did not tell it). A
 * recorded start settles it either way. Without one, the command line decides only "not a
 * Mirrordesk": an executable other than node, Electron or the packaged app, with no argument
 * naming Mirrordesk (`sleep 60`, a shell, a browser); a node or Electron process may be one, so
 * it is `unknown`, and the lock is not taken from it.
 */
export function lockHolderProcess(pid: number, started: string | null): LockHolderProcess {
  const stat = statOf(pid);
  if (stat === null) return { is: 'unknown' };
  if (stat.exited) return { is: 'exited' };
  const command = commandLineOf(pid);
  const program = command?.[0] ? path.basename(command[0]) : stat.name;
  if (started !== null) return stat.started === started ? { is: 'holder' } : { is: 'another', program };
  if (command === null) return { is: 'unknown' };
  return mayBeMirrordesk(command) ? { is: 'unknown' } : { is: 'another', program };
}

/**
 * Whether a command line may be a Mirrordesk's: `node main/cli/serve.ts`, `electron .` from a
 * checkout, the packaged app (`mirrordesk`, `Mirrordesk.exe`), wherever installed. An empty one
 * (a process that has exited and awaits its parent, a kernel thread) is none.
 */
function mayBeMirrordesk(command: string[]): boolean {
  const executable = path.basename(command[0] ?? '').toLowerCase();
  if (executable.startsWith('node') || executable.startsWith('electron')) return true;
  return command.some((arg) => arg.toLowerCase().includes('mirrordesk'));
}

/** The name and start of a process (/proc/<pid>/stat), null where it cannot be read. */
function statOf(pid: number): ProcessStat | null {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The name, the 2nd field, is in parentheses and may hold spaces and parentheses itself: the
  // fields after its last ')' start at the 3rd, so the 22nd (the start) is the 20th of them.
  const close = stat.lastIndexOf(')');
  const fields = stat.slice(close + 2).split(' ');
  const started = fields[19];
  if (close < 0 || !started || !/^\d+$/.test(started)) return null;
  return { name: stat.slice(stat.indexOf('(') + 1, close), started, exited: fields[0] === 'Z' };
}

/** A process's arguments (/proc/<pid>/cmdline), null where they cannot be read. */
function commandLineOf(pid: number): string[] | null {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter((arg) => arg !== '');
  } catch {
    return null;
  }
}
