import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVerifyHarness, storageDeployment, type VerifyHarness } from '../verify-fixture.ts';

// Random requests against every route of the verification API, over real HTTP on loopback with a
// real (fake-chain) verification service behind it: whatever a client sends, the answer is a 2xx or a
// 4xx whose body is `{error}` in words; never a 5xx, never Fastify's own error body.
let harness: VerifyHarness;
beforeAll(async () => { harness = await startVerifyHarness(); });
afterAll(async () => harness.close());

const ADDRESS = storageDeployment().address;
const addresses = fc.constantFrom(ADDRESS, '0x' + '00'.repeat(20), '0x12', 'xyz', '', '0x' + 'zz'.repeat(20), ADDRESS.toUpperCase(), '%ZZ', 'a'.repeat(300));
const chains = fc.constantFrom('31337', '298', '0', '-1', 'abc', '', '99999999999999999999', '%20');
const strings = fc.oneof(fc.string({ maxLength: 20 }), chains, addresses, fc.constantFrom('0.8.37+commit.f401782d', '../etc/passwd', '/abs.sol', 'A.sol', 'C:\\x.sol'));
const fieldValues = fc.oneof(
  strings,
  fc.integer(),
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.record({ verificationId: strings, address: addresses, chainId: chains }, { requiredKeys: [] }), { maxLength: 3 }),
  fc.dictionary(strings, fc.oneof(strings, fc.integer()), { maxKeys: 3 }),
);
const objectBodies = fc.dictionary(
  fc.constantFrom('address', 'chain', 'chainId', 'files', 'compilerVersion', 'contracts', 'apiKey', 'creatorTxHash', 'contractName', 'x'),
  fieldValues,
  { maxKeys: 6 },
).map((body) => ({ type: 'application/json', body: JSON.stringify(body) }));
const jsonBodies = fc.json({ maxDepth: 3 }).map((body) => ({ type: 'application/json', body }));
/** Multipart bodies whole, cut short, without a boundary or with parts in the wrong shape. */
const multipartBodies = fc.tuple(
  fc.constantFrom('multipart/form-data; boundary=x', 'multipart/form-data', 'multipart/form-data; boundary='),
  fc.array(fc.constantFrom(
    '--x\r\ncontent-disposition: form-data; name="files"; filename="A.sol"\r\n\r\npragma solidity ^0.8.0;\r\n',
    '--x\r\ncontent-disposition: form-data; name="address"\r\n\r\n' + ADDRESS + '\r\n',
    '--x\r\ncontent-disposition: form-data; name="files"; filename="../up.sol"\r\n\r\nx\r\n',
    '--x\r\ncontent-disposition: form-data; name="files"; filename=""\r\n\r\nx\r\n',
    '--x\r\n\r\nno headers\r\n',
    '--x--\r\n',
    'garbage',
  ), { maxLength: 4 }),
).map(([type, parts]) => ({ type, body: parts.join('') }));
const otherBodies = fc.tuple(fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/octet-stream', ''), fc.string({ maxLength: 40 }))
  .map(([type, body]) => ({ type, body }));
const bodies = fc.oneof(objectBodies, jsonBodies, multipartBodies, otherBodies);

const postRoutes = fc.constantFrom('/verify', '/', '/verify/solc-json', '/verify/etherscan', '/session/clear', '/session/input-files', '/session/input-solc-json',
  '/session/input-contract', '/session/verify-checked', '/session/verify-validated', '/session/verify/explorer', '/session/verify/etherscan',
  '/input-files', '/restart-session', '/verify-validated',
  `/v2/verify/31337/${ADDRESS}`, `/v2/verify/metadata/31337/${ADDRESS}`, `/v2/verify/etherscan/31337/${ADDRESS}`, '/v2/verify/298/0x12');
const getPaths = fc.oneof(
  fc.tuple(fc.constantFrom('check-by-addresses', 'check-all-by-addresses', 'checkByAddresses', 'checkAllByAddresses'), addresses, chains)
    .map(([route, address, chain]) => `/${route}?addresses=${address}&chainIds=${chain}`),
  fc.tuple(fc.constantFrom('files/any', 'files', 'v2/contract'), chains, addresses).map(([route, chain, address]) => `/${route}/${chain}/${address}`),
  fc.tuple(chains, addresses, fc.constantFrom('all', 'abi,sources', 'nope', '')).map(([chain, address, fields]) => `/v2/contract/${chain}/${address}?fields=${fields}`),
  fc.tuple(fc.constantFrom('files/tree/any', 'files/tree'), chains, addresses).map(([route, chain, address]) => `/${route}/${chain}/${address}`),
  fc.tuple(fc.constantFrom('', 'full/', 'partial/', 'any/'), chains, fc.constantFrom('', '?page=1', '?limit=0', '?page=x&order=up')).map(([match, chain, query]) => `/files/contracts/${match}${chain}${query}`),
  fc.tuple(fc.constantFrom('full_match', 'partial_match', 'nope'), chains, addresses, fc.constantFrom('metadata.json', 'sources/a.sol', '%ZZ', '')).map(([match, chain, address, file]) => `/repository/contracts/${match}/${chain}/${address}/${file}`),
  fc.constantFrom('nope', '550e8400-e29b-41d4-a716-446655440000', '%ZZ', 'a'.repeat(300)).map((id) => `/v2/verify/${id}`),
  fc.tuple(chains, fc.constantFrom('', '?limit=2', '?limit=0', '?limit=x&sort=up', '?sort=asc&afterMatchId=1', '?afterMatchId=-1', '?afterMatchId=99999999999999999999', '?limit=1&limit=2'))
    .map(([chain, query]) => `/v2/contracts/${chain}${query}`),
  addresses.map((address) => `/v2/contract/all-chains/${address}`),
  fc.constantFrom('/session/data', '/session-data', '/chains', '/health'),
);

/**
 * A 4xx is `{error}` in words; Sourcify's v2 routes answer theirs as Sourcify does, `{customCode,
 * message, errorId}`, a contract not verified as the lookup with every match null, and an address
 * verified on no chain as `{results: []}`.
 */
async function expectWordedAnswer(response: Response, what: string): Promise<void> {
  expect(response.status, what).toBeLessThan(500);
  const text = await response.text();
  if (response.status < 400) return;
  const body = JSON.parse(text) as Record<string, unknown>;
  const keys = Object.keys(body).sort();
  if (keys.includes('customCode')) {
    expect(keys, what).toEqual(['customCode', 'errorId', 'message']);
    expect(typeof body.message, what).toBe('string');
  } else if (keys.includes('match')) {
    expect(body, what).toMatchObject({ match: null, creationMatch: null, runtimeMatch: null });
  } else if (keys.includes('results')) {
    // GET /v2/contract/all-chains for an address verified nowhere here.
    expect(body, what).toEqual({ results: [] });
  } else {
    expect(keys, what).toEqual(['error']);
    expect(typeof body.error, what).toBe('string');
  }
}

describe('verification API with random requests', () => {
  it('answers every POST body, whole or broken, with a result or a worded 4xx', async () => {
    await fc.assert(fc.asyncProperty(postRoutes, bodies, async (route, { type, body }) => {
      const headers: Record<string, string> = type ? { 'content-type': type } : {};
      const response = await fetch(`${harness.baseUrl}${route}`, { method: 'POST', headers, body });
      await expectWordedAnswer(response, `POST ${route} (${type}) ${body.slice(0, 200)}`);
    }), { numRuns: 400 });
  });

  it('answers every lookup, whatever its address and chain, with a result or a worded 4xx', async () => {
    await fc.assert(fc.asyncProperty(getPaths, async (path) => {
      await expectWordedAnswer(await fetch(`${harness.baseUrl}${path}`), `GET ${path}`);
    }), { numRuns: 200 });
  });
});
