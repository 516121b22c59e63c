import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { postJson, startVerifyHarness, storageDeployment, storageUpload, type VerifyHarness } from '../verify-fixture.ts';
import { zerosThenBrokenZip, zerosZip } from '../zip-fixture.ts';

const ADDRESS = storageDeployment().address;
const MIB = 1024 * 1024;
const cookieOf = (setCookie: string | null) => setCookie!.split(';')[0]!;

let harness: VerifyHarness;
beforeAll(async () => { harness = await startVerifyHarness(); });
afterAll(async () => harness.close());

function multipart(files: Array<[string, Buffer | string]>, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const [name, content] of files) form.append('files', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), name);
  return form;
}

async function post(route: string, body: FormData, cookie?: string): Promise<{ status: number; body: any; setCookie: string | null }> {
  const response = await fetch(`${harness.baseUrl}${route}`, { method: 'POST', body, headers: cookie ? { cookie } : {} });
  return { status: response.status, body: await response.json(), setCookie: response.headers.get('set-cookie') };
}

describe('verification API limits (real HTTP on loopback)', () => {
  it('refuses a zip that unpacks past the session limit with a 413 naming it, stopping early, and keeps the session as it was', async () => {
    const bomb = await zerosZip('zeros.sol', 1024 * MIB);
    expect(bomb.length).toBeLessThan(1.5 * MIB);
    const first = await post('/session/input-files', multipart([['Storage.sol', storageUpload()['Storage.sol']!]]));
    const cookie = cookieOf(first.setCookie);
    const refused = await post('/session/input-files', multipart([['bomb.zip', bomb]]), cookie);
    expect(refused.status).toBe(413);
    expect(refused.body.error).toMatch(/^bomb\.zip unpacks to more than 50 MiB with the other files, the most a session may hold/);
    // Broken after 60 MiB: inflating it all would end in a 400 "could not be read"; stopping at the limit never reads that far.
    const late = await post('/session/input-files', multipart([['late.zip', zerosThenBrokenZip('zeros.sol', 60 * MIB)]]), cookie);
    expect(late).toMatchObject({ status: 413, body: { error: expect.stringMatching(/^late\.zip unpacks to more than 50 MiB/) } });
    const data = await (await fetch(`${harness.baseUrl}/session/data`, { headers: { cookie } })).json() as { files: string[] };
    expect(data.files).toEqual(['Storage.sol']);
  });

  it('refuses such a zip in a one-call verify too', async () => {
    const bomb = await zerosZip('zeros.sol', 200 * MIB);
    const verify = await post('/verify', multipart([['bomb.zip', bomb], ['metadata.json', storageUpload()['metadata.json']!]], { address: ADDRESS, chain: '31337' }));
    expect(verify.status).toBe(413);
    expect(verify.body.error).toMatch(/^bomb\.zip unpacks to more than 50 MiB with the other files, the most one request may carry/);
  });

  it('answers a session near its limit at once on every later read, a zip never listed as unused', async () => {
    const zip = new JSZip();
    zip.file('project/metadata.json', storageUpload()['metadata.json']!);
    zip.file('project/contracts/Storage.sol', storageUpload()['Storage.sol']!);
    zip.file('project/build/padding.txt', Buffer.alloc(40 * MIB, 0x20));
    const good = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    const added = await post('/session/input-files', multipart([['good.zip', good]]));
    expect(added.status).toBe(200);
    expect(added.body.contracts[0].files).toEqual({ found: ['project:/contracts/Storage.sol'], missing: [] });
    expect(added.body.unused).toEqual(['project/build/padding.txt']);
    expect(added.body.files).toEqual(['good.zip']);
    const cookie = cookieOf(added.setCookie);
    // Assembling 40 MiB (hashing every file as a possible source) takes seconds: done once, when the
    // files came. Later reads answer from what was kept then, never reading the files again.
    const reads = vi.spyOn(harness.service.sessions, 'files');
    try {
      for (let i = 0; i < 3; i++) {
        const data = await fetch(`${harness.baseUrl}/session/data`, { headers: { cookie } });
        expect(await data.json()).toMatchObject({ unused: ['project/build/padding.txt'], files: ['good.zip'] });
      }
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
  });

  it('takes more than 1000 files in one multipart upload (files and fields count as parts)', async () => {
    const files: Array<[string, string]> = Array.from({ length: 1500 }, (_, i) => [`src/F${i}.sol`, `contract F${i} {}`]);
    const response = await post('/session/input-files', multipart(files));
    expect(response.status).toBe(200);
    expect(response.body.unused).toHaveLength(1500);
  });

  it('says which limit a 413 is about', async () => {
    const tooMany: Array<[string, string]> = Array.from({ length: 5001 }, (_, i) => [`F${i}.sol`, 'x']);
    expect(await post('/session/input-files', multipart(tooMany))).toMatchObject({ status: 413, body: { error: 'Request too large: the upload has more than 5000 files, the most one request may carry' } });

    const bigFile = await post('/session/input-files', multipart([['big.sol', Buffer.alloc(51 * MIB, 0x61)]]));
    expect(bigFile).toMatchObject({ status: 413, body: { error: 'Request too large: one file of the upload is over 50 MiB, the most a file may have' } });

    const together = await post('/session/input-files', multipart([['a.sol', Buffer.alloc(30 * MIB, 0x61)], ['b.sol', Buffer.alloc(30 * MIB, 0x61)]]));
    expect(together).toMatchObject({ status: 413, body: { error: 'Request too large: the files of one upload are limited to 50 MiB in total' } });

    const json = await postJson(`${harness.baseUrl}/verify`, { address: ADDRESS, chain: '31337', files: { 'big.sol': 'x'.repeat(59 * MIB) } });
    expect(json).toMatchObject({ status: 413, body: { error: expect.stringMatching(/^Request too large: a JSON body is limited to 58 MiB/) } });
  });

  it('answers a header block over 16 KiB in its own {error} body', async () => {
    for (const headers of [{ cookie: `mirrordesk_verify_session=${'a'.repeat(20_000)}` }, {}] as Array<Record<string, string>>) {
      const url = Object.keys(headers).length === 0 ? `${harness.baseUrl}/session/data?x=${'b'.repeat(20_000)}` : `${harness.baseUrl}/session/data`;
      const response = await fetch(url, { headers });
      expect(response.status).toBe(431);
      expect(await response.json()).toEqual({ error: 'Request Header Fields Too Large: Exceeded maximum allowed HTTP header size' });
    }
  });
});
