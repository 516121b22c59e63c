import { keccak_256 } from '@noble/hashes/sha3.js';
import { afterEach, describe, expect, it } from 'vitest';
import { postJson, startVerifyHarness, storageDeployment, storageUpload, type VerifyHarness } from '../verify-fixture.ts';

// A source edited after it was compiled, uploaded with the original metadata: lib-sourcify finds
// sources by hash, so the edit is passed over. The session must say so (Sourcify's `invalid`
// entry), whether the copy verified here before stands in for it or the source is missing.

const ADDRESS = storageDeployment().address;
const SOURCE_PATH = 'project:/contracts/Storage.sol';
const keccak = (text: string) => `0x${Buffer.from(keccak_256(Buffer.from(text, 'utf8'))).toString('hex')}`;
const cookieOf = (setCookie: string | null) => setCookie!.split(';')[0]!;

/** The upload as the browser or curl sends it: multipart, one part per file. */
async function postFiles(url: string, files: Record<string, string>): Promise<{ body: { contracts: Array<{ files: Record<string, unknown>; status: string; verificationId: string }>; unused: string[] }; cookie: string }> {
  const form = new FormData();
  for (const [name, content] of Object.entries(files)) form.append('files', new Blob([content]), name);
  const response = await fetch(url, { method: 'POST', body: form });
  expect(response.status).toBe(200);
  return { body: await response.json() as never, cookie: cookieOf(response.headers.get('set-cookie')) };
}

describe('verification API: a session given an edited source', () => {
  let harness: VerifyHarness;
  afterEach(async () => harness.close());

  const original = storageUpload();
  const edited = original['Storage.sol']!.replace('function store(uint256 num) public {', 'function store(uint256 num) public {\n        num = num * 2;');

  it('names the upload in `invalid` with both hashes when the stored copy stands in for it, and verifies that copy', async () => {
    harness = await startVerifyHarness();
    // Verified once with the very source: its copy is stored here from then on.
    const first = await postJson(`${harness.baseUrl}/session/input-files`, { files: original });
    const firstId = first.body.contracts[0].verificationId as string;
    await postJson(`${harness.baseUrl}/session/verify-checked`, { contracts: [{ verificationId: firstId, address: ADDRESS, chainId: '31337' }] }, cookieOf(first.setCookie));

    expect(edited).not.toBe(original['Storage.sol']);
    const { body, cookie } = await postFiles(`${harness.baseUrl}/session/input-files`, { 'metadata.json': original['metadata.json']!, 'Storage.sol': edited });
    const files = body.contracts[0]!.files;
    expect(files.found).toEqual([SOURCE_PATH]);
    expect(files.missing).toEqual([]);
    expect(files.invalid).toEqual({
      [SOURCE_PATH]: {
        expectedHash: keccak(original['Storage.sol']!),
        calculatedHash: keccak(edited),
        uploadedPath: 'Storage.sol',
        storedCopyUsed: true,
        msg: expect.stringMatching(/^Storage\.sol is not the file the metadata names as project:\/contracts\/Storage\.sol \(its keccak256 differs.*the copy of .* already stored here .* is used instead, not the uploaded file$/),
      },
    });
    expect(body.unused).toEqual(['Storage.sol']);
    // What is verified is the stored copy: a perfect match, still naming the upload it passed over.
    const verified = await postJson(`${harness.baseUrl}/session/verify-checked`, { contracts: [{ verificationId: body.contracts[0]!.verificationId, address: ADDRESS, chainId: '31337' }] }, cookie);
    expect(verified.body.contracts[0]).toMatchObject({ status: 'perfect', files: { invalid: { [SOURCE_PATH]: { storedCopyUsed: true } } } });
  });

  it('names it with the source still missing when nothing verified here has that source', async () => {
    harness = await startVerifyHarness();
    const { body } = await postFiles(`${harness.baseUrl}/session/input-files`, { 'metadata.json': original['metadata.json']!, 'Storage.sol': edited, 'Other.sol': 'contract Other {}' });
    const files = body.contracts[0]!.files;
    expect(files.found).toEqual([]);
    expect(files.missing).toEqual([SOURCE_PATH]);
    expect(files.invalid).toEqual({ [SOURCE_PATH]: expect.objectContaining({ uploadedPath: 'Storage.sol', storedCopyUsed: false, msg: expect.stringMatching(/send the file as it was compiled$/) }) });
  });

  it('has no `invalid` for the very source, nor for a file of another name', async () => {
    harness = await startVerifyHarness();
    const { body } = await postFiles(`${harness.baseUrl}/session/input-files`, { ...original, 'Storage2.sol': edited });
    expect(body.contracts[0]!.files).toEqual({ found: [SOURCE_PATH], missing: [] });
    // The source missing, files whose path is not the metadata's, nor ends with it, are other files.
    const { body: other } = await postFiles(`${harness.baseUrl}/session/input-files`, { 'metadata.json': original['metadata.json']!, 'Storage2.sol': edited, 'MyStorage.sol': edited });
    expect(other.contracts[0]!.files).toEqual({ found: [], missing: [SOURCE_PATH] });
  });
});
