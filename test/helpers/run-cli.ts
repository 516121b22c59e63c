import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface CliRun {
  /** The exit code; null when the run was killed at its time-out. */
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `main/cli/<command>.ts` with `args` to its end, in the project folder. Killed after
 * `timeoutMs`: a command that hangs (mkdir under /proc spun at full CPU for good) fails its test
 * with a null status instead of holding up the run.
 */
export function runCli(command: string, args: readonly string[], timeoutMs = 20_000): CliRun {
  const run = spawnSync(process.execPath, [path.join(ROOT, 'main/cli', `${command}.ts`), ...args], {
    cwd: ROOT, encoding: 'utf8', timeout: timeoutMs, killSignal: 'SIGKILL',
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}
