import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, fetchJson } from '../../../main/verify/compilers/download.ts';
import { serveStatic } from './static-server.ts';

// A mirror's or registry's URL may carry a key (in its path, query or user name): a failed
// download says which one failed without repeating it.
describe('download messages', () => {
  let server: Awaited<ReturnType<typeof serveStatic>>;
  beforeAll(async () => {
    server = await serveStatic(new Map([['/big?token=s', 'x'.repeat(100)]]));
  });
  afterAll(() => server.close());

  it('an HTTP error: the URL without its query or deep path', async () => {
    await expect(download(`${server.url}/wasm/0123456789abcdef0123/list.json?token=s`)).rejects.toThrow(new Error(`cannot download ${server.url}/wasm/…?…: HTTP 404`));
  });

  it('a body too large', async () => {
    await expect(download(`${server.url}/big?token=s`, { maxBytes: 10 })).rejects.toThrow(new Error(`cannot download ${server.url}/big?…: larger than 10 bytes`));
  });

  it('a URL with credentials, which fetch refuses quoting it whole', async () => {
    const refusal = download(`${server.url.replace('//', '//me:secret@')}/list.json`);
    await expect(refusal).rejects.toThrow(/^cannot download http:\/\/…@127\.0\.0\.1:\d+\/list\.json: /);
    await expect(refusal).rejects.not.toThrow(/secret/);
    await expect(fetchJson(`${server.url.replace('//', '//me:secret@')}/solc/0.8.4`)).rejects.toThrow(/^cannot reach http:\/\/…@127\.0\.0\.1:\d+\/solc\/…: (?!.*secret)/);
  });
});
