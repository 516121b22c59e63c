import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES_PER_CALL } from '../../../main/bridge/validate-verify-request.ts';
import { MAX_FILE_BYTES, toUploads } from '../../../renderer/src/lib/verify-files.ts';

describe('toUploads and file sizes', () => {
  it('takes files up to what one call carries, the bridge\'s limit', () => {
    expect(MAX_FILE_BYTES).toBe(MAX_FILE_BYTES_PER_CALL);
  });

  it('leaves out a file larger than one call takes, naming it, and still sends the files after it', async () => {
    const huge = new Blob([new Uint8Array(MAX_FILE_BYTES + 1)]);
    const fits = new Blob([new Uint8Array(MAX_FILE_BYTES)]);
    const { batches, tooLarge, skipped } = await toUploads([
      { path: 'a/huge.sol', file: huge },
      { path: 'a/fits.sol', file: fits },
      { path: 'a/B.sol', file: new Blob(['contract B {}']) },
    ]);
    expect(tooLarge).toEqual([{ name: 'a/huge.sol', bytes: MAX_FILE_BYTES + 1 }]);
    expect(batches.flat().map((f) => f.name)).toEqual(['a/fits.sol', 'a/B.sol']);
    expect(skipped).toBe(0);
  });
});
