import fs from 'node:fs';
import path from 'node:path';
import { EXAMPLE_SOURCES } from '../../main/mirror/demo/contracts/example-artifact.ts';
import { addressWord, uintWord, type AbiValue } from '../../main/mirror/demo/evm/abi.ts';
import { deployExample, EXAMPLE_ARTIFACT } from '../../main/mirror/demo/example-contracts.ts';
import { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import type { MirrorUnavailable } from '../../main/mirror/http/availability-gate.ts';
import { MirrorCodeSource } from '../../main/verify/chain/mirror-code-source.ts';
import { cachedCompilers, insertRow, startVerifyHarness, tempDir, type VerifyHarness } from './verify-fixture.ts';

// The demo's example contracts (compiled with the bundled solc, immutables and constructor
// arguments as real deployments have them) deployed into a real mirror store, the way the demo
// ledger and a synced store keep contracts: entity, contract, and the creation contract_result
// at the entity's created_timestamp. The verification service reads chain 298 from it.

export const DEMO_CHAIN = '298';
export const DEMO_VERSION = EXAMPLE_ARTIFACT.compiler.version;
export const DEMO_CONTRACTS_DIR = path.resolve('main/mirror/demo/contracts');
const CREATOR = Buffer.from('00000000000000000000000000000000000003e9', 'hex');

export interface DemoDeployment {
  id: number;
  /** Long-zero address of the contract entity. */
  address: string;
  /** Hash of its creation result (a HAPI ContractCreate). */
  txHash: string;
  /** 0x hex. */
  constructorArgs: string;
}

export type DemoName = 'DemoToken' | 'Poll' | 'Counter';

/**
 * A deployment of DemoToken, Poll or Counter (no constructor arguments, no immutables) as entity
 * `id`; `factory` leaves it without a creation result of its own, `evmAddress` gives it an EVM
 * alias (as an Ethereum create does) besides its long-zero address.
 */
export function deployDemo(store: LedgerStore, name: DemoName, id: number, options: { factory?: boolean; evmAddress?: string } = {}): DemoDeployment {
  const createdSeconds = 1_700_000_000 + id;
  const [args, immutables] = name === 'DemoToken'
    ? [[text('Demo'), text('DMO'), uint(6), uint(1_000_000n)], { decimals: uintWord(6), minter: addressWord(CREATOR) }] as const
    : name === 'Poll'
      ? [[text('Lunch?'), uint(3), uint(86_400)], { optionCount: uintWord(3), closesAt: uintWord(createdSeconds + 86_400) }] as const
      : [[], {}] as const;
  const deployment = deployExample(name, args, immutables);
  const createdNs = BigInt(createdSeconds) * 1_000_000_000n;
  const txHash = Buffer.alloc(32, id % 251);
  const evmAddress = options.evmAddress ? Buffer.from(options.evmAddress.slice(2), 'hex') : null;
  insertRow(store.db, 'entity', { id, num: id, type: 'CONTRACT', created_timestamp: createdNs, evm_address: evmAddress });
  insertRow(store.db, 'contract', { id, initcode: deployment.creationCode, runtime_bytecode: deployment.runtimeCode });
  // A factory's child: the creation result at that time is the factory's (entity 900), listing the child.
  insertRow(store.db, 'contract_result', {
    consensus_timestamp: createdNs, contract_id: options.factory ? 900 : id, created_contract_ids: String(id), sender_id: 1001,
    transaction_hash: txHash, function_parameters: options.factory ? Buffer.alloc(4) : deployment.constructorArgs,
  });
  return { id, address: `0x${id.toString(16).padStart(40, '0')}`, txHash: `0x${txHash.toString('hex')}`, constructorArgs: `0x${deployment.constructorArgs.toString('hex')}` };
}

/** A shipped source file's text. */
export function demoSource(file: (typeof EXAMPLE_SOURCES)[number]): string {
  return fs.readFileSync(path.join(DEMO_CONTRACTS_DIR, file), 'utf8');
}

/** The contract's metadata and every shipped source, as dropped into the Verify screen. */
export function demoUpload(name: DemoName): Record<string, string> {
  const files: Record<string, string> = { 'metadata.json': EXAMPLE_ARTIFACT.contracts[name].metadata };
  for (const source of EXAMPLE_SOURCES) files[source] = demoSource(source);
  return files;
}

export interface DemoHarness extends VerifyHarness {
  store: LedgerStore;
}

/**
 * The verify service and API on loopback, chain 298 read from a fresh mirror store (the only chain
 * configured). `availability` stands for the mirror's gate (ProfileSession.mirrorUnavailable).
 */
export async function startDemoHarness(availability?: () => MirrorUnavailable | null): Promise<DemoHarness> {
  const dataDir = tempDir();
  const store = new LedgerStore({ file: path.join(dataDir, 'mirror.sqlite') });
  const compilersDir = await cachedCompilers(DEMO_VERSION);
  const chains = { mirrorChainIds: [DEMO_CHAIN], mirrorSource: new MirrorCodeSource(() => store.db, availability), rpcUrls: {} };
  const harness = await startVerifyHarness({ compilersDir, chains }, dataDir);
  return {
    ...harness,
    store,
    async close() {
      await harness.close();
      store.close();
    },
  };
}

const text = (value: string): AbiValue => ({ type: 'string', value });
const uint = (value: bigint | number): AbiValue => ({ type: 'uint', value });
