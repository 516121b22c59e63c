import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every command a newcomer may try with --help (or -h) answers with its usage on stdout and
// exit code 0, before it builds, binds a port or touches a data folder.
const ROOT = path.resolve(import.meta.dirname, '../..');

describe('--help', () => {
  it.each([
    ['serve', '--help', 'usage: npm run serve -- [--data-dir DIR]'],
    ['start', '-h', "npm start -- FLAGS takes serve's flags"],
    ['bench', '--help', 'npm run bench -- mirror'],
    ['conformance', '-h', 'npm run conformance -- verify'],
    ['compilers', '--help', 'usage: npm run compilers --'],
  ])('%s %s prints its usage and exits 0', (command, flag, expected) => {
    const run = spawnSync(process.execPath, [path.join(ROOT, 'main/cli', `${command}.ts`), flag], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(expected);
    expect(run.stderr).toBe('');
  });
});
