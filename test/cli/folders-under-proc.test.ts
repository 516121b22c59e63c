import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.ts';

// A folder named under /proc made every command that creates it spin at full CPU for good (Node's
// recursive mkdir there never returns); each now refuses it in one line. runCli kills a hang.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-proc-paths-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const FREE_PORTS = ['--ui-port', '0', '--mirror-port', '0', '--status-port', '0', '--verify-port', '0'];
const NO_NEW_FOLDERS = '(/proc does not take new folders)';

describe.runIf(process.platform === 'linux')('commands given a folder under /proc', () => {
  it('serve --data-dir', () => {
    const run = runCli('serve', ['--data-dir', '/proc/mirrordesk-x', ...FREE_PORTS]);
    expect([run.status, run.stderr]).toEqual([1, `serve: cannot create the data folder /proc/mirrordesk-x ${NO_NEW_FOLDERS}; choose another with --data-dir DIR\n`]);
  });

  it('serve --compilers', () => {
    const run = runCli('serve', ['--data-dir', path.join(root, 'data'), '--compilers', '/proc/mirrordesk-x', ...FREE_PORTS]);
    expect([run.status, run.stderr]).toEqual([1, `serve: cannot create the compilers folder /proc/mirrordesk-x ${NO_NEW_FOLDERS}; choose another with --compilers DIR\n`]);
  });

  it('compilers import --dir', () => {
    const run = runCli('compilers', ['import', path.resolve('package.json'), '--dir', '/proc/mirrordesk-x']);
    expect([run.status, run.stderr]).toEqual([1, `compilers: cannot create the compilers folder /proc/mirrordesk-x ${NO_NEW_FOLDERS}; choose another with --dir DIR\n`]);
  });

  it('bench accounts --data-dir', () => {
    const run = runCli('bench', ['accounts', '--data-dir', '/proc/mirrordesk-x', '--accounts', '1000']);
    expect([run.status, run.stderr]).toEqual([1, `bench: cannot create the benchmark data folder /proc/mirrordesk-x ${NO_NEW_FOLDERS}; choose another with --data-dir DIR\n`]);
  });

  it('conformance verify --compilers', () => {
    const run = runCli('conformance', ['verify', '--compilers', '/proc/mirrordesk-x']);
    expect([run.status, run.stderr]).toEqual([2, `conformance: cannot create the compilers folder /proc/mirrordesk-x ${NO_NEW_FOLDERS}; choose another with --compilers DIR\n`]);
  });
});
