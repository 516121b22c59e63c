import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startVerifyHarness, storageDeployment, storageUpload, type VerifyHarness } from '../verify-fixture.ts';

// A metadata.json whose compiler.version is a string but no compiler's long version: every way in
// says so in the same words, naming the value, as it does for "0.8". lib-sourcify's own reading
// of such a version fails with a bare "Invalid Version: ".

const ADDRESS = storageDeployment().address;
const BAD_VERSIONS = ['latest', 'abc', '0.8', 'v0.8.4'];
const clearMessage = (version: string) => `invalid compiler version "${version}": expected a long version such as 0.8.4+commit.c7e474f2`;

let harness: VerifyHarness;
beforeAll(async () => { harness = await startVerifyHarness(); });
afterAll(async () => harness.close());

function uploadWithVersion(version: string): Record<string, string> {
  const upload = storageUpload();
  const metadata = JSON.parse(upload['metadata.json']!) as { compiler: { version: string } };
  metadata.compiler.version = version;
  return { ...upload, 'metadata.json': JSON.stringify(metadata) };
}

async function finishedJob(verificationId: string): Promise<any> {
  for (;;) {
    const job = await (await fetch(`${harness.baseUrl}/v2/verify/${verificationId}`)).json();
    if (job.isJobCompleted) return job;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.each(BAD_VERSIONS)('metadata with compiler.version %j', (version) => {
  const upload = uploadWithVersion(version);

  it('is a 400 naming the version on POST /verify', async () => {
    const response = await postJson(`${harness.baseUrl}/verify`, { address: ADDRESS, chain: '31337', files: upload });
    expect(response).toMatchObject({ status: 400, body: { error: clearMessage(version) } });
  });

  it('ends an APIv2 metadata job with invalid_compiler_version, naming the version', async () => {
    const { 'metadata.json': metadata, ...sources } = upload;
    const submitted = await postJson(`${harness.baseUrl}/v2/verify/metadata/31337/${ADDRESS}`, { metadata: JSON.parse(metadata!), sources });
    expect(submitted.status).toBe(202);
    expect((await finishedJob(submitted.body.verificationId)).error).toMatchObject({ customCode: 'invalid_compiler_version', message: clearMessage(version) });
  });

  it('is taken into a session, whose verification of it says the same', async () => {
    const added = await postJson(`${harness.baseUrl}/session/input-files`, { files: upload });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const contract = added.body.contracts[0];
    expect(contract).toMatchObject({ name: 'Storage', files: { missing: [] } });
    const cookie = added.setCookie!.split(';')[0]!;
    const checked = await postJson(`${harness.baseUrl}/session/verify-checked`, { contracts: [{ verificationId: contract.verificationId, address: ADDRESS, chainId: '31337' }] }, cookie);
    expect(checked.body.contracts[0]).toMatchObject({ status: 'error', statusMessage: clearMessage(version) });
  });
});

describe('a session contract whose sources come from those verified here', () => {
  it('says the same of such a version once its sources are filled in', async () => {
    expect((await postJson(`${harness.baseUrl}/verify`, { address: ADDRESS, chain: '31337', files: storageUpload() })).body.result[0].status).toBe('perfect');
    const metadataOnly = { 'metadata.json': uploadWithVersion('latest')['metadata.json']! };
    const added = await postJson(`${harness.baseUrl}/session/input-files`, { files: metadataOnly });
    const cookie = added.setCookie!.split(';')[0]!;
    const checked = await postJson(`${harness.baseUrl}/session/verify-checked`, { contracts: [{ verificationId: added.body.contracts[0].verificationId, address: ADDRESS, chainId: '31337' }] }, cookie);
    expect(checked.body.contracts[0]).toMatchObject({ status: 'error', statusMessage: clearMessage('latest') });
  }, 60_000);
});
