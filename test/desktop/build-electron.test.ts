import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { preloadOptions, scriptUrlPlugin } from '../../main/cli/build-electron.ts';

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-build-'));
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

/** Every `require("…")` in a bundle. */
const requiresOf = (code: string): string[] => [...code.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]!);

describe('the preload bundle', () => {
  it('is one CommonJS file that requires nothing but electron', async () => {
    await build({ ...preloadOptions(outDir), logLevel: 'silent' });
    const code = fs.readFileSync(path.join(outDir, 'preload', 'preload.cjs'), 'utf8');
    expect(fs.existsSync(path.join(outDir, 'preload', 'preload.cjs.map'))).toBe(true);
    expect(requiresOf(code)).toEqual(['electron']);
    expect(code).not.toMatch(/\bimport\s*\(|^import\s/m);
    expect(code).toContain('exposeInMainWorld("mirrordesk"');
  });
});


describe('npm run build:electron', () => {
  it('writes the main bundle, the preload and their source maps, one line each', () => {
    const run = spawnSync(process.execPath, ['main/cli/build-electron.ts', '--out-dir', outDir], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const lines = run.stdout.trim().split('\n');
    for (const file of ['main/electron-main.js', 'main/electron-main.js.map', 'preload/preload.cjs', 'preload/preload.cjs.map']) {
      expect(fs.existsSync(path.join(outDir, file))).toBe(true);
      expect(lines.some((line) => line.includes(file + ' '))).toBe(true);
    }
    const main = fs.readFileSync(path.join(outDir, 'main', 'electron-main.js'), 'utf8');
    // better-sqlite3 (native) and electron stay external; no local .ts file is left to load at runtime.
    expect(main).toMatch(/from "better-sqlite3"/);
    expect(main).toMatch(/from "electron"/);
    expect(main).not.toMatch(/\.ts["']/);
    expect(requiresOf(fs.readFileSync(path.join(outDir, 'preload', 'preload.cjs'), 'utf8'))).toEqual(['electron']);
  });

  it('rejects unknown arguments', () => {
    const run = spawnSync(process.execPath, ['main/cli/build-electron.ts', '--watch'], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^build-electron: usage:/);
  });
});

describe('worker scripts in the main bundle', () => {
  it('rewrites new URL("./x.ts", import.meta.url) to a bundled workers/x.js', async () => {
    const src = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-worker-src-'));
    try {
      fs.writeFileSync(path.join(src, 'entry.ts'), "export const url = new URL('./lib/job-worker.ts', import.meta.url);\n");
      fs.mkdirSync(path.join(src, 'lib'));
      fs.writeFileSync(path.join(src, 'lib', 'job-worker.ts'), "export const x: number = 1;\n");
      const found = new Map<string, string>();
      await build({ entryPoints: [path.join(src, 'entry.ts')], bundle: true, write: false, format: 'esm', platform: 'node', outdir: src, logLevel: 'silent', plugins: [scriptUrlPlugin('./workers/', found)] }).then((result) => {
        expect(result.outputFiles[0]!.text).toContain('new URL("./workers/job-worker.js", import.meta.url)');
      });
      expect([...found]).toEqual([['job-worker', path.join(src, 'lib', 'job-worker.ts')]]);
    } finally {
      fs.rmSync(src, { recursive: true, force: true });
    }
  });
});
