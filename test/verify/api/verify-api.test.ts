import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { postJson, startVerifyHarness, storageDeployment, storageModifiedUpload, storageUpload, type VerifyHarness } from '../verify-fixture.ts';
import { listenOnLoopback } from '../../../main/http/listen.ts';
import { rawExchange } from '../../helpers/raw-exchange.ts';

const ADDRESS = storageDeployment().address;
const CHECKSUMMED = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

describe('verification API: one-call verify and checks (real HTTP on loopback)', () => {
  let harness: VerifyHarness;
  beforeEach(async () => {
    harness = await startVerifyHarness();
  });
  afterEach(async () => harness.close());

  const verify = (body: Record<string, unknown>) => postJson(`${harness.baseUrl}/verify`, { address: ADDRESS, chain: '31337', files: storageUpload(), ...body });

  it('verifies metadata and sources against the test chain: perfect runtime and creation match', async () => {
    const { status, body } = await verify({ creatorTxHash: storageDeployment().txHash });
    expect(status).toBe(200);
    expect(body).toEqual({ result: [{ address: CHECKSUMMED, chainId: '31337', status: 'perfect', message: expect.stringContaining('runtime bytecode: perfect'), libraryMap: {} }] });
    const contract = await (await fetch(`${harness.baseUrl}/v2/contract/31337/${ADDRESS}`)).json();
    expect(contract).toMatchObject({ match: 'exact_match', runtimeMatch: 'exact_match', creationMatch: 'exact_match', chainId: '31337', address: CHECKSUMMED });
  });

  it('answers the same compilation again from the store, and checks other sources for a verified address rather than answering the stored match', async () => {
    // Edited since it was compiled (one comment), before any verification here: it no longer fits the metadata's hash, and says so.
    const editedFirst = await verify({ files: { ...storageUpload(), 'Storage.sol': `${storageUpload()['Storage.sol']}\n// edited\n` } });
    expect(editedFirst.status).toBe(400);
    expect(editedFirst.body.error).toMatch(/missing|invalid|source/i);

    expect((await verify({})).body.result[0].status).toBe('perfect');
    const compiles = harness.service.compiler.compiles;
    const again = await verify({});
    expect(again.body.result[0]).toMatchObject({ status: 'perfect', message: expect.stringMatching(/^already verified from these sources on \d{4}-\d\d-\d\dT.+ \(runtime bytecode: perfect; creation bytecode: not checked or no match\), answered from the store without compiling: nothing was checked now$/) });
    expect(harness.service.compiler.compiles).toBe(compiles);

    // The source changed since (one comment): the very file the metadata names is verified here,
    // so it fills the gap (as Sourcify's IPFS fetch would) and the edited copy is left unused.
    const edited = await verify({ files: { ...storageUpload(), 'Storage.sol': `${storageUpload()['Storage.sol']}\n// edited\n` } });
    expect(edited.body.result[0]).toMatchObject({ status: 'perfect', message: expect.stringMatching(/; already verified from these sources with the same matches on .+: nothing new to store$/) });

    // Another contract compiling to the same code but another metadata: a partial match, not stored over the perfect one.
    const partial = await verify({ files: storageModifiedUpload() });
    expect(partial.status).toBe(200);
    expect(partial.body.result[0]).toMatchObject({ status: 'partial', message: expect.stringMatching(/^runtime bytecode: partial; .+; not stored: a perfect match from other sources, verified on \d{4}-.+, stays stored for this address$/) });
    expect(harness.service.repository.get('31337', ADDRESS)).toMatchObject({ status: 'perfect', name: 'Storage' });
  });

  it('answers the checks by address from the repository', async () => {
    await verify({});
    const other = '0x' + '12'.repeat(20);
    const byAddresses = await (await fetch(`${harness.baseUrl}/check-by-addresses?addresses=${ADDRESS},${other}&chainIds=31337`)).json();
    expect(byAddresses).toEqual([{ address: CHECKSUMMED, status: 'perfect', chainIds: ['31337'] }, { address: '0x1212121212121212121212121212121212121212', status: 'false' }]);
    const all = await (await fetch(`${harness.baseUrl}/check-all-by-addresses?addresses=${ADDRESS}&chainIds=31337`)).json();
    expect(all).toEqual([{ address: CHECKSUMMED, chainIds: [{ chainId: '31337', status: 'perfect' }] }]);
    const files = await (await fetch(`${harness.baseUrl}/files/any/31337/${ADDRESS}`)).json() as { status: string; files: Array<{ name: string; content: string }> };
    expect(files.status).toBe('full');
    expect(files.files.map((f) => f.name)).toEqual(['Storage.sol', 'metadata.json']);
    expect((await fetch(`${harness.baseUrl}/files/any/31337/${other}`)).status).toBe(404);
  });

  it('accepts the same upload as multipart/form-data', async () => {
    const form = new FormData();
    form.set('address', ADDRESS);
    form.set('chain', '31337');
    for (const [name, content] of Object.entries(storageUpload())) form.append('files', new Blob([content]), name);
    const response = await fetch(`${harness.baseUrl}/verify`, { method: 'POST', body: form });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { result: Array<{ status: string }> }).result[0]!.status).toBe('perfect');
  });

  it.each(['/verify', '/', '/session/input-files'])('answers 400 to a multipart body %s cannot parse (cut short), not 500', async (route) => {
    const response = await fetch(`${harness.baseUrl}${route}`, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: '--x\r\ncontent-disposition: form-data; name="files"; filename="A.sol"\r\n\r\npragma' });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(/^the multipart\/form-data body could not be read: /);
  });

  it('verifies a standard JSON input through /verify/solc-json', async () => {
    const input = { language: 'Solidity', sources: { 'contracts/Storage.sol': { content: storageUpload()['Storage.sol'] } }, settings: JSON.parse(storageUpload()['metadata.json']!).settings };
    delete input.settings.compilationTarget;
    const { status, body } = await postJson(`${harness.baseUrl}/verify/solc-json`, {
      address: ADDRESS, chain: '31337', compilerVersion: '0.8.4+commit.c7e474f2', contractName: 'Storage', files: { 'input.json': JSON.stringify(input) },
    });
    expect(status).toBe(200);
    expect(body.result[0]).toMatchObject({ chainId: '31337', status: expect.stringMatching(/perfect|partial/) });
  });

  it('takes the standard JSON input of /verify/solc-json whatever the one file is named, and the *.json one among several', async () => {
    const input = { language: 'Solidity', sources: { 'contracts/Storage.sol': { content: storageUpload()['Storage.sol'] } }, settings: JSON.parse(storageUpload()['metadata.json']!).settings };
    delete input.settings.compilationTarget;
    const solcJson = (files: Record<string, string>) => postJson(`${harness.baseUrl}/verify/solc-json`, { address: ADDRESS, chain: '31337', compilerVersion: '0.8.4+commit.c7e474f2', contractName: 'Storage', files });
    expect((await solcJson({ input: JSON.stringify(input) })).body.result[0].status).toMatch(/perfect|partial/);
    expect((await solcJson({ 'INPUT.JSON': JSON.stringify(input), 'README.md': '# notes' })).body.result[0].status).toMatch(/perfect|partial/);
    const neither = await solcJson({ a: JSON.stringify(input), b: '{}' });
    expect(neither).toMatchObject({ status: 400, body: { error: 'files must hold one standard JSON input: of the 2 files sent, 0 are named *.json' } });
  });

  it.each([
    ['malformed JSON', '{"address":', 400, /JSON/i],
    ['a body that is not an object', '[1,2]', 400, /must be a JSON object/],
    ['a missing address', { chain: '31337', files: { 'a.sol': 'x' } }, 400, /address is required/],
    ['a malformed address', { address: '0x123', chain: '31337', files: { 'a.sol': 'x' } }, 400, /address must be a 0x-prefixed/],
    ['a chain that is not a number', { address: ADDRESS, chain: 'mainnet', files: { 'a.sol': 'x' } }, 400, /chain must be a decimal chain id/],
    ['files that are not strings', { address: ADDRESS, chain: '31337', files: { 'a.sol': 42 } }, 400, /must be a string/],
    ['empty files', { address: ADDRESS, chain: '31337', files: {} }, 400, /files is empty/],
    ['path traversal in a file name', { address: ADDRESS, chain: '31337', files: { '../../etc/passwd': 'x' } }, 400, /must not contain "\.\." segments/],
    ['an absolute file name', { address: ADDRESS, chain: '31337', files: { '/etc/passwd': 'x' } }, 400, /must be a relative path/],
    ['no metadata among the files', { address: ADDRESS, chain: '31337', files: { 'a.sol': 'contract A {}' } }, 400, /no metadata\.json found/],
    ['an unknown chain', { address: ADDRESS, chain: '5', files: storageUpload() }, 400, /chain 5 is not supported here/],
    ['a bad creatorTxHash', { address: ADDRESS, chain: '31337', files: storageUpload(), creatorTxHash: 'abc' }, 400, /creatorTxHash must be/],
  ])('answers %s with a clear 4xx {error}, at POST / (Sourcify\'s alias) as at /verify', async (_label, body, status, message) => {
    const response = await postJson(`${harness.baseUrl}/verify`, body);
    expect(response.status).toBe(status);
    expect(Object.keys(response.body)).toEqual(['error']);
    expect(response.body.error).toMatch(message);
    expect(await postJson(`${harness.baseUrl}/`, body)).toEqual(response);
  });

  it('serves POST / as /verify, as Sourcify does: the request older Foundry versions send to the base URL', async () => {
    // forge's SourcifyVerifyRequest: address, chain, files by name (metadata.json and the sources).
    const foundry = await postJson(`${harness.baseUrl}/`, { address: CHECKSUMMED, chain: '31337', files: storageUpload() });
    expect(foundry).toMatchObject({ status: 200, body: { result: [{ address: CHECKSUMMED, chainId: '31337', status: 'perfect', message: 'runtime bytecode: perfect; creation bytecode: not checked or no match', libraryMap: {} }] } });
    expect(harness.service.repository.get('31337', ADDRESS)).toMatchObject({ status: 'perfect', name: 'Storage' });
  });

  it('serves POST / as /verify for a multipart upload too', async () => {
    const form = new FormData();
    form.set('address', ADDRESS);
    form.set('chain', '31337');
    form.set('creatorTxHash', storageDeployment().txHash);
    for (const [name, content] of Object.entries(storageUpload())) form.append('files', new Blob([content]), name);
    const multipart = await fetch(`${harness.baseUrl}/`, { method: 'POST', body: form });
    expect(multipart.status).toBe(200);
    expect((await multipart.json()).result[0]).toMatchObject({ status: 'perfect', message: expect.stringContaining('creation bytecode: perfect') });
  });

  it('refuses metadata whose fields have the wrong type with a 400 naming the field, in a verify and in a session', async () => {
    const metadata = JSON.parse(storageUpload()['metadata.json']!);
    metadata.compiler.version = 123;
    const files = { ...storageUpload(), 'metadata.json': JSON.stringify(metadata) };
    const expected = { status: 400, body: { error: 'the metadata of Storage: compiler.version must be a string such as "0.8.4+commit.c7e474f2"' } };
    expect(await postJson(`${harness.baseUrl}/verify`, { address: ADDRESS, chain: '31337', files })).toMatchObject(expected);
    expect(await postJson(`${harness.baseUrl}/session/input-files`, { files })).toMatchObject(expected);
  });

  it('lists the contracts to choose from when the files hold several, and answers 404 to a choice that names none', async () => {
    const files = {
      'storage/metadata.json': storageUpload()['metadata.json']!, 'storage/Storage.sol': storageUpload()['Storage.sol']!,
      'modified/metadata.json': storageModifiedUpload()['metadata.json']!, 'modified/StorageModified.sol': storageModifiedUpload()['StorageModified.sol']!,
    };
    const several = await verify({ files });
    expect(several.status).toBe(400);
    expect(several.body.error).toMatch(/^Detected 2 contracts \((Storage, StorageModified|StorageModified, Storage)\), but can only verify 1 at a time/);
    expect(several.body.contractsToChoose).toHaveLength(2);
    expect(several.body.contractsToChoose).toEqual(expect.arrayContaining([
      { name: 'Storage', path: 'project:/contracts/Storage.sol' },
      { name: 'StorageModified', path: expect.stringMatching(/StorageModified\.sol$/) },
    ]));
    const index = several.body.contractsToChoose.findIndex((c: { name: string }) => c.name === 'Storage');
    expect((await verify({ files, chosenContract: String(index) })).body.result[0].status).toBe('perfect');
    expect((await verify({ files, chosenContract: index })).body.result[0].status).toBe('perfect');
    expect(await verify({ files, chosenContract: '7' })).toMatchObject({ status: 404, body: { error: 'Chosen contract not found. Received chosenContract: 7' } });
    expect(await verify({ chosenContract: '1' })).toMatchObject({ status: 404, body: { error: 'Chosen contract not found. Received chosenContract: 1' } });
  });

  it('refuses a mixed-case address whose EIP-55 checksum is wrong, as Sourcify does, and takes one in lower or upper case', async () => {
    const wrong = CHECKSUMMED.replace('F', 'f'); // one letter's case off
    const refused = await postJson(`${harness.baseUrl}/verify`, { address: wrong, chain: '31337', files: storageUpload() });
    expect(refused).toMatchObject({ status: 400, body: { error: `address "${wrong}" has a wrong EIP-55 checksum (mixed case must match it exactly): check it, or send it in lower case` } });
    expect((await postJson(`${harness.baseUrl}/verify`, { address: CHECKSUMMED, chain: '31337', files: storageUpload() })).status).toBe(200);
    expect((await postJson(`${harness.baseUrl}/verify`, { address: `0x${ADDRESS.slice(2).toUpperCase()}`, chain: '31337', files: storageUpload() })).status).toBe(200);
  });

  it('says which sources are missing and which compiler is not available', async () => {
    const { 'Storage.sol': _dropped, ...onlyMetadata } = storageUpload();
    const missing = await postJson(`${harness.baseUrl}/verify`, { address: ADDRESS, chain: '31337', files: onlyMetadata });
    expect(missing).toMatchObject({ status: 400, body: { error: expect.stringMatching(/missing sources for Storage: .*Storage\.sol/) } });

    const metadata = JSON.parse(storageUpload()['metadata.json']!);
    metadata.compiler.version = '0.8.1+commit.df193b15';
    const unavailable = await postJson(`${harness.baseUrl}/verify`, { address: ADDRESS, chain: '31337', files: { ...storageUpload(), 'metadata.json': JSON.stringify(metadata) } });
    expect(unavailable).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^compiler not available: 0\.8\.1\+commit\.df193b15/) } });
  });

  it('says so when the sources do not compile', async () => {
    const input = { language: 'Solidity', sources: { 'Broken.sol': { content: 'pragma solidity ^0.8.0; contract Storage { uint x = ; }' } }, settings: {} };
    const response = await postJson(`${harness.baseUrl}/verify/solc-json`, {
      address: ADDRESS, chain: '31337', compilerVersion: '0.8.4+commit.c7e474f2', contractName: 'Storage', files: { 'input.json': JSON.stringify(input) },
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/^the sources do not compile: .*ParserError/s);
  });

  it('answers 404 where nothing is deployed and where no route is', async () => {
    const nothing = await postJson(`${harness.baseUrl}/verify`, { address: '0x' + '34'.repeat(20), chain: '31337', files: storageUpload() });
    expect(nothing.status).toBe(404);
    expect(nothing.body.error).toMatch(/does not have a contract deployed/);
    const route = await fetch(`${harness.baseUrl}/nope`);
    expect(route.status).toBe(404);
    expect(await route.json()).toEqual({ error: 'Not found: GET /nope' });
  });

  it('answers `{error}` to a path the router cannot decode, and reads an over-long id as a bad id', async () => {
    const undecodable = await fetch(`${harness.baseUrl}/files/any/298/%ZZ`);
    expect(undecodable.status).toBe(400);
    expect(Object.keys(await undecodable.json())).toEqual(['error']);
    const long = await fetch(`${harness.baseUrl}/files/any/31337/0x${'ab'.repeat(200)}`);
    expect(long.status).toBe(400);
    expect((await long.json()).error).toMatch(/address/i);
  });

  it('refuses a Host that is not a loopback name (DNS rebinding)', async () => {
    const server = (await import('../../../main/verify/api/verify-server.ts')).buildVerifyServer({ service: harness.service, hostCheck: true, log: () => undefined });
    const response = await server.inject({ method: 'GET', url: '/session/data', headers: { host: 'evil.example:47802' } });
    expect(response.statusCode).toBe(403);
    await server.close();
  });

  it('answers 408 in `{error}` to an upload whose body stops arriving, rather than holding its socket for good', async () => {
    // A limit of 300 ms stands in for the real 60 s (request-receive-limit.ts).
    const { buildVerifyServer } = await import('../../../main/verify/api/verify-server.ts');
    const strict = buildVerifyServer({ service: harness.service, hostCheck: true, log: () => undefined, receiveLimitMs: 300 });
    const url = await listenOnLoopback(strict, 0);
    try {
      const halfSent = 'POST /session/input-files HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"files":';
      const answer = await rawExchange(url, halfSent);
      expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ error: 'Request Timeout: Client Timeout' });
    } finally {
      await strict.close();
    }
  });

  it('answers 413 to a body over the upload limit and stays up', async () => {
    const huge = 'x'.repeat(59 * 1024 * 1024);
    const response = await postJson(`${harness.baseUrl}/verify`, { address: ADDRESS, chain: '31337', files: { 'big.sol': huge } });
    expect(response.status).toBe(413);
    expect(response.body.error).toMatch(/too large|50 MiB/i);
    expect((await verify({})).status).toBe(200);
  });
});
