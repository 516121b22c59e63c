import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.ts';

// `npm run compilers` with bad input: one line (after the usage for bad arguments), never a stack
// trace, and a non-zero exit where it did nothing.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-compilers-cli-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('npm run compilers on bad input', () => {
  it('says --dir is a file in one line (list creates nothing), exit 1', () => {
    const file = path.join(root, 'a-file');
    fs.writeFileSync(file, '');
    expect(runCli('compilers', ['list', '--dir', file])).toEqual({ status: 1, stdout: '', stderr: `compilers: the compilers folder ${file} is a file, not a folder; choose another with --dir DIR\n` });
    const below = path.join(file, 'compilers');
    expect(runCli('compilers', ['import', path.resolve('package.json'), '--dir', below]).stderr).toBe(`compilers: the compilers folder ${below} cannot be created: ${file} is a file, not a folder; choose another with --dir DIR\n`);
  });

  it('refuses an import of nothing with its usage, exit 2', () => {
    const run = runCli('compilers', ['import', '--dir', path.join(root, 'unused')]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^usage: npm run compilers -- .*\nimport needs at least one FILE\n$/);
    expect(fs.existsSync(path.join(root, 'unused'))).toBe(false);
  });
});
