import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The import specifier of a project file (`main/files/make-folder.ts`) for a script run by runScript. */
export function projectModule(file: string): string {
  return JSON.stringify(pathToFileURL(path.join(ROOT, file)).href);
}

/**
 * Runs an ES module `source` in a child node, in the project folder, and returns its stdout, or
 * null when it was killed at `timeoutMs`: for code that may hang for good in a synchronous call
 * (mkdir under /proc), which would hold the test worker itself forever.
 */
export function runScript(source: string, timeoutMs = 20_000): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', source], { cwd: ROOT, encoding: 'utf8', timeout: timeoutMs, killSignal: 'SIGKILL' });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}
