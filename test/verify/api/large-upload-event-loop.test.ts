import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVerifyHarness, storageUpload, type VerifyHarness } from '../verify-fixture.ts';

// A large upload is read by a helper thread (split-files-off-thread.test.ts shows the loop hashes
// none of it); this is the whole path through the server: a 16 MB Hardhat build-info of 1,000
// sources is taken, its contract found, the file stored whole. The loop's longest pause is printed
// (0.25 s here; 4.5 s when the upload was read on the loop), not asserted: tests hold no clock.

let harness: VerifyHarness;
beforeAll(async () => { harness = await startVerifyHarness(); });
afterAll(async () => harness.close());

/** A Hardhat build-info of about 16 MB: the Storage contract's metadata and source among 1,000 other sources. */
function largeBuildInfo(): string {
  const storage = storageUpload();
  const sources: Record<string, { content: string }> = { 'project:/contracts/Storage.sol': { content: storage['Storage.sol']! } };
  for (let i = 0; i < 1000; i++) {
    sources[`contracts/Filler${i}.sol`] = { content: `// SPDX-License-Identifier: MIT\ncontract Filler${i} {\n${`  function f() public pure returns (uint) { return ${i}; }\n`.repeat(270)}}\n` };
  }
  return JSON.stringify({
    _format: 'hh-sol-build-info-1',
    solcLongVersion: '0.8.4+commit.c7e474f2',
    input: { language: 'Solidity', sources, settings: {} },
    output: { contracts: { 'project:/contracts/Storage.sol': { Storage: { metadata: storage['metadata.json'] } } } },
  });
}

/** The longest the loop went without running a 5 ms timer while `work` was under way. */
async function longestPause(work: () => Promise<void>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(longest, performance.now() - last);
}

describe('a large upload to a session', () => {
  it('is read in a helper thread, its contract found and its file stored whole', async () => {
    const buildInfo = largeBuildInfo();
    expect(buildInfo.length).toBeGreaterThan(15_000_000);
    const form = new FormData();
    form.append('files', new Blob([buildInfo]), 'build-info/large.json');
    let answer: { status: number; body: any } | null = null;
    const pause = await longestPause(async () => {
      const response = await fetch(`${harness.baseUrl}/session/input-files`, { method: 'POST', body: form });
      answer = { status: response.status, body: await response.json() };
    });
    expect(answer!.status).toBe(200);
    expect(answer!.body.contracts).toEqual([expect.objectContaining({ name: 'Storage', compiledPath: 'project:/contracts/Storage.sol', files: expect.objectContaining({ found: ['project:/contracts/Storage.sol'], missing: [] }) })]);
    expect(answer!.body.unused).toHaveLength(1000);
    expect(answer!.body.files).toEqual(['build-info/large.json']);
    // The file is stored as sent, whole.
    const stored = harness.service.db.prepare("SELECT content FROM verify_session_file WHERE path = 'build-info/large.json'").pluck().get() as Buffer;
    expect(stored.equals(Buffer.from(buildInfo))).toBe(true);
    console.info(`the server's loop paused at most ${Math.round(pause)} ms during the upload`);
  });
});
