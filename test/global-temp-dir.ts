import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Vitest global setup: every temporary folder the tests make goes under one folder per run,
 * removed when the run ends, so a test that skips its own clean-up (or dies) leaves nothing in
 * /tmp; the verification tests alone left about 130 MB of stores and compilers per run. The
 * workers are forked after this runs: they inherit TMPDIR, and os.tmpdir() answers the run's folder.
 */
export default function setup(): () => void {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-vitest-'));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = root;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    fs.rmSync(root, { recursive: true, force: true });
  };
}
