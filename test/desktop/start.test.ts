import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVE_USAGE } from '../../main/cli/serve-args.ts';
import { locateElectronBinary } from '../../main/desktop/electron-binary.ts';

// `npm start` where Electron cannot run (this machine: the binary cannot be downloaded). Where a
// binary is present these tests would open a window, so they skip themselves there.
const electron = locateElectronBinary(process.cwd());
const START = path.resolve('main/cli/start.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-start-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function start(args: string[]) {
  const child = spawn(process.execPath, [START, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const stderrLines: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => stderrLines.push(line));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const uiLine = new Promise<string | null>((resolve) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('ui: ')) resolve(line.slice(4));
    });
    child.on('exit', () => resolve(null));
  });
  return { child, stderrLines, exit, uiLine };
}

const FALLBACK = /^mirrordesk: the Electron binary is not available here \((.+)\); running the web UI with npm run serve instead$/;
// Right for the desktop app, which binds no UI port; serve refuses it. So it passes npm start's own check and reaches serve.
const SERVE_ONLY_PROBLEM = ['--ui-port', '48000', '--mirror-port', '48000'];

// Whether Electron is there or not: these stop before it is looked for.
describe('npm start refusing its arguments', () => {
  it('refuses a mistyped flag in serve\'s words, before it looks for Electron', async () => {
    const run = start(['--network', 'demo', '--mirror-prot', '5000']);
    expect(await run.exit).toBe(1);
    expect(run.stderrLines[0]).toBe('mirrordesk: unknown option --mirror-prot (did you mean --mirror-port?)');
    expect(run.stderrLines.slice(1).join('\n')).toBe(SERVE_USAGE);
    expect(run.stderrLines.some((line) => FALLBACK.test(line))).toBe(false);
  });

  it('refuses a bad value as serve does', async () => {
    const run = start(['--mirror-port', 'eighty']);
    expect(await run.exit).toBe(1);
    expect(run.stderrLines[0]).toMatch(/^mirrordesk: --mirror-port must be a port number/);
    expect(run.stderrLines.some((line) => FALLBACK.test(line))).toBe(false);
  });
});

describe.skipIf(electron.ok)('npm start without Electron', () => {
  it('says why in exactly one line before anything else', async () => {
    const run = start(SERVE_ONLY_PROBLEM);
    await run.exit;
    expect(run.stderrLines[0]).toMatch(FALLBACK);
    expect(run.stderrLines.filter((line) => line.startsWith('mirrordesk:'))).toHaveLength(1);
  });

  it('hands its arguments to serve', async () => {
    const run = start(SERVE_ONLY_PROBLEM);
    expect(await run.exit).toBe(1);
    // The arguments reached serve, which rejected them in its own words.
    expect(run.stderrLines.slice(1)).toEqual(['serve: --ui-port and --mirror-port are both 48000: each service needs a port of its own (0 picks a free port)']);
  });

  it('leaves the switches only Electron or Chromium take out of serve\'s arguments, and says so', async () => {
    const run = start(['--disable-gpu', '--ozone-platform=wayland', ...SERVE_ONLY_PROBLEM]);
    expect(await run.exit).toBe(1);
    expect(run.stderrLines[1]).toBe('mirrordesk: --disable-gpu, --ozone-platform are for the desktop app only, not used by the web UI');
    // Not "unknown option --disable-gpu": serve saw only its own flags.
    expect(run.stderrLines.slice(2)).toEqual(['serve: --ui-port and --mirror-port are both 48000: each service needs a port of its own (0 picks a free port)']);
  });

  it('serves the web UI on the given ports and stops cleanly on SIGTERM', async () => {
    const run = start(['--data-dir', dataDir, '--ui-port', '0', '--mirror-port', '0', '--status-port', '0', '--demo-accounts', '200']);
    const ui = await run.uiLine;
    expect(ui).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{20,}$/);
    expect(run.stderrLines[0]).toMatch(FALLBACK);
    const page = await fetch(ui!);
    expect(page.status).toBeLessThan(500);
    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(0);
  });
});
