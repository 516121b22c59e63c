import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVerifyHarness, storageDeployment, storageUpload, type VerifyHarness } from '../verify-fixture.ts';
import { zipOf } from '../zip-fixture.ts';

// The names of the files inside uploaded zips, through interface B (real HTTP on loopback).
const ADDRESS = storageDeployment().address;
const cookieOf = (setCookie: string | null) => setCookie!.split(';')[0]!;
const stored = (name: string, text: string) => ({ name, data: Buffer.from(text), method: 0 as const, size: Buffer.byteLength(text) });

let harness: VerifyHarness;
beforeAll(async () => { harness = await startVerifyHarness(); });
afterAll(async () => harness.close());

async function post(route: string, files: Array<[string, Buffer | string]>, fields: Record<string, string> = {}, cookie?: string): Promise<{ status: number; body: any; setCookie: string | null }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const [name, content] of files) form.append('files', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), name);
  const response = await fetch(`${harness.baseUrl}${route}`, { method: 'POST', body: form, headers: cookie ? { cookie } : {} });
  return { status: response.status, body: await response.json(), setCookie: response.headers.get('set-cookie') };
}

describe('file names inside uploaded zips', () => {
  const unsafe = zipOf([stored('metadata.json', storageUpload()['metadata.json']!), stored('../../Storage.sol', storageUpload()['Storage.sol']!)]);
  const error = 'project.zip: the name of its file "../../Storage.sol" must not contain ".." segments';

  it('refuses a zip holding a name that climbs out of it, naming the file, and keeps the session as it was', async () => {
    const first = await post('/session/input-files', [['A.sol', 'contract A {}']]);
    const cookie = cookieOf(first.setCookie);
    const refused = await post('/session/input-files', [['project.zip', unsafe]], {}, cookie);
    expect(refused).toMatchObject({ status: 400, body: { error } });
    const data = await (await fetch(`${harness.baseUrl}/session/data`, { headers: { cookie } })).json() as { files: string[] };
    expect(data.files).toEqual(['A.sol']);
  });

  it('refuses it in a one-call verify too', async () => {
    expect(await post('/verify', [['project.zip', unsafe]], { address: ADDRESS, chain: '31337' })).toMatchObject({ status: 400, body: { error } });
  });

  it('refuses a zip holding a name twice once normalised', async () => {
    const twice = zipOf([stored('Storage.sol', storageUpload()['Storage.sol']!), stored('./Storage.sol', 'contract Other {}')]);
    expect(await post('/session/input-files', [['twice.zip', twice]])).toMatchObject({
      status: 400,
      body: { error: 'twice.zip: it holds "Storage.sol" twice (as "Storage.sol" and as "./Storage.sol"): give each file once' },
    });
  });

  it('takes "./" and "//" in names as Sourcify does, dropping them', async () => {
    const dotted = zipOf([stored('./build//metadata.json', storageUpload()['metadata.json']!), stored('./contracts/./Storage.sol', storageUpload()['Storage.sol']!), stored('./docs//notes.txt', 'notes')]);
    const added = await post('/session/input-files', [['dotted.zip', dotted]]);
    expect(added.status).toBe(200);
    expect(added.body.contracts[0].files).toEqual({ found: ['project:/contracts/Storage.sol'], missing: [] });
    expect(added.body.unused).toEqual(['docs/notes.txt']);
  });
});
