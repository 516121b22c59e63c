import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { probeSoljson, SoljsonProbeError } from '../../../main/verify/compilers/probe-soljson.ts';
import { tempDir } from '../verify-fixture.ts';

// Loading a file to learn which compiler it is: what a file that is none is told, in words for
// the person who chose it (the file probed is a temporary copy, whose name means nothing to them).

function fileWith(text: string): string {
  const file = path.join(tempDir(), '.incoming-0123456789ab.js');
  fs.writeFileSync(file, text);
  return file;
}

async function probeError(file: string, timeoutMs?: number): Promise<SoljsonProbeError> {
  const error = await probeSoljson(file, timeoutMs).then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(SoljsonProbeError);
  return error as SoljsonProbeError;
}

describe('probing a soljson file', () => {
  it('stops a file that never loads after the time-out, without naming the file', async () => {
    const file = fileWith('while (true) {}');
    const error = await probeError(file, 300);
    expect(error.reason).toBe('it did not load within 0.3 s');
    expect(error.message).toBe('not a usable soljson compiler: it did not load within 0.3 s');
  });

  it('says why a file fails to load, without naming the temporary file', async () => {
    const file = fileWith('throw new Error(`no compiler in ${__filename}`);');
    const error = await probeError(file);
    expect(error.reason).toBe('loading it failed: no compiler in the file');
    expect(error.message).not.toContain(file);
  });

  it('says so of a file that is no compiler at all', async () => {
    const error = await probeError(fileWith('module.exports = {};'));
    expect(error.reason).toMatch(/^loading it failed: /);
  });
});
