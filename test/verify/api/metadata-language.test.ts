import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startVerifyHarness, storageDeployment, storageUpload, type VerifyHarness } from '../verify-fixture.ts';

// A Vyper metadata.json (lib-sourcify takes a file as metadata only in Solidity or Vyper): the v1
// routes refuse it as APIv2 does, naming the language, with `unsupported_language`; lib-sourcify's
// own words read as if the files could not be read.

const ADDRESS = storageDeployment().address;

let harness: VerifyHarness;
beforeAll(async () => { harness = await startVerifyHarness(); });
afterAll(async () => harness.close());

function uploadInLanguage(language: string): Record<string, string> {
  const upload = storageUpload();
  const metadata = JSON.parse(upload['metadata.json']!) as { language: string };
  metadata.language = language;
  return { ...upload, 'metadata.json': JSON.stringify(metadata) };
}

describe.each(['Vyper'])('metadata in %s', (language) => {
  const message = `the metadata of Storage is in "${language}": this verifier compiles Solidity only`;

  it('is a 400 naming the language on POST /verify', async () => {
    const response = await postJson(`${harness.baseUrl}/verify`, { address: ADDRESS, chain: '31337', files: uploadInLanguage(language) });
    expect(response).toMatchObject({ status: 400, body: { error: message } });
  });

  it('is refused by a session, naming the file and the language', async () => {
    const added = await postJson(`${harness.baseUrl}/session/input-files`, { files: uploadInLanguage(language) });
    expect(added.status).toBe(400);
    expect(added.body.error).toContain(message);
  });
});
