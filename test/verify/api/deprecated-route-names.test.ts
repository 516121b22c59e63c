import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startVerifyHarness, storageDeployment, storageUpload, type VerifyHarness } from '../verify-fixture.ts';

// The older route names Sourcify still serves (its deprecated routes: /checkByAddresses,
// /checkAllByAddresses, /session-data, /input-files, /restart-session, /verify-validated), each
// answered by the current route, with the same cross-site rules, over real HTTP on loopback.

const ADDRESS = storageDeployment().address;
const cookieOf = (setCookie: string | null) => setCookie!.split(';')[0]!;
let harness: VerifyHarness;
beforeAll(async () => { harness = await startVerifyHarness(); });
afterAll(async () => harness.close());

describe('Sourcify\'s deprecated route names', () => {
  it('runs a whole session under the old names: /input-files, /session-data, /verify-validated, /restart-session', async () => {
    const added = await postJson(`${harness.baseUrl}/input-files`, { files: storageUpload() });
    expect(added.status).toBe(200);
    expect(added.body.contracts).toEqual([expect.objectContaining({ name: 'Storage', status: 'pending' })]);
    const cookie = cookieOf(added.setCookie);

    const data = await fetch(`${harness.baseUrl}/session-data`, { headers: { cookie } });
    expect(data.status).toBe(200);
    expect(await data.json()).toEqual(await (await fetch(`${harness.baseUrl}/session/data`, { headers: { cookie } })).json());

    const verificationId = added.body.contracts[0].verificationId as string;
    const verified = await postJson(`${harness.baseUrl}/verify-validated`, { contracts: [{ verificationId, address: ADDRESS, chainId: '31337' }] }, cookie);
    expect(verified).toMatchObject({ status: 200, body: { contracts: [{ verificationId, status: 'perfect' }] } });

    const cleared = await postJson(`${harness.baseUrl}/restart-session`, {}, cookie);
    expect(cleared).toMatchObject({ status: 200, body: { contracts: [], unused: [], files: [] } });
  });

  it('answers /checkByAddresses and /checkAllByAddresses as /check-by-addresses and /check-all-by-addresses', async () => {
    await postJson(`${harness.baseUrl}/verify`, { address: ADDRESS, chain: '31337', files: storageUpload() });
    for (const [old, current] of [['checkByAddresses', 'check-by-addresses'], ['checkAllByAddresses', 'check-all-by-addresses']]) {
      const query = `?addresses=${ADDRESS}&chainIds=31337`;
      const answer = await fetch(`${harness.baseUrl}/${old}${query}`);
      expect(answer.status, old).toBe(200);
      const body = await answer.json();
      expect(body, old).toEqual(await (await fetch(`${harness.baseUrl}/${current}${query}`)).json());
      expect(JSON.stringify(body), old).toContain('perfect');
    }
  });

  it('keeps the current routes\' cross-site rules: a page on this machine gets CORS, another site\'s form post is refused', async () => {
    const local = await fetch(`${harness.baseUrl}/input-files`, {
      method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://localhost:5173' }, body: JSON.stringify({ files: storageUpload() }),
    });
    expect(local.status).toBe(200);
    expect(local.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(local.headers.get('access-control-allow-credentials')).toBe('true');
    for (const route of ['/input-files', '/restart-session', '/verify-validated']) {
      const form = new FormData();
      form.append('files', new Blob([storageUpload()['Storage.sol']!]), 'Storage.sol');
      const foreign = await fetch(`${harness.baseUrl}${route}`, { method: 'POST', body: form, headers: { origin: 'https://evil.example' } });
      expect(foreign.status, route).toBe(403);
      expect(foreign.headers.get('set-cookie'), route).toBeNull();
    }
  });
});
