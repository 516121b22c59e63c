import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// Test files share one compilers cache and run in parallel processes: each call rewrites the
// folder's note of versions npm lacks while the others read it. Written in place, a reader now and
// then got half of it ("Unexpected end of JSON input", seen in CI). Three processes call it in a
// loop for a second; none may fail.
const ROOT = path.resolve(import.meta.dirname, '../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-compilers-parallel-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const LOOP = `
import { ensureCompilers } from ${JSON.stringify(path.join(ROOT, 'main/conformance/verify/ensure-compilers.ts'))};
const end = Date.now() + 1000;
let calls = 0;
while (Date.now() < end) { await ensureCompilers(process.argv[1], [], () => undefined); calls++; }
console.log(calls);
`;

function loop(): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', LOOP, dir], { cwd: ROOT });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => { out += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { out += chunk.toString(); });
    child.on('close', (code) => resolve({ code, out }));
  });
}

describe('ensureCompilers from parallel processes', () => {
  it('never reads the note of missing versions half written', async () => {
    const runs = await Promise.all([loop(), loop(), loop()]);
    for (const run of runs) {
      expect(run.out).toMatch(/^\d+\n$/);
      expect(run.code).toBe(0);
    }
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'npm-missing.json'), 'utf8'))).toEqual({});
    expect(fs.readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});
