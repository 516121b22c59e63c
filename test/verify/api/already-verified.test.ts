import { keccak_256 } from '@noble/hashes/sha3.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { postJson, startVerifyHarness, storageDeployment, storageModifiedUpload, storageUpload, type VerifyHarness } from '../verify-fixture.ts';

const ADDRESS = storageDeployment().address;
const CHECKSUMMED = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const STORAGE_PATH = 'project:/contracts/Storage.sol';

/** Storage's sources with one comment more: the same bytecode under another metadata hash, so a partial match of Storage's deployment. */
function commentedStorageUpload(): Record<string, string> {
  const source = `${storageUpload()['Storage.sol']}\n// another copy of the same contract\n`;
  const metadata = JSON.parse(storageUpload()['metadata.json']!) as { sources: Record<string, { keccak256: string; urls?: string[] }> };
  metadata.sources[STORAGE_PATH] = { keccak256: `0x${Buffer.from(keccak_256(Buffer.from(source))).toString('hex')}` };
  return { 'metadata.json': JSON.stringify(metadata), 'Storage.sol': source };
}

function solcJsonInput(): string {
  const settings = JSON.parse(storageUpload()['metadata.json']!).settings as Record<string, unknown>;
  delete settings.compilationTarget;
  return JSON.stringify({ language: 'Solidity', sources: { 'project:/contracts/Storage.sol': { content: storageUpload()['Storage.sol'] } }, settings });
}

describe('verifying an address that is verified already (real HTTP on loopback)', () => {
  let harness: VerifyHarness;
  beforeEach(async () => { harness = await startVerifyHarness(); });
  afterEach(async () => harness.close());

  const verify = (files: Record<string, string>, extra: Record<string, unknown> = {}) => postJson(`${harness.baseUrl}/verify`, { address: ADDRESS, chain: '31337', files, ...extra });
  const solcJson = (extra: Record<string, unknown> = {}) => postJson(`${harness.baseUrl}/verify/solc-json`, {
    address: ADDRESS, chain: '31337', compilerVersion: '0.8.4+commit.c7e474f2', contractName: 'Storage', files: { 'input.json': solcJsonInput() }, ...extra,
  });

  it('answers /verify/solc-json with this request\'s matches, never the stored ones it did not check', async () => {
    const first = await solcJson({ creatorTxHash: storageDeployment().txHash });
    expect(first.body.result[0]).toMatchObject({ status: 'perfect', message: 'runtime bytecode: perfect; creation bytecode: perfect' });
    const stored = harness.service.repository.get('31337', ADDRESS)!;

    // The same input with a creation transaction that is not this contract's: its creation bytecode does not match.
    const bogus = await solcJson({ creatorTxHash: `0x${'cd'.repeat(32)}` });
    expect(bogus.status).toBe(200);
    expect(bogus.body.result[0].message).toMatch(/^runtime bytecode: perfect; creation bytecode: no match \(the creator tx hash given is not this address's creation, or could not be read\); not stored: the match stored from these same sources on .+ \(runtime bytecode: perfect; creation bytecode: perfect\) is better and stays stored for this address$/);
    expect(harness.service.repository.get('31337', ADDRESS)).toEqual(stored);

    // And the very same request again: what it found is what is stored.
    const again = await solcJson({ creatorTxHash: storageDeployment().txHash });
    expect(again.body.result[0]).toMatchObject({ status: 'perfect', message: `runtime bytecode: perfect; creation bytecode: perfect; already verified from these sources with the same matches on ${stored.verifiedAt}: nothing new to store` });
    expect(harness.service.repository.get('31337', ADDRESS)).toEqual(stored);
  });

  it('refuses a second partial match with Sourcify\'s 409 and keeps the first', async () => {
    const first = await verify(storageModifiedUpload());
    expect(first.body.result[0]).toMatchObject({ status: 'partial' });
    const stored = harness.service.repository.get('31337', ADDRESS)!;
    expect(stored.name).toBe('StorageModified');

    const second = await verify(commentedStorageUpload());
    expect(second).toMatchObject({
      status: 409,
      body: { error: `The contract ${CHECKSUMMED} on chainId 31337 is already partially verified. The provided new source code also yielded a partial match and will not be stored unless it's a full match` },
    });
    expect(harness.service.repository.get('31337', ADDRESS)).toEqual(stored);

    // The same refusal for a session's contract, on the contract.
    const added = await postJson(`${harness.baseUrl}/session/input-files`, { files: commentedStorageUpload() });
    const cookie = added.setCookie!.split(';')[0]!;
    const checked = await postJson(`${harness.baseUrl}/session/verify-checked`, { contracts: [{ verificationId: added.body.contracts[0].verificationId, address: ADDRESS, chainId: '31337' }] }, cookie);
    expect(checked.body.contracts[0]).toMatchObject({ status: 'error', statusMessage: second.body.error });
    expect(checked.body.contracts[0].storageTimestamp).toBeUndefined();

    // A full match replaces it.
    expect((await verify(storageUpload())).body.result[0]).toMatchObject({ status: 'perfect' });
    expect(harness.service.repository.get('31337', ADDRESS)).toMatchObject({ name: 'Storage', runtimeMatch: 'perfect' });
  });
});
