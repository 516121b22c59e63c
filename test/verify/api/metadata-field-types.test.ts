import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startVerifyHarness, storageDeployment, storageUpload, type VerifyHarness } from '../verify-fixture.ts';

// Metadata and standard JSON inputs with each field the engine or lib-sourcify reads set to each
// kind of JSON value (or left out): every answer is a result or a 4xx `{error}`, never a 5xx from
// a TypeError, and a session never shows a field of the wrong type.
let harness: VerifyHarness;
beforeAll(async () => { harness = await startVerifyHarness(); });
afterAll(async () => harness.close());

const ADDRESS = storageDeployment().address;
const SOURCE = 'project:/contracts/Storage.sol';
const METADATA_PATHS = [
  ['compiler'], ['compiler', 'version'], ['language'], ['version'], ['settings'], ['settings', 'compilationTarget'], ['settings', 'compilationTarget', SOURCE],
  ['settings', 'optimizer'], ['settings', 'optimizer', 'enabled'], ['settings', 'optimizer', 'runs'], ['settings', 'optimizer', 'details'],
  ['settings', 'evmVersion'], ['settings', 'libraries'], ['settings', 'remappings'], ['settings', 'metadata'], ['settings', 'metadata', 'bytecodeHash'],
  ['settings', 'viaIR'], ['sources'], ['sources', SOURCE], ['sources', SOURCE, 'keccak256'], ['sources', SOURCE, 'urls'], ['sources', SOURCE, 'content'],
  ['sources', SOURCE, 'license'], ['output'], ['output', 'abi'],
];
const INPUT_PATHS = [
  ['language'], ['sources'], ['sources', 'contracts/Storage.sol'], ['sources', 'contracts/Storage.sol', 'content'], ['sources', 'contracts/Storage.sol', 'urls'],
  ['settings'], ['settings', 'optimizer'], ['settings', 'optimizer', 'runs'], ['settings', 'outputSelection'], ['settings', 'libraries'],
  ['settings', 'remappings'], ['settings', 'evmVersion'], ['settings', 'metadata'],
];
/** One value of each JSON kind, and undefined for the field left out. */
const ODD_VALUES: unknown[] = [undefined, 123, -1.5, true, null, '', 'x', [], [1, 'a'], {}, { a: { b: 2 } }];

/** Every path with every value. */
function cases(paths: string[][], base: unknown): Array<{ what: string; text: string }> {
  return paths.flatMap((path) => ODD_VALUES.map((value) => ({ what: `${path.join('.')} = ${JSON.stringify(value)}`, text: JSON.stringify(withValue(base, path, value)) })));
}

function withValue(base: unknown, path: string[], value: unknown): unknown {
  const copy = JSON.parse(JSON.stringify(base)) as Record<string, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) {
    if (!at[key] || typeof at[key] !== 'object') at[key] = {};
    at = at[key] as Record<string, unknown>;
  }
  if (value === undefined) delete at[path.at(-1)!];
  else at[path.at(-1)!] = value;
  return copy;
}

function expectWorded(response: { status: number; body: any }, what: string): void {
  expect(response.status, what).toBeLessThan(500);
  if (response.status >= 400) expect(typeof response.body.error, what).toBe('string');
}

describe('verification API with metadata and JSON inputs of odd types', () => {
  const metadataCases = cases(METADATA_PATHS, JSON.parse(storageUpload()['metadata.json']!));

  it('answers POST /verify with a result or a worded 4xx', async () => {
    for (const { what, text } of metadataCases) {
      const response = await postJson(`${harness.baseUrl}/verify`, { address: ADDRESS, chain: '31337', files: { 'metadata.json': text, 'Storage.sol': storageUpload()['Storage.sol'] } });
      expectWorded(response, what);
    }
  });

  it('never lets a session show a field of the wrong type, and verifies its contracts with a result or a worded 4xx', async () => {
    for (const { what, text } of metadataCases) {
      const added = await postJson(`${harness.baseUrl}/session/input-files`, { files: { 'metadata.json': text, 'Storage.sol': storageUpload()['Storage.sol'] } });
      expectWorded(added, what);
      if (added.status !== 200) continue;
      const cookie = added.setCookie!.split(';')[0]!;
      for (const contract of added.body.contracts as Array<Record<string, unknown>>) {
        for (const key of ['verificationId', 'compiledPath', 'name', 'compilerVersion', 'status']) expect(typeof contract[key], `${what}: ${key}`).toBe('string');
        const verified = await postJson(`${harness.baseUrl}/session/verify-checked`, { contracts: [{ verificationId: contract.verificationId, address: ADDRESS, chainId: '31337' }] }, cookie);
        expectWorded(verified, what);
        if (verified.status === 200) expect(verified.body.contracts[0].statusMessage ?? '', what).not.toMatch(/is not a function|Cannot read prop|undefined/);
      }
    }
  });

  it('answers standard JSON inputs of odd types with a result or a worded 4xx', async () => {
    const input = {
      language: 'Solidity',
      sources: { 'contracts/Storage.sol': { content: storageUpload()['Storage.sol'] } },
      settings: { optimizer: { enabled: false, runs: 200 } },
    };
    for (const { what, text } of cases(INPUT_PATHS, input)) {
      const direct = await postJson(`${harness.baseUrl}/verify/solc-json`, { address: ADDRESS, chain: '31337', compilerVersion: '0.8.4+commit.c7e474f2', contractName: 'Storage', files: { 'input.json': text } });
      expectWorded(direct, what);
      const session = await postJson(`${harness.baseUrl}/session/input-solc-json`, { compilerVersion: '0.8.4+commit.c7e474f2', files: { 'input.json': text } });
      expectWorded(session, what);
    }
  });
});
