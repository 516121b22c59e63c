import JSZip from 'jszip';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checksumAddress } from '../../../main/verify/engine/evm-address.ts';
import { postJson, startVerifyHarness, storageDeployment, storageUpload, type VerifyHarness } from '../verify-fixture.ts';
import { damagedDbMessage, damageVerifyTable } from '../verify-db-fixture.ts';

// Every zip the verification code opens, counted (one module opens them all).
const opened = vi.hoisted(() => ({ zips: 0 }));
vi.mock('../../../main/verify/engine/zip-archive.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../main/verify/engine/zip-archive.ts')>();
  return {
    ...original,
    zipEntries: (...args: Parameters<typeof original.zipEntries>) => {
      opened.zips += 1;
      return original.zipEntries(...args);
    },
  };
});

// POST /session/input-contract ({address, chainId}): Sourcify reads the metadata hash in the
// deployed code and fetches metadata.json from IPFS; offline, the metadata is found in the session
// or among the contracts verified here, or the answer says to upload it. Real HTTP on loopback.

const ADDRESS = storageDeployment().address;
const CHECKSUMMED = checksumAddress(ADDRESS);
/** The IPFS hash of the Storage fixture's metadata.json, as its deployed code names it. */
const STORAGE_METADATA_CID = 'QmNgYBpa6rUqCnfeYXC9eqURstnsTwPFrAPEM6GtvpFxVW';
const cookieOf = (setCookie: string | null) => setCookie!.split(';')[0]!;

describe('POST /session/input-contract (real HTTP on loopback)', () => {
  let harness: VerifyHarness;
  beforeEach(async () => { harness = await startVerifyHarness(); });
  afterEach(async () => harness.close());

  const inputContract = (body: Record<string, string>, cookie?: string) => postJson(`${harness.baseUrl}/session/input-contract`, body, cookie);

  it('says that metadata.json cannot be fetched from IPFS offline and must be uploaded, opening no session', async () => {
    const answer = await inputContract({ address: ADDRESS, chainId: '31337' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(`The metadata of the contract at ${CHECKSUMMED} on chain 31337 (IPFS ${STORAGE_METADATA_CID}) is neither in this session nor among the contracts verified here, `
      + "and this verifier works offline: it cannot fetch metadata.json from IPFS. Upload the contract's metadata.json, with its sources, instead");
    expect(answer.setCookie).toBeNull();
  });

  it('uses a metadata.json uploaded to the session that the deployed code names', async () => {
    const added = await postJson(`${harness.baseUrl}/session/input-files`, { files: { 'metadata.json': storageUpload()['metadata.json'] } });
    const cookie = cookieOf(added.setCookie);
    const answer = await inputContract({ address: ADDRESS, chainId: '31337' }, cookie);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(added.body);
    expect(answer.body.contracts).toEqual([expect.objectContaining({ name: 'Storage', files: { found: [], missing: ['project:/contracts/Storage.sol'] } })]);
  });

  it('adds a verified contract whose metadata the deployed code names, with its sources, and the session verifies it', async () => {
    // Verified here on chain 298 (the registry reads the harness's rpcUrls object); imported on 31337 by its metadata hash.
    harness.rpcUrls['298'] = harness.chains.deploy('298', storageDeployment());
    expect((await postJson(`${harness.baseUrl}/verify`, { address: ADDRESS, chain: '298', files: storageUpload() })).body.result[0].status).toBe('perfect');

    const answer = await fetch(`${harness.baseUrl}/session/input-contract`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ address: CHECKSUMMED, chainId: '31337' }).toString(),
    });
    expect(answer.status).toBe(200);
    const body = await answer.json() as { contracts: Array<{ verificationId: string }>; files: string[] };
    expect(body.contracts).toEqual([expect.objectContaining({ name: 'Storage', status: 'pending', files: { found: ['project:/contracts/Storage.sol'], missing: [] } })]);
    expect(body.files).toEqual([`${CHECKSUMMED}/metadata.json`, `${CHECKSUMMED}/project:/contracts/Storage.sol`]);

    const cookie = cookieOf(answer.headers.get('set-cookie'));
    const verified = await postJson(`${harness.baseUrl}/session/verify-checked`, { contracts: [{ verificationId: body.contracts[0]!.verificationId, address: ADDRESS, chainId: '31337' }] }, cookie);
    expect(verified.body.contracts[0]).toMatchObject({ address: CHECKSUMMED, chainId: '31337', status: 'perfect' });
  });

  it('reads the session\'s files, and opens its zips, once per request: to look for the metadata, then to add to them', async () => {
    harness.rpcUrls['298'] = harness.chains.deploy('298', storageDeployment());
    expect((await postJson(`${harness.baseUrl}/verify`, { address: ADDRESS, chain: '298', files: storageUpload() })).body.result[0].status).toBe('perfect');
    const zip = new JSZip();
    zip.file('lib/Other.sol', 'contract Other {}');
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(await zip.generateAsync({ type: 'nodebuffer' }))]), 'lib.zip');
    const added = await fetch(`${harness.baseUrl}/session/input-files`, { method: 'POST', body: form });
    expect(added.status).toBe(200);
    const cookie = cookieOf(added.headers.get('set-cookie'));

    const reads = vi.spyOn(harness.service.sessions, 'files');
    opened.zips = 0;
    try {
      // The stored contract is added beside the zip.
      const imported = await inputContract({ address: ADDRESS, chainId: '31337' }, cookie);
      expect(imported.status).toBe(200);
      expect(imported.body.files).toEqual([`${CHECKSUMMED}/metadata.json`, `${CHECKSUMMED}/project:/contracts/Storage.sol`, 'lib.zip']);
      expect(imported.body.contracts).toEqual([expect.objectContaining({ name: 'Storage', files: { found: ['project:/contracts/Storage.sol'], missing: [] } })]);
      expect(reads).toHaveBeenCalledTimes(1);
      expect(opened.zips).toBe(1);

      // Now the session holds the metadata: nothing to add, answered from what the files make up.
      const again = await inputContract({ address: ADDRESS, chainId: '31337' }, cookie);
      expect(again.body).toEqual(imported.body);
      expect(reads).toHaveBeenCalledTimes(2);
      expect(opened.zips).toBe(2);
    } finally {
      reads.mockRestore();
    }
  });

  it('answers the verification database\'s damage when the session\'s files cannot be read from it: a 503 saying what to do, not a 400 about the files', async () => {
    const added = await postJson(`${harness.baseUrl}/session/input-files`, { files: { 'metadata.json': storageUpload()['metadata.json'] } });
    const cookie = cookieOf(added.setCookie);
    // The app closed, then the pages of the sessions' files damaged (the sessions themselves are whole: the cookie still names one).
    await harness.close();
    const file = path.join(harness.dataDir, 'verify.sqlite');
    damageVerifyTable(file, 'verify_session_file');
    harness = await startVerifyHarness({}, harness.dataDir);

    expect(await inputContract({ address: ADDRESS, chainId: '31337' }, cookie)).toMatchObject({ status: 503, body: { error: damagedDbMessage(file) } });
  });

  it('says why when the address holds no code, or code without an IPFS metadata hash, or the chain is not verified on here', async () => {
    const bare = `0x${'12'.repeat(20)}`;
    harness.chains.deploy('31337', { address: bare, deployer: `0x${'34'.repeat(20)}`, runtimeCode: '0x6080604052348015600f57600080fd5b50', creationInput: '0x00', txHash: `0x${'56'.repeat(32)}` });
    expect(await inputContract({ address: bare, chainId: '31337' })).toMatchObject({ status: 400, body: { error: expect.stringMatching(/names no IPFS metadata hash in its bytecode .*upload its metadata\.json and sources instead$/) } });
    expect(await inputContract({ address: `0x${'78'.repeat(20)}`, chainId: '31337' })).toMatchObject({ status: 404, body: { error: expect.stringMatching(/^Chain 31337 does not have a contract deployed at 0x/) } });
    expect(await inputContract({ address: ADDRESS, chainId: '5' })).toMatchObject({ status: 400, body: { error: expect.stringMatching(/chain 5 is not supported here/) } });
  });
});
