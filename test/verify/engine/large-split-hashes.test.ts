import { describe, expect, it, vi } from 'vitest';
import { metadataContractsOf } from '../../../main/verify/engine/metadata-contracts.ts';
import { OFF_THREAD_MIN_BYTES } from '../../../main/verify/off-thread-min-bytes.ts';
import { storageUpload } from '../verify-fixture.ts';

// The sources of a large upload are hashed by the helper thread that splits it; the contracts made
// from it must take those hashes (storeByHash), not hash every source again on the server's loop.
// The hash function metadata-contract.ts imports is counted here, on this thread only: the split
// thread loads its own copy.

const hashing = vi.hoisted(() => ({ calls: 0 }));
vi.mock('@noble/hashes/sha3.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@noble/hashes/sha3.js')>();
  const counted = ((...args: Parameters<typeof actual.keccak_256>) => {
    hashing.calls++;
    return actual.keccak_256(...args);
  }) as typeof actual.keccak_256;
  return { ...actual, keccak_256: Object.assign(counted, actual.keccak_256) };
});

/** A Hardhat build-info holding the Storage contract with its source, and `padding` bytes of another source. */
function buildInfo(padding: number): Buffer {
  const storage = storageUpload();
  return Buffer.from(JSON.stringify({
    _format: 'hh-sol-build-info-1',
    input: { sources: { 'project:/contracts/Storage.sol': { content: storage['Storage.sol'] }, 'Pad.sol': { content: `// ${'p'.repeat(padding)}` } } },
    output: { contracts: { 'project:/contracts/Storage.sol': { Storage: { metadata: storage['metadata.json'] } } } },
  }));
}

async function hashesOnThisThread(padding: number): Promise<number> {
  hashing.calls = 0;
  const { contracts } = await metadataContractsOf([{ path: 'build-info/a.json', buffer: buildInfo(padding) }]);
  expect(contracts.map((c) => [c.name, Object.keys(c.foundSources), Object.keys(c.missingSources)])).toEqual([['Storage', ['project:/contracts/Storage.sol'], []]]);
  return hashing.calls;
}

describe('the sources of the contracts in a build-info', () => {
  it('are found by the split thread\'s hashes for a large upload, none hashed on the server\'s loop', async () => {
    expect(await hashesOnThisThread(OFF_THREAD_MIN_BYTES)).toBe(0);
  });

  it('are hashed on the loop for a small upload, split there (the count sees this thread\'s hashing)', async () => {
    expect(await hashesOnThisThread(16)).toBe(2);
  });
});
