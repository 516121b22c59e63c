import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checksumAddress } from '../../../main/verify/engine/evm-address.ts';
import { postJson, startVerifyHarness, storageDeployment, storageUpload, type VerifyHarness } from '../verify-fixture.ts';

// Session answers give contract addresses in EIP-55 form, as Sourcify's session keeps them, however
// the request wrote them; matching them stays case-insensitive. Real HTTP on loopback.

const ADDRESS = storageDeployment().address;
const CHECKSUMMED = checksumAddress(ADDRESS);

describe('addresses in session answers (real HTTP on loopback)', () => {
  let harness: VerifyHarness;
  beforeEach(async () => { harness = await startVerifyHarness(); });
  afterEach(async () => harness.close());

  it('answers the address checksummed whether it was sent in lower or upper case', async () => {
    expect(CHECKSUMMED).not.toBe(ADDRESS);
    const added = await postJson(`${harness.baseUrl}/session/input-files`, { files: storageUpload() });
    const cookie = added.setCookie!.split(';')[0]!;
    const verificationId = added.body.contracts[0].verificationId as string;

    const upper = await postJson(`${harness.baseUrl}/session/verify-checked`, { contracts: [{ verificationId, address: `0x${ADDRESS.slice(2).toUpperCase()}`, chainId: '31337' }] }, cookie);
    expect(upper.body.contracts[0]).toMatchObject({ address: CHECKSUMMED, status: 'perfect' });
    // The same contract sent in lower case is the one verified already: left as it is, answered the same way.
    const lower = await postJson(`${harness.baseUrl}/session/verify-checked`, { contracts: [{ verificationId, address: ADDRESS, chainId: '31337' }] }, cookie);
    expect(lower.body.contracts[0]).toEqual(upper.body.contracts[0]);
    expect(harness.service.repository.get('31337', CHECKSUMMED)).toMatchObject({ address: ADDRESS, status: 'perfect' });
    // Adding a file answers the session with the address as it is answered elsewhere.
    const more = await postJson(`${harness.baseUrl}/session/input-files`, { files: { 'Notes.sol': 'contract Notes {}' } }, cookie);
    expect(more.body.contracts[0]).toMatchObject({ address: CHECKSUMMED, chainId: '31337' });
  });
});
