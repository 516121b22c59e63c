import { keccak_256 } from '@noble/hashes/sha3.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXAMPLE_ARTIFACT } from '../../../main/mirror/demo/example-contracts.ts';
import { VARIANTS_MAX_BYTES } from '../../../main/verify/engine/metadata-contract.ts';
import { DEMO_CHAIN, deployDemo, demoSource, startDemoHarness, type DemoDeployment, type DemoHarness } from '../demo-chain-fixture.ts';
import { postJson } from '../verify-fixture.ts';

// lib-sourcify tries variants (other line endings, trailing whitespace) of every source that does
// not hash to what the metadata names, hashing each in one go: a 10 MB file held the server for
// ~20 s. A file over VARIANTS_MAX_BYTES is compared as sent only (the total budget across files:
// engine/source-variants-budget.test.ts). Each test sends a file whose
// CRLF form is what it uploads and whose LF form the metadata names: found only if variants are tried.

let harness: DemoHarness;
let counter: DemoDeployment;

beforeEach(async () => {
  harness = await startDemoHarness();
  counter = deployDemo(harness.store, 'Counter', 8101);
});
afterEach(async () => harness.close());

const keccak = (text: string) => `0x${Buffer.from(keccak_256(Buffer.from(text, 'utf8'))).toString('hex')}`;
const crlf = (text: string) => text.replace(/\r?\n/g, '\r\n');

/**
 * Counter.sol padded with a comment so that its CRLF form is exactly `bytes` long, and Counter's
 * metadata naming the LF form (the file as compiled; the upload is that file checked out on Windows).
 */
function paddedUpload(bytes: number): Record<string, string> {
  const base = crlf(demoSource('Counter.sol'));
  const filler = bytes - Buffer.byteLength(base) - Buffer.byteLength('//\r\n');
  const uploaded = `${base}//${'x'.repeat(filler)}\r\n`;
  expect(Buffer.byteLength(uploaded)).toBe(bytes);
  const metadata = JSON.parse(EXAMPLE_ARTIFACT.contracts.Counter.metadata);
  metadata.sources['Counter.sol'].keccak256 = keccak(uploaded.replace(/\r\n/g, '\n'));
  return { 'metadata.json': JSON.stringify(metadata), 'Counter.sol': uploaded };
}

describe('variants of a source that differs from its metadata', () => {
  it('are tried up to the limit and not past it', async () => {
    const atLimit = await postJson(`${harness.baseUrl}/session/input-files`, { files: paddedUpload(VARIANTS_MAX_BYTES) });
    expect(atLimit.status).toBe(200);
    expect(atLimit.body.contracts[0].files).toMatchObject({ found: ['Counter.sol'], missing: [] });

    const pastLimit = await postJson(`${harness.baseUrl}/session/input-files`, { files: paddedUpload(VARIANTS_MAX_BYTES + 1) });
    expect(pastLimit.status).toBe(200);
    expect(pastLimit.body.contracts[0].files).toMatchObject({ found: [], missing: ['Counter.sol'] });
  }, 60_000);

  it('past the limit, /verify says the file was compared as sent only', async () => {
    const response = await postJson(`${harness.baseUrl}/verify`, { address: counter.address, chain: DEMO_CHAIN, files: paddedUpload(VARIANTS_MAX_BYTES + 1) });
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(response.body.error).toMatch(/^missing sources for Counter: Counter\.sol\. The content sent for Counter\.sol is not the file the metadata names/);
    expect(response.body.error).toContain("Counter.sol was compared with the metadata's keccak256 hashes as sent only: other line endings and trailing whitespace are tried for files of at most 1 MiB each, 4 MiB in all.");
  }, 60_000);

  it('a source of normal size with CRLF line endings still verifies', async () => {
    const files = { 'metadata.json': EXAMPLE_ARTIFACT.contracts.Counter.metadata, 'Counter.sol': crlf(demoSource('Counter.sol')) };
    expect(files['Counter.sol']).not.toBe(demoSource('Counter.sol'));
    const response = await postJson(`${harness.baseUrl}/verify`, { address: counter.address, chain: DEMO_CHAIN, files });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.result[0]).toMatchObject({ status: 'perfect', message: 'runtime bytecode: perfect; creation bytecode: perfect' });
  }, 60_000);
});
