import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

export type ElectronBinary = { ok: true; path: string } | { ok: false; reason: string };

/**
 * `require('electron')` as a child script: the package downloads its binary on first use and
 * prints while doing so, which must not reach our one-line output. The path is the last line.
 */
const PROBE = "process.stdout.write('\\n' + require('electron'))";

/**
 * Finds the Electron executable the `electron` package provides, downloading it on first use
 * as the package does. Never throws: when there is no usable binary, says why in a few words.
 */
export function locateElectronBinary(projectRoot: string, timeoutMs = 10 * 60_000): ElectronBinary {
  const probe = spawnSync(process.execPath, ['-e', PROBE], { cwd: projectRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs });
  if (probe.error) return { ok: false, reason: `could not run the electron package: ${probe.error.message}` };
  if (probe.status !== 0) return { ok: false, reason: describeProbeFailure(probe.stderr) };
  const binary = probe.stdout.split('\n').at(-1)!.trim();
  if (!binary) return { ok: false, reason: 'the electron package reported no binary path' };
  if (!fs.existsSync(binary)) return { ok: false, reason: `no executable at ${binary}` };
  return { ok: true, path: binary };
}

/** Turns the package's stack traces into a short reason: the first error message, e.g. `fetch failed`. */
export function describeProbeFailure(stderr: string): string {
  if (/Cannot find module 'electron'/.test(stderr)) return 'the electron package is not installed';
  const messages = [...stderr.matchAll(/^\s*(?:\w*Error|Error): (.+)$/gm)].map((m) => m[1]!.trim());
  const first = messages.find((m) => !m.startsWith('Electron failed to install correctly'));
  return first ? `its download failed: ${first}` : 'the electron package could not provide its binary';
}
