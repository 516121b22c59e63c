import type { Actor, ActorPool } from './actors.ts';
import type { ExampleName } from './contracts/example-artifact.ts';
import { ContractStorage, slotOf } from './contract-storage.ts';
import { addressWord, encodeAbi, encodeCall, eventTopic, mappingSlot, selector, shortStringSlot, uintWord, type AbiValue } from './evm/abi.ts';
import type { Prng } from './prng.ts';

export interface EvmLog {
  topics: Buffer[];
  data: Buffer;
}

/** What one call did, as the contract's code would have done it. */
export interface CallOutcome {
  caller: Actor;
  input: Buffer;
  output: Buffer;
  /** ABI-encoded custom error when the call reverted. */
  revert: Buffer | null;
  logs: EvmLog[];
  gas: number;
}

export interface ExampleSim {
  name: ExampleName;
  storage: ContractStorage;
  constructorArgs: AbiValue[];
  immutables: Record<string, Buffer>;
  /** Effects of the constructor (state and logs), run at deployment. */
  deploy(): { logs: EvmLog[]; gas: number };
  /** The next call someone makes at `seconds`, with its effects applied to storage. */
  call(seconds: number, actors: ActorPool, rng: Prng): CallOutcome;
}

const T = {
  incremented: eventTopic('Incremented(address,uint256,uint256)'),
  reset: eventTopic('Reset(address,uint256)'),
  transfer: eventTopic('Transfer(address,address,uint256)'),
  approval: eventTopic('Approval(address,address,uint256)'),
  voted: eventTopic('Voted(address,uint256)'),
};
const TRUE = uintWord(1);

function customError(signature: string, values: AbiValue[]): Buffer {
  return Buffer.concat([selector(signature), encodeAbi(values)]);
}

const addr = (actor: Actor): AbiValue => ({ type: 'address', value: actor.address });
const uint = (value: bigint | number): AbiValue => ({ type: 'uint', value });

/** Counter.sol: slot 0 count, 1 lastCaller, 2 owner. */
export function counterSim(creator: Actor): ExampleSim {
  const storage = new ContractStorage();
  return {
    name: 'Counter', storage, constructorArgs: [], immutables: {},
    deploy() {
      storage.store(slotOf(2), addressWord(creator.address));
      return { logs: [], gas: 0 };
    },
    call(_seconds, actors, rng) {
      const u = rng.next();
      if (u < 0.06) {
        // Resets: the owner's succeed, anyone else's revert with NotOwner.
        const caller = rng.chance(0.5) ? creator : actors.pick(rng);
        const input = encodeCall('reset()');
        if (caller.num !== creator.num) return { caller, input, output: Buffer.alloc(0), revert: customError('NotOwner(address)', [addr(caller)]), logs: [], gas: 23_900 };
        storage.load(slotOf(2));
        const previous = storage.loadUint(slotOf(0));
        storage.storeUint(slotOf(0), 0);
        return { caller, input, output: Buffer.alloc(0), revert: null, logs: [{ topics: [T.reset, addressWord(caller.address)], data: uintWord(previous) }], gas: 28_400 };
      }
      const caller = actors.pick(rng);
      const by = u < 0.65 ? 1 : rng.int(2, 250);
      const input = by === 1 && u < 0.65 ? encodeCall('increment()') : encodeCall('incrementBy(uint256)', [uint(by)]);
      const count = storage.loadUint(slotOf(0)) + BigInt(by);
      storage.storeUint(slotOf(0), count);
      storage.store(slotOf(1), addressWord(caller.address));
      return { caller, input, output: Buffer.alloc(0), revert: null, logs: [{ topics: [T.incremented, addressWord(caller.address)], data: encodeAbi([uint(by), uint(count)]) }], gas: 31_000 + rng.int(0, 20_000) };
    },
  };
}

const TOKEN_NAMES = [['Harbor Credits', 'HBC'], ['Meadow Points', 'MDW'], ['Orbit Dollar', 'ORBD'], ['Lumen Shares', 'LUMS'],
  ['Cobalt Coin', 'CBLT'], ['Sprout Rewards', 'SPRT'], ['Tandem Token', 'TDM'], ['Granite Gold', 'GRNT']] as const;

/** DemoToken.sol: slot 0 name, 1 symbol, 2 totalSupply, 3 balanceOf, 4 allowance; immutables decimals, minter. */
export function tokenSim(creator: Actor, rng: Prng): ExampleSim {
  const storage = new ContractStorage();
  const [name, symbol] = rng.pick(TOKEN_NAMES);
  const decimals = rng.pick([18, 18, 8, 6]);
  const supply = BigInt(rng.int(1_000, 50_000_000)) * 10n ** BigInt(decimals);
  const holders: Actor[] = [creator];
  const balanceSlot = (actor: Actor) => mappingSlot(actor.address, 3);
  const transfer = (from: Actor, to: Actor, value: bigint) => {
    storage.storeUint(balanceSlot(from), storage.loadUint(balanceSlot(from)) - value);
    storage.storeUint(balanceSlot(to), storage.loadUint(balanceSlot(to)) + value);
    if (!holders.some((h) => h.num === to.num)) holders.push(to);
  };
  const transferLog = (from: Buffer, to: Buffer, value: bigint): EvmLog => ({ topics: [T.transfer, addressWord(from), addressWord(to)], data: uintWord(value) });
  return {
    name: 'DemoToken', storage,
    constructorArgs: [{ type: 'string', value: name }, { type: 'string', value: symbol }, uint(decimals), uint(supply)],
    immutables: { decimals: uintWord(decimals), minter: addressWord(creator.address) },
    deploy() {
      storage.store(slotOf(0), shortStringSlot(name));
      storage.store(slotOf(1), shortStringSlot(symbol));
      storage.storeUint(slotOf(2), supply);
      storage.storeUint(balanceSlot(creator), supply);
      return { logs: [transferLog(Buffer.alloc(20), creator.address, supply)], gas: 0 };
    },
    call(_seconds, actors, rng) {
      const u = rng.next();
      if (u < 0.2) {
        const caller = actors.pick(rng);
        const spender = actors.pick(rng);
        const value = rng.chance(0.3) ? (1n << 256n) - 1n : BigInt(rng.int(1, 1_000_000)) * 10n ** BigInt(decimals);
        storage.storeUint(mappingSlot(spender.address, mappingSlot(caller.address, 4)), value);
        return { caller, input: encodeCall('approve(address,uint256)', [addr(spender), uint(value)]), output: TRUE, revert: null,
          logs: [{ topics: [T.approval, addressWord(caller.address), addressWord(spender.address)], data: uintWord(value) }], gas: 46_200 };
      }
      if (u < 0.28) {
        const caller = rng.chance(0.8) ? creator : actors.pick(rng);
        const to = actors.pick(rng);
        const value = BigInt(rng.int(1, 100_000)) * 10n ** BigInt(decimals);
        const input = encodeCall('mint(address,uint256)', [addr(to), uint(value)]);
        if (caller.num !== creator.num) return { caller, input, output: Buffer.alloc(0), revert: customError('NotMinter(address)', [addr(caller)]), logs: [], gas: 24_100 };
        storage.storeUint(slotOf(2), storage.loadUint(slotOf(2)) + value);
        storage.storeUint(balanceSlot(to), storage.loadUint(balanceSlot(to)) + value);
        if (!holders.some((h) => h.num === to.num)) holders.push(to);
        return { caller, input, output: Buffer.alloc(0), revert: null, logs: [transferLog(Buffer.alloc(20), to.address, value)], gas: 51_800 };
      }
      const caller = rng.pick(holders);
      const to = actors.pick(rng);
      const balance = storage.loadUint(balanceSlot(caller));
      const tooMuch = balance === 0n || rng.chance(0.05);
      const value = tooMuch ? balance + BigInt(rng.int(1, 1_000)) * 10n ** BigInt(decimals) : balance * BigInt(rng.int(1, 50)) / 100n || 1n;
      const input = encodeCall('transfer(address,uint256)', [addr(to), uint(value)]);
      if (tooMuch) {
        const revert = customError('InsufficientBalance(address,uint256,uint256)', [addr(caller), uint(balance), uint(value)]);
        return { caller, input, output: Buffer.alloc(0), revert, logs: [], gas: 29_500 };
      }
      transfer(caller, to, value);
      return { caller, input, output: TRUE, revert: null, logs: [transferLog(caller.address, to.address, value)], gas: 34_700 + rng.int(0, 17_100) };
    },
  };
}

const QUESTIONS = ['Next community call day?', 'Fund the grants round?', 'Which logo do we use?', 'Raise the staking cap?',
  'Move the hackathon online?', 'Adopt the new fee model?'];

/** Poll.sol: slot 0 question, 1 votes, 2 hasVoted, 3 totalVotes; immutables optionCount, closesAt. */
export function pollSim(createdSeconds: number, rng: Prng): ExampleSim & { closesAt: number } {
  const storage = new ContractStorage();
  const question = rng.pick(QUESTIONS);
  const options = rng.int(2, 5);
  const duration = rng.int(3, 60) * 86_400;
  const closesAt = Math.floor(createdSeconds) + duration;
  const voted = new Set<number>();
  return {
    name: 'Poll', storage, closesAt,
    constructorArgs: [{ type: 'string', value: question }, uint(options), uint(duration)],
    immutables: { optionCount: uintWord(options), closesAt: uintWord(closesAt) },
    deploy() {
      storage.store(slotOf(0), shortStringSlot(question));
      return { logs: [], gas: 0 };
    },
    call(seconds, actors, rng) {
      const caller = actors.pick(rng);
      // Early options are more popular; now and then someone tries an option that does not exist.
      const option = rng.chance(0.03) ? options + rng.int(0, 3) : Math.floor(options * rng.next() ** 1.5);
      const input = encodeCall('vote(uint256)', [uint(option)]);
      const fail = (revert: Buffer) => ({ caller, input, output: Buffer.alloc(0), revert, logs: [], gas: 24_800 });
      if (Math.floor(seconds) >= closesAt) return fail(customError('PollClosed(uint256)', [uint(closesAt)]));
      const votedSlot = mappingSlot(caller.address, 2);
      if (storage.loadUint(votedSlot) !== 0n || voted.has(caller.num)) return fail(customError('AlreadyVoted(address)', [addr(caller)]));
      if (option >= options) return fail(customError('NoSuchOption(uint256)', [uint(option)]));
      voted.add(caller.num);
      storage.storeUint(votedSlot, 1);
      const votesSlot = mappingSlot(uintWord(option), 1);
      storage.storeUint(votesSlot, storage.loadUint(votesSlot) + 1n);
      storage.storeUint(slotOf(3), storage.loadUint(slotOf(3)) + 1n);
      return { caller, input, output: Buffer.alloc(0), revert: null, logs: [{ topics: [T.voted, addressWord(caller.address), uintWord(option)], data: Buffer.alloc(0) }], gas: 72_000 + rng.int(0, 20_000) };
    },
  };
}
