import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseFormBody } from '../../../main/verify/api/form-body.ts';
import { checksumAddress } from '../../../main/verify/engine/evm-address.ts';
import { postJson, startVerifyHarness, storageDeployment, storageUpload, type VerifyHarness } from '../verify-fixture.ts';

// The request shapes Sourcify's v1 routes take besides the documented ones, over real HTTP on
// loopback: `chainId` in place of `chain`, and application/x-www-form-urlencoded bodies (its
// extended body parser), while APIv2 refuses a form as Sourcify's does. Also what an already
// verified contract is answered with: Sourcify's storageTimestamp.

const ADDRESS = storageDeployment().address;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A form body as a browser or curl --data-urlencode writes it. */
function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

async function postForm(url: string, fields: Record<string, string>, cookie?: string): Promise<{ status: number; body: any; setCookie: string | null }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) }, body: form(fields) });
  return { status: response.status, body: await response.json(), setCookie: response.headers.get('set-cookie') };
}

describe('v1 request shapes (real HTTP on loopback)', () => {
  let harness: VerifyHarness;
  beforeEach(async () => { harness = await startVerifyHarness(); });
  afterEach(async () => harness.close());

  it('takes chainId in place of chain in POST /verify, as JSON and as multipart, and in POST /verify/solc-json', async () => {
    const json = await postJson(`${harness.baseUrl}/verify`, { address: ADDRESS, chainId: '31337', files: storageUpload() });
    expect(json).toMatchObject({ status: 200, body: { result: [{ chainId: '31337', status: 'perfect' }] } });

    const multipart = new FormData();
    multipart.set('address', ADDRESS);
    multipart.set('chainId', '31337');
    for (const [name, content] of Object.entries(storageUpload())) multipart.append('files', new Blob([content]), name);
    const viaForm = await fetch(`${harness.baseUrl}/verify`, { method: 'POST', body: multipart });
    expect(viaForm.status).toBe(200);
    expect(await viaForm.json()).toMatchObject({ result: [{ chainId: '31337', status: 'perfect' }] });

    const { compilationTarget: _target, ...settings } = JSON.parse(storageUpload()['metadata.json']!).settings;
    const input = { language: 'Solidity', sources: { 'project:/contracts/Storage.sol': { content: storageUpload()['Storage.sol'] } }, settings };
    const solcJson = await postJson(`${harness.baseUrl}/verify/solc-json`, { address: ADDRESS, chainId: 31337, compilerVersion: '0.8.4+commit.c7e474f2', contractName: 'Storage', files: { 'input.json': JSON.stringify(input) } });
    expect(solcJson).toMatchObject({ status: 200, body: { result: [{ chainId: '31337', status: 'perfect' }] } });

    // chainId wins when both are given, as Sourcify copies it over chain; neither is a 400 naming both.
    expect((await postJson(`${harness.baseUrl}/verify`, { address: ADDRESS, chain: '5', chainId: '31337', files: storageUpload() })).body.result[0].chainId).toBe('31337');
    expect(await postJson(`${harness.baseUrl}/verify`, { address: ADDRESS, files: storageUpload() }))
      .toMatchObject({ status: 400, body: { error: 'chain is required: the id of the chain the contract is deployed on (as chain or chainId)' } });
  });

  it('answers a contract already verified from the same sources with Sourcify\'s storageTimestamp, and a fresh verification without one', async () => {
    const first = await postJson(`${harness.baseUrl}/verify`, { address: ADDRESS, chain: '31337', files: storageUpload() });
    expect(first.body.result[0].status).toBe('perfect');
    expect(first.body.result[0]).not.toHaveProperty('storageTimestamp');
    const again = await postJson(`${harness.baseUrl}/verify`, { address: ADDRESS, chain: '31337', files: storageUpload() });
    expect(again.body.result[0]).toMatchObject({ status: 'perfect', storageTimestamp: harness.service.repository.get('31337', ADDRESS)!.verifiedAt, message: expect.stringMatching(/^already verified/) });
  });

  it('reads application/x-www-form-urlencoded bodies of the v1 routes as Sourcify does, nested fields included', async () => {
    const verified = await postForm(`${harness.baseUrl}/verify`, {
      address: ADDRESS, chain: '31337', 'files[metadata.json]': storageUpload()['metadata.json']!, 'files[Storage.sol]': storageUpload()['Storage.sol']!,
    });
    expect(verified).toMatchObject({ status: 200, body: { result: [{ address: checksumAddress(ADDRESS), status: 'perfect' }] } });

    const added = await postForm(`${harness.baseUrl}/session/input-files`, { 'files[metadata.json]': storageUpload()['metadata.json']!, 'files[Storage.sol]': storageUpload()['Storage.sol']! });
    expect(added.body.contracts).toEqual([expect.objectContaining({ name: 'Storage', files: { found: ['project:/contracts/Storage.sol'], missing: [] } })]);
    const checked = await postForm(`${harness.baseUrl}/session/verify-checked`, {
      'contracts[0][verificationId]': added.body.contracts[0].verificationId, 'contracts[0][address]': ADDRESS, 'contracts[0][chainId]': '31337',
    }, added.setCookie!.split(';')[0]);
    expect(checked).toMatchObject({ status: 200, body: { contracts: [{ status: 'perfect', chainId: '31337' }] } });
  });

  it('refuses a body APIv2 does not take with Sourcify\'s 400 invalid_parameter, not a 415', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'application/octet-stream']) {
      const response = await fetch(`${harness.baseUrl}/v2/verify/31337/${ADDRESS}`, { method: 'POST', headers: { 'content-type': type }, body: 'compilerVersion=0.8.4' });
      expect(response.status, type).toBe(400);
      expect(await response.json(), type).toEqual({ customCode: 'invalid_parameter', message: `unsupported media type ${type}: send the request body as JSON (Content-Type: application/json)`, errorId: expect.stringMatching(UUID) });
    }
  });
});

describe('parseFormBody', () => {
  it('reads nested fields and lists as qs does, and no field name reaches a prototype', () => {
    const body = parseFormBody('a=1&a=2&files%5BA.sol%5D=x+y&contracts[0][address]=0x1&contracts[1][address]=0x2&list[]=p&list[]=q&__proto__[polluted]=yes&constructor=c');
    expect(JSON.parse(JSON.stringify(body))).toEqual({
      a: ['1', '2'], files: { 'A.sol': 'x y' }, contracts: [{ address: '0x1' }, { address: '0x2' }], list: ['p', 'q'], ['__proto__']: { polluted: 'yes' }, constructor: 'c',
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(body)).toBeNull();
    expect(parseFormBody('bad=%E0%A4%A&empty')).toEqual(Object.assign(Object.create(null), { bad: '%E0%A4%A', empty: '' }));
  });
});
