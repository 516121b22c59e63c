import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.ts';

// `npm run conformance` given input it cannot run: one line and exit 2, where it printed a stack
// trace, or ran no case and said "0 passed" with exit 0.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-conformance-cli-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const empty = path.join(root, 'empty');
fs.mkdirSync(empty);
const emptyFile = path.join(root, 'empty.json');
fs.writeFileSync(emptyFile, '');

describe('npm run conformance on input it cannot run', () => {
  it.each([
    ['status, a path that does not exist', ['status', path.join(root, 'missing')], `conformance: ${path.join(root, 'missing')} does not exist\n`],
    ['status, an empty file', ['status', emptyFile], `conformance: ${emptyFile} is not JSON (Unexpected end of JSON input)\n`],
    ['mirror, an empty folder', ['mirror', empty], `conformance: no spec files (*.json) in ${empty}\n`],
    ['verify, a folder without cases.json', ['verify', empty, '--offline'], `conformance: ${empty} has no cases.json\n`],
  ])('%s: one line, exit 2', (_label, args, stderr) => {
    const run = runCli('conformance', args);
    expect([run.status, run.stderr, run.stdout]).toEqual([2, stderr, '']);
  });

  it.each([
    ['mirror', '--top-levle', [empty]],
    ['status', '--bogus', []],
  ])('%s %s: refuses the unknown flag with the usage, exit 2', (suite, flag, args) => {
    const run = runCli('conformance', [suite, ...args, flag]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`^usage: npm run conformance -- mirror[^]*\\nunknown option ${flag}\\n$`));
  });

  it.each([
    // Named without its value, which may hold a URL's password.
    ['mirror', ['--bogus=https://me:secret@x.example/'], 'unknown option --bogus'],
    ['status', ['--verbose=1'], '--verbose takes no value'],
    ['mirror', [empty, 'other'], 'one folder at most, not also "other"'],
  ])('%s %j: refused with the usage, exit 2', (suite, args, line) => {
    const run = runCli('conformance', [suite, ...args]);
    expect([run.status, run.stderr.split('\n').at(-2)]).toEqual([2, line]);
  });

  it('verify takes --compilers=DIR as --compilers DIR', () => {
    const run = runCli('conformance', ['verify', empty, `--compilers=${path.join(root, 'compilers')}`, '--offline']);
    expect([run.status, run.stderr]).toEqual([2, `conformance: ${empty} has no cases.json\n`]);
  });
});
