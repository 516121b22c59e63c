import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startVerifyHarness, storageDeployment, storageUpload, type VerifyHarness } from '../verify-fixture.ts';

// The names of files sent as multipart/form-data, through interface B (real HTTP on loopback).
const ADDRESS = storageDeployment().address;
const BOUNDARY = 'names-boundary';
const cookieOf = (setCookie: string | null) => setCookie!.split(';')[0]!;

let harness: VerifyHarness;
beforeAll(async () => { harness = await startVerifyHarness(); });
afterAll(async () => harness.close());

/** A multipart body written out by hand, so each filename reaches the server exactly as given. */
function multipartBody(files: Array<[string, string]>, fields: Record<string, string> = {}): string {
  const parts = [
    ...Object.entries(fields).map(([name, value]) => `content-disposition: form-data; name="${name}"\r\n\r\n${value}`),
    ...files.map(([filename, content]) => `content-disposition: form-data; name="files"; filename="${filename}"\r\ncontent-type: application/octet-stream\r\n\r\n${content}`),
  ];
  return `${parts.map((part) => `--${BOUNDARY}\r\n${part}\r\n`).join('')}--${BOUNDARY}--\r\n`;
}

async function postMultipart(route: string, files: Array<[string, string]>, fields: Record<string, string> = {}, cookie?: string): Promise<{ status: number; body: any; setCookie: string | null }> {
  const response = await fetch(`${harness.baseUrl}${route}`, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...(cookie ? { cookie } : {}) },
    body: multipartBody(files, fields),
  });
  return { status: response.status, body: await response.json(), setCookie: response.headers.get('set-cookie') };
}

describe('file names of multipart uploads', () => {
  const { 'metadata.json': metadata, 'Storage.sol': storage } = storageUpload();
  const older = `${storage}\n// an older copy\n`;

  it('keeps two files of one name in different folders, each under its path: the one the metadata names is found', async () => {
    const added = await postMultipart('/session/input-files', [['metadata.json', metadata!], ['contracts/Storage.sol', storage!], ['old/Storage.sol', older]]);
    expect(added.status).toBe(200);
    expect(added.body.contracts[0].files).toEqual({ found: ['project:/contracts/Storage.sol'], missing: [] });
    expect(added.body.unused).toEqual(['old/Storage.sol']);
    expect(added.body.files).toEqual(['contracts/Storage.sol', 'metadata.json', 'old/Storage.sol']);
  });

  it('refuses a name given twice, naming it, and leaves the session as it was', async () => {
    const first = await postMultipart('/session/input-files', [['A.sol', 'contract A {}']]);
    const cookie = cookieOf(first.setCookie);
    const twice = await postMultipart('/session/input-files', [['metadata.json', metadata!], ['Storage.sol', storage!], ['Storage.sol', older]], {}, cookie);
    expect(twice).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^file name "Storage\.sol" is given twice: send each file once/) } });
    const data = await (await fetch(`${harness.baseUrl}/session/data`, { headers: { cookie } })).json() as { files: string[] };
    expect(data.files).toEqual(['A.sol']);
  });

  it('refuses a name given twice in a one-call verify too', async () => {
    const twice = await postMultipart('/verify', [['metadata.json', metadata!], ['Storage.sol', storage!], ['Storage.sol', older]], { address: ADDRESS, chain: '31337' });
    expect(twice).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^file name "Storage\.sol" is given twice/) } });
  });

  it('takes a name as a zip does, "./" and "//" dropped, so one file sent under two spellings is refused, naming both', async () => {
    const added = await postMultipart('/session/input-files', [['./metadata.json', metadata!], ['contracts//Storage.sol', storage!]]);
    expect(added.status).toBe(200);
    expect(added.body.files).toEqual(['contracts/Storage.sol', 'metadata.json']);
    const twice = await postMultipart('/session/input-files', [['metadata.json', metadata!], ['./Storage.sol', storage!], ['Storage.sol', older]]);
    expect(twice).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^file name "Storage\.sol" is given twice \(as "\.\/Storage\.sol" and as "Storage\.sol"\): send each file once/) } });
  });

  it.each(['../../a.sol', 'contracts/../../a.sol', '/etc/passwd', 'C:\\project\\a.sol', '.', '..', 'contracts/', ''])(
    'refuses the name %j as a JSON body does, instead of cutting it to its last segment',
    async (name) => {
      const json = await postJson(`${harness.baseUrl}/session/input-files`, { files: { [name]: 'contract A {}' } });
      expect(json.status).toBe(400);
      expect(json.body.error).toMatch(/^file name ".*" (must|is not)/);
      const multipart = await postMultipart('/session/input-files', [[name, 'contract A {}']]);
      expect({ status: multipart.status, body: multipart.body }).toEqual({ status: 400, body: json.body });
    },
  );

  it('skips the nameless empty file a browser form sends for a file input left empty', async () => {
    const added = await postMultipart('/session/input-files', [['', ''], ['metadata.json', metadata!], ['Storage.sol', storage!]]);
    expect(added.status).toBe(200);
    expect(added.body.files).toEqual(['Storage.sol', 'metadata.json']);
  });
});
