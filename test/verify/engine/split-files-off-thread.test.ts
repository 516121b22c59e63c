import { splitFiles } from '@ethereum-sourcify/lib-sourcify';
import { describe, expect, it } from 'vitest';
import { hashComputedBefore, keccak256Of } from '../../../main/verify/engine/metadata-contract.ts';
import { metadataContractsOf } from '../../../main/verify/engine/metadata-contracts.ts';
import { OFF_THREAD_MIN_BYTES } from '../../../main/verify/off-thread-min-bytes.ts';
import { splitFilesOf } from '../../../main/verify/engine/split-files-off-thread.ts';
import { READING_THREADS, inReadingTurn } from '../../../main/verify/engine/reading-threads.ts';
import { storageUpload } from '../verify-fixture.ts';

// Large uploads are split (and their sources hashed) by a helper thread: the answer, and what is
// thrown, must be what lib-sourcify's splitFiles gives on the server's loop.

/** A Hardhat build-info holding the Storage contract, padded past OFF_THREAD_MIN_BYTES with an unused source. */
function buildInfo(): string {
  const storage = storageUpload();
  return JSON.stringify({
    _format: 'hh-sol-build-info-1',
    input: { sources: { 'project:/contracts/Storage.sol': { content: storage['Storage.sol'] }, 'Pad.sol': { content: `// ${'p'.repeat(OFF_THREAD_MIN_BYTES)}` } } },
    output: { contracts: { 'project:/contracts/Storage.sol': { Storage: { metadata: storage['metadata.json'] } } } },
  });
}

const asFiles = (files: Record<string, string>) => Object.entries(files).map(([path, text]) => ({ path, buffer: Buffer.from(text) }));

describe('splitting a large upload in a helper thread', () => {
  it('answers as lib-sourcify\'s splitFiles does, and the contracts made from it find their sources', async () => {
    const files = asFiles({ 'build-info/a.json': buildInfo(), 'extra.sol': 'contract Extra {}' });
    const expected = splitFiles(files.map((f) => ({ path: f.path, content: f.buffer.toString() })));
    expect(await splitFilesOf(files)).toEqual(expected);
    const { contracts } = await metadataContractsOf(files);
    expect(contracts.map((c) => [c.name, Object.keys(c.foundSources), Object.keys(c.missingSources)])).toEqual([['Storage', ['project:/contracts/Storage.sol'], []]]);
  });

  it('hands back each source with its keccak256 from the thread, so the server\'s loop hashes none of a large upload', async () => {
    const split = await splitFilesOf(asFiles({ 'build-info/a.json': buildInfo() }));
    expect(split.sourceFiles.length).toBeGreaterThan(1);
    for (const file of split.sourceFiles) expect(hashComputedBefore(file)).toBe(keccak256Of(file.content));
    // A small upload is read on the loop, as a thread's start would cost more than it saves.
    const small = await splitFilesOf(asFiles({ 'extra.sol': 'contract Extra {}' }));
    expect(small.sourceFiles.map(hashComputedBefore)).toEqual([undefined]);
  });

  it('throws what splitFiles throws, by name and message', async () => {
    // A build-info cut short: its JSON cannot be parsed.
    const files = asFiles({ 'build-info/broken.json': buildInfo().slice(0, -5) });
    let expected: Error | null = null;
    try {
      splitFiles(files.map((f) => ({ path: f.path, content: f.buffer.toString() })));
    } catch (error) {
      expected = error as Error;
    }
    expect(expected).toBeInstanceOf(SyntaxError);
    await expect(splitFilesOf(files)).rejects.toMatchObject({ name: expected!.name, message: expected!.message });
  });
});

describe('reading turns', () => {
  it('runs at most READING_THREADS reads at once, the others in the order asked', async () => {
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const releases: Array<() => void> = [];
    const reads = Array.from({ length: READING_THREADS + 2 }, (_, i) => inReadingTurn(async () => {
      started.push(i);
      most = Math.max(most, ++running);
      await new Promise<void>((resolve) => releases.push(resolve));
      running--;
      return i;
    }));
    while (releases.length < READING_THREADS) await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(Array.from({ length: READING_THREADS }, (_, i) => i));
    while (started.length < READING_THREADS + 2) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    releases.forEach((release) => release());
    expect(await Promise.all(reads)).toEqual(Array.from({ length: READING_THREADS + 2 }, (_, i) => i));
    expect(started).toEqual(Array.from({ length: READING_THREADS + 2 }, (_, i) => i));
    expect(most).toBe(READING_THREADS);
  });

  it('passes the turn on when a read fails', async () => {
    const failing = inReadingTurn(async () => { throw new Error('unreadable'); });
    await expect(failing).rejects.toThrow('unreadable');
    const reads = Array.from({ length: READING_THREADS + 1 }, (_, i) => inReadingTurn(async () => i));
    expect(await Promise.all(reads)).toEqual(Array.from({ length: READING_THREADS + 1 }, (_, i) => i));
  });
});
