import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_CONTRACTS, EXAMPLE_SOURCES, type ExampleName } from '../../../main/mirror/demo/contracts/example-artifact.ts';
import { EXAMPLE_ARTIFACT } from '../../../main/mirror/demo/example-contracts.ts';
import { generateDemoLedger } from '../../../main/mirror/demo/generate-ledger.ts';
import { LedgerStore } from '../../../main/mirror/store/ledger-store.ts';
import { startVerifyApi, type RunningVerifyApi } from '../../../main/verify/start-verify-api.ts';
import { postJson, tempDir } from '../../verify/verify-fixture.ts';

// End to end as a user would do it: the demo ledger in a real SQLite file, the verification API on
// loopback answering chain 298 from it, the compiler that ships with the app (no downloads), and
// the .sol files shipped in main/mirror/demo/contracts.
const CONTRACTS_DIR = path.resolve('main/mirror/demo/contracts');
const dataDir = tempDir('mirrordesk-demo-verify-');
let store: LedgerStore;
let api: RunningVerifyApi;

interface Deployed { id: number; address: string; txHash: string; ethereum: boolean }

beforeAll(async () => {
  store = new LedgerStore({ file: path.join(dataDir, 'demo.sqlite') });
  generateDemoLedger(store, { accounts: 2000, keyThread: false });
  api = await startVerifyApi({
    dataDir, port: 0, hostCheck: true, profileChainId: 298, mirrorDb: () => store.db, log: () => undefined,
    compilersDir: path.join(dataDir, 'compilers'), solcBinMirror: null,
  });
  await api.service.ready;
}, 120_000);
afterAll(async () => {
  await api?.close();
  store?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Demo deployments of one example: its address (EVM alias or long-zero) and creation transaction hash. */
function deploymentsOf(name: ExampleName): Deployed[] {
  const creation = Buffer.from(EXAMPLE_ARTIFACT.contracts[name].bytecode, 'hex');
  const rows = store.db.prepare(`SELECT e.id, e.evm_address, r.transaction_hash, (SELECT count(*) FROM ethereum_transaction x WHERE x.hash = r.transaction_hash) AS eth
    FROM contract c JOIN entity e ON e.id = c.id JOIN contract_result r ON r.contract_id = c.id AND r.consensus_timestamp = e.created_timestamp
    WHERE c.initcode = ? ORDER BY e.id`).all(creation) as Array<{ id: number; evm_address: Buffer | null; transaction_hash: Buffer; eth: number }>;
  return rows.map((r) => ({
    id: r.id,
    address: `0x${r.evm_address ? r.evm_address.toString('hex') : r.id.toString(16).padStart(40, '0')}`,
    txHash: `0x${r.transaction_hash.toString('hex')}`,
    ethereum: r.eth > 0,
  }));
}

/** What a deployment's creation was given: the result's input (HAPI) or the Ethereum call data, hex. */
function creationInput(deployment: Deployed): string {
  const hash = Buffer.from(deployment.txHash.slice(2), 'hex');
  const sql = deployment.ethereum ? 'SELECT call_data AS input FROM ethereum_transaction WHERE hash = ?' : 'SELECT function_parameters AS input FROM contract_result WHERE transaction_hash = ?';
  return (store.db.prepare(sql).get(hash) as { input: Buffer }).input.toString('hex');
}

/** The shipped sources plus the contract's metadata, as dropped into the Verify screen. */
function upload(name: ExampleName): Record<string, string> {
  const files: Record<string, string> = { 'metadata.json': EXAMPLE_ARTIFACT.contracts[name].metadata };
  for (const source of EXAMPLE_SOURCES) files[source] = fs.readFileSync(path.join(CONTRACTS_DIR, source), 'utf8');
  return files;
}

describe('demo contracts verify against the shipped sources (chain 298)', () => {
  it('deploys every example, by HAPI ContractCreate and by Ethereum transaction', () => {
    const all = (Object.keys(EXAMPLE_CONTRACTS) as ExampleName[]).flatMap(deploymentsOf);
    for (const name of Object.keys(EXAMPLE_CONTRACTS) as ExampleName[]) expect(deploymentsOf(name).length).toBeGreaterThan(0);
    expect(all.some((d) => d.ethereum)).toBe(true);
    expect(all.some((d) => !d.ethereum)).toBe(true);
    const contracts = (store.db.prepare("SELECT count(*) AS n FROM entity WHERE type = 'CONTRACT'").get() as { n: number }).n;
    expect(all).toHaveLength(contracts);
  });

  for (const name of Object.keys(EXAMPLE_CONTRACTS) as ExampleName[]) {
    it(`${name}: metadata and sources give a perfect runtime and creation match`, async () => {
      const deployments = deploymentsOf(name);
      // One HAPI deployment and one Ethereum deployment when the demo has both.
      const picks = [deployments.find((d) => !d.ethereum), deployments.find((d) => d.ethereum)].filter((d): d is Deployed => d !== undefined);
      for (const deployment of picks) {
        const response = await postJson(`${api.url}/verify`, { address: deployment.address, chain: '298', creatorTxHash: deployment.txHash, files: upload(name) });
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        expect(response.body.result[0]).toMatchObject({ chainId: '298', status: 'perfect' });
        expect(response.body.result[0].message).toBe('runtime bytecode: perfect; creation bytecode: perfect');
        // The creation match keeps the arguments the contract was created with: a HAPI creation's result input
        // holds exactly them, an Ethereum creation's call data ends with them after the creation code.
        const stored = api.service.repository.get('298', deployment.address)!.constructorArguments!;
        const input = creationInput(deployment);
        if (deployment.ethereum) expect(input.endsWith(stored.slice(2))).toBe(true);
        else expect(stored).toBe(`0x${input}`);
        expect(stored === '0x').toBe(name === 'Counter'); // Counter's constructor takes none
      }
    }, 120_000);
  }

  it('the committed standard-JSON input verifies too, with the bundled compiler version', async () => {
    const deployment = deploymentsOf('DemoToken').at(-1)!;
    const response = await postJson(`${api.url}/verify/solc-json`, {
      address: deployment.address, chain: '298', creatorTxHash: deployment.txHash, compilerVersion: EXAMPLE_ARTIFACT.compiler.version,
      contractName: 'DemoToken', files: { 'input.json': JSON.stringify(EXAMPLE_ARTIFACT.input) },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.result[0]).toMatchObject({ status: 'perfect', message: 'runtime bytecode: perfect; creation bytecode: perfect' });
  }, 120_000);

  it('a different contract does not match a deployment', async () => {
    // One not verified yet: a verified address would answer from the repository.
    const deployment = deploymentsOf('Counter').find((d) => !api.service.repository.get('298', d.address))!;
    const response = await postJson(`${api.url}/verify`, { address: deployment.address, chain: '298', files: upload('Poll') });
    expect(response.status).not.toBe(200);
  }, 120_000);
});
