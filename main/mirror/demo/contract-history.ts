import type { Actor, ActorPool } from './actors.ts';
import { longZeroAddress } from './actors.ts';
import type { SlotChange } from './contract-storage.ts';
import { counterSim, pollSim, tokenSim, type CallOutcome, type EvmLog, type ExampleSim } from './contract-sims.ts';
import { keccak, logsBloom } from './evm/abi.ts';
import { signEip1559 } from './evm/ethereum-tx.ts';
import { rlpEncode, rlpInt } from './evm/rlp.ts';
import { deployExample } from './example-contracts.ts';
import { GAS_PRICE_TINYBARS } from './gas-price.ts';
import type { HistoryWriter } from './history-writer.ts';
import { secp256k1PrivateKeyFor } from './keys.ts';
import type { EntityRow } from './ledger-writer.ts';
import type { Prng } from './prng.ts';
import { DEMO_NOW_SECONDS } from './timeline.ts';
import { RESULT, TX, writeTransaction } from './transaction-log.ts';

/** The demo network answers as Hedera's local-node chain. */
export const DEMO_CHAIN_ID = 298;
const CHAIN_ID_BYTES = Buffer.from([0x01, 0x2a]);
const WEIBARS_PER_TINYBAR = 10_000_000_000n;

/** Ethereum nonces of the accounts that sent Ethereum transactions so far, for one generation. */
export class EthereumNonces {
  readonly #nonces = new Map<number, number>();

  next(actor: Actor): number {
    const nonce = this.#nonces.get(actor.num) ?? 0;
    this.#nonces.set(actor.num, nonce + 1);
    return nonce;
  }
}

interface Execution {
  timestampNs: bigint;
  contractNum: number;
  /** Its EVM address (a CREATE or CREATE2 address, else the long-zero one): what its logs name. */
  contractAddress: Buffer;
  sender: Actor;
  /** Calldata: the function call, or creation code plus constructor arguments. */
  input: Buffer;
  /** What `contract_result.function_parameters` holds (constructor arguments for a HAPI create). */
  functionParameters: Buffer;
  output: Buffer;
  revert: Buffer | null;
  logs: EvmLog[];
  changes: SlotChange[];
  gas: number;
  create: boolean;
  viaEthereum: boolean;
  /** The address the Ethereum transaction went to (null for a create). */
  to: Buffer | null;
  memo: string;
}

/** Entity memos that say what each example's code is: a contract's memo never claims other code. */
export const CONTRACT_MEMOS: Readonly<Record<ExampleSim['name'], readonly string[]>> = {
  Counter: ['counter', 'visit counter', 'click counter'],
  DemoToken: ['ERC-20 token', 'reward points', 'token contract'],
  Poll: ['poll', 'DAO vote', 'community poll'],
};

/**
 * One demo contract: its deployment of a shipped example (code, creation transaction and
 * result as the verify engine reads them) and a history of calls with the logs, actions and
 * storage changes the example's code would produce, ending in its current storage.
 */
export function writeContractHistory(row: EntityRow, createdSeconds: number, memoDraw: number | null, actors: ActorPool, nonces: EthereumNonces,
  writer: HistoryWriter, rng: Prng): void {
  const creator = actors.latest();
  const u = rng.next();
  const sim: ExampleSim & { closesAt?: number } = u < 0.4 ? counterSim(creator) : u < 0.75 ? tokenSim(creator, rng) : pollSim(createdSeconds, rng);
  if (memoDraw !== null) {
    const memos = CONTRACT_MEMOS[sim.name];
    row.memo = memos[Math.floor(memoDraw * memos.length)]!;
  }
  const deployment = deployExample(sim.name, sim.constructorArgs, sim.immutables);
  const viaEthereum = creator.ethereum && rng.chance(0.5);
  const nonce = viaEthereum ? nonces.next(creator) : 0;
  if (viaEthereum) {
    // An Ethereum create: the address is the CREATE address of sender and nonce.
    row.evmAddress = keccak(rlpEncode([creator.address, rlpInt(nonce)])).subarray(12);
  }
  const createInput = Buffer.concat([deployment.creationCode, deployment.constructorArgs]);
  // The address its logs are served with (render-contract-log.ts), which their blooms must hold.
  const address = row.evmAddress ?? longZeroAddress(row.num);
  const deployed = sim.deploy();
  writer.insert('contract', [row.num, null, deployment.creationCode, deployment.runtimeCode]);
  writeExecution(writer, rng, {
    timestampNs: row.createdTimestamp, contractNum: row.num, contractAddress: address, sender: creator, input: createInput,
    functionParameters: viaEthereum ? createInput : deployment.constructorArgs, output: Buffer.alloc(0), revert: null,
    logs: deployed.logs, changes: sim.storage.finish(row.createdTimestamp, false),
    gas: 60_000 + deployment.runtimeCode.length * 200 + createInput.length * 16, create: true, viaEthereum, to: null,
    memo: rng.chance(0.5) ? '' : `deploy ${sim.name}`,
  }, nonce);

  const calls = 1 + rng.geometric(sim.name === 'Counter' ? 4 : 6);
  // Polls see their votes while open; other contracts are used from deployment until now.
  const end = Math.min(DEMO_NOW_SECONDS - 60, sim.closesAt !== undefined ? sim.closesAt + 3 * 86_400 : DEMO_NOW_SECONDS);
  const times = Array.from({ length: calls }, () => createdSeconds + 30 + rng.next() * Math.max(60, end - createdSeconds - 30)).sort((a, b) => a - b);
  let lastNs = row.createdTimestamp;
  for (const seconds of times) {
    let timestampNs = BigInt(Math.floor(seconds)) * 1_000_000_000n + BigInt(rng.int(0, 999_999_999));
    if (timestampNs <= lastNs) timestampNs = lastNs + 1_000n;
    lastNs = timestampNs;
    const outcome: CallOutcome = sim.call(Number(timestampNs / 1_000_000_000n), actors, rng);
    const ethereum = outcome.caller.ethereum && rng.chance(0.08);
    writeExecution(writer, rng, {
      timestampNs, contractNum: row.num, contractAddress: address, sender: outcome.caller, input: outcome.input, functionParameters: outcome.input,
      output: outcome.output, revert: outcome.revert, logs: outcome.logs, changes: sim.storage.finish(timestampNs, outcome.revert !== null),
      gas: 21_000 + outcome.gas, create: false, viaEthereum: ethereum, to: address, memo: '',
    }, ethereum ? nonces.next(outcome.caller) : 0);
  }
  for (const [slot, state] of sim.storage.slots) {
    writer.insert('contract_state', [row.num, Buffer.from(slot, 'hex'), state.created, state.modified, state.value]);
  }
}

/** The bloom of several logs: the union of their bits. */
function orBlooms(blooms: readonly Buffer[]): Buffer {
  const out = Buffer.alloc(256);
  for (const bloom of blooms) for (let i = 0; i < 256; i++) out[i]! |= bloom[i]!;
  return out;
}

function stripZeros(bytes: Buffer): Buffer {
  let i = 0;
  while (i < bytes.length - 1 && bytes[i] === 0) i++;
  return bytes.subarray(i);
}

/** The transaction, contract result, logs, action and state changes of one create or call. */
function writeExecution(writer: HistoryWriter, rng: Prng, e: Execution, nonce: number): void {
  const gasLimit = Math.ceil((e.gas * 1.4) / 10_000) * 10_000;
  // Charged as consumed: the mirror's gas_used equals gas_consumed since v0.140 (HIP-1249 ended the
  // charge of at least 80% of the gas limit).
  const gasUsed = e.gas;
  const fee = gasUsed * GAS_PRICE_TINYBARS + (e.create ? 60_000_000 : 5_000_000);
  const result = e.revert ? RESULT.CONTRACT_REVERT_EXECUTED : RESULT.SUCCESS;
  const written = writeTransaction(writer, {
    consensusNs: e.timestampNs, payer: e.sender.num, fee, result, entityId: e.contractNum, memo: e.memo,
    type: e.viaEthereum ? TX.ETHEREUM : e.create ? TX.CONTRACT_CREATE : TX.CONTRACT_CALL,
  });
  if (!written) return;
  let hash = written.hash.subarray(0, 32);
  if (e.viaEthereum) {
    const maxFee = 1_000n * WEIBARS_PER_TINYBAR;
    const signed = signEip1559({
      chainId: DEMO_CHAIN_ID, nonce, maxPriorityFeePerGas: 0n, maxFeePerGas: maxFee, gasLimit, to: e.to, value: 0n, data: e.input,
    }, secp256k1PrivateKeyFor(e.sender.num));
    hash = signed.hash;
    writer.insert('ethereum_transaction', [e.timestampNs, null, e.input, CHAIN_ID_BYTES, signed.raw, gasLimit, null, hash,
      Buffer.from(maxFee.toString(16).padStart(16, '0'), 'hex'), 0, Buffer.alloc(0), nonce, e.sender.num, signed.recoveryId, signed.r,
      signed.s, null, e.to, 2, Buffer.alloc(0)]);
  }
  // The position in its block is set once the blocks are known (writeBlocks); the draw that
  // stood here stays, so that the rest of the generated history is as it was.
  rng.next();
  const index = 0;
  const emitted = e.revert ? [] : e.logs;
  // Over the address the logs are served with (since generator 27; before, the long-zero one even where the contract has an EVM address).
  const logBlooms = emitted.map((log) => logsBloom([e.contractAddress, ...log.topics]));
  const bloom = emitted.length === 0 ? Buffer.alloc(0) : orBlooms(logBlooms);
  // transaction_nonce is the Hedera transaction id's nonce (0: a user's transaction, not a child),
  // which lists of results filter on; the Ethereum nonce is the ethereum_transaction row's.
  writer.insert('contract_result', [e.timestampNs, e.contractNum, 0, bloom, e.revert ?? e.output, e.create ? String(e.contractNum) : '',
    e.revert ? `0x${e.revert.toString('hex')}` : '', null, e.functionParameters, e.gas, gasLimit, gasUsed, e.sender.num, e.sender.num,
    hash, index, 0, result]);
  emitted.forEach((log, i) => {
    writer.insert('contract_log', [e.timestampNs, i, logBlooms[i]!, e.contractNum, log.data, e.sender.num,
      e.contractNum, log.topics[0] ?? null, log.topics[1] ?? null, log.topics[2] ?? null, log.topics[3] ?? null, hash, index]);
  });
  // One top-level action: a CALL (operation CALL) or CREATE (operation CREATE) from the sender.
  writer.insert('contract_action', [e.timestampNs, 0, 0, e.create ? 5 : 1, e.create ? 2 : 1, e.sender.num, 'ACCOUNT', gasLimit - 21_000,
    e.gas - 21_000 > 0 ? e.gas - 21_000 : e.gas, e.input, e.sender.num, null, null, e.contractNum, e.create ? Buffer.alloc(0) : e.revert ?? e.output,
    e.revert ? 12 : 11, 0]);
  for (const change of e.changes) {
    writer.insert('contract_state_change', [e.timestampNs, e.contractNum, stripZeros(change.slot), 0, e.sender.num, stripZeros(change.read),
      change.written === null ? null : stripZeros(change.written)]);
  }
}
