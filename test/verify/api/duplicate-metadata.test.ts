import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVerifyHarness, storageDeployment, storageUpload, type VerifyHarness } from '../verify-fixture.ts';

// The same metadata uploaded twice (a metadata.json beside the build output it came from, or in
// two folders) is one contract: in a session (one entry, one verificationId) and in a one-call
// verify (no choice between copies). Real multipart uploads over HTTP on loopback.
const EXAMPLES = path.resolve('main/mirror/demo/contracts');
const ADDRESS = storageDeployment().address;

let harness: VerifyHarness;
beforeAll(async () => { harness = await startVerifyHarness(); });
afterAll(async () => harness.close());

async function postFiles(route: string, files: Array<[string, string]>, fields: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [filename, content] of files) form.append('files', new Blob([content]), filename);
  const response = await fetch(`${harness.baseUrl}${route}`, { method: 'POST', body: form });
  return { status: response.status, body: await response.json() };
}

/** The app's example folder as the README tells users to drop it: sources, metadata/ and example-contracts.json. */
function exampleFolder(): Array<[string, string]> {
  const read = (name: string): [string, string] => [`contracts/${name}`, fs.readFileSync(path.join(EXAMPLES, name), 'utf8')];
  return [
    ...fs.readdirSync(EXAMPLES).filter((name) => name.endsWith('.sol') || name.endsWith('.json')).map(read),
    ...fs.readdirSync(path.join(EXAMPLES, 'metadata')).map((name) => read(`metadata/${name}`)),
  ];
}

describe('the same metadata uploaded twice', () => {
  it('makes one session contract with every source found, and ids that stay distinct', async () => {
    const { 'metadata.json': metadata, 'Storage.sol': source } = storageUpload();
    const added = await postFiles('/session/input-files', [['Storage.sol', source!], ['a/metadata.json', metadata!], ['b/metadata.json', metadata!]]);
    expect(added.status).toBe(200);
    expect(added.body.contracts).toEqual([expect.objectContaining({ name: 'Storage', files: { found: ['project:/contracts/Storage.sol'], missing: [] } })]);
    expect(added.body.unused).toEqual([]);
  });

  it("makes the app's example folder three session contracts, its build output and metadata/ read as one", async () => {
    const added = await postFiles('/session/input-files', exampleFolder());
    expect(added.status).toBe(200);
    const contracts = added.body.contracts as Array<{ name: string; verificationId: string }>;
    expect(contracts.map((c) => c.name).sort()).toEqual(['Counter', 'DemoToken', 'Poll']);
    expect(new Set(contracts.map((c) => c.verificationId)).size).toBe(3);
  });

  it('lists each contract once when a one-call verify asks which to verify', async () => {
    const answer = await postFiles('/verify', exampleFolder(), { address: ADDRESS, chain: '31337' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/^Detected 3 contracts \((Counter|DemoToken|Poll), (Counter|DemoToken|Poll), (Counter|DemoToken|Poll)\), but can only verify 1 at a time/);
    expect(answer.body.contractsToChoose.map((c: { name: string }) => c.name).sort()).toEqual(['Counter', 'DemoToken', 'Poll']);
  });
});
