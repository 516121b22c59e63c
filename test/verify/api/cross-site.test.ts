import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVerifyHarness, storageDeployment, storageUpload, type VerifyHarness } from '../verify-fixture.ts';

const ADDRESS = storageDeployment().address;
let harness: VerifyHarness;
beforeAll(async () => { harness = await startVerifyHarness(); });
afterAll(async () => harness.close());

/** A plain form post, as a page of any site can send one without CORS. */
function formPost(route: string, headers: Record<string, string>): Promise<Response> {
  const form = new FormData();
  form.set('address', ADDRESS);
  form.set('chain', '31337');
  for (const [name, content] of Object.entries(storageUpload())) form.append('files', new Blob([content]), name);
  return fetch(`${harness.baseUrl}${route}`, { method: 'POST', body: form, headers });
}

describe('verification API and pages of other sites (real HTTP on loopback)', () => {
  it('refuses a state-changing request from another site before acting on it', async () => {
    for (const headers of [{ origin: 'https://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }] as Array<Record<string, string>>) {
      for (const route of ['/verify', '/session/input-files']) {
        const response = await formPost(route, headers);
        expect(response.status).toBe(403);
        expect(await response.json()).toEqual({ error: expect.stringMatching(/^Forbidden: cross-site request refused/) });
        expect(response.headers.get('set-cookie')).toBeNull();
      }
    }
    expect(harness.service.repository.get('31337', ADDRESS)).toBeNull();
  });

  it('takes the same request from a page on this machine, and from clients without an Origin', async () => {
    const local = await formPost('/session/input-files', { origin: 'http://localhost:5173' });
    expect(local.status).toBe(200);
    expect(local.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const verified = await formPost('/verify', {});
    expect(verified.status).toBe(200);
    expect(harness.service.repository.get('31337', ADDRESS)).toMatchObject({ status: 'perfect' });
  });

  it('still answers reads from other sites, without a CORS grant', async () => {
    const response = await fetch(`${harness.baseUrl}/check-by-addresses?addresses=${ADDRESS}&chainIds=31337`, { headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});
