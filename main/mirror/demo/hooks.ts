import { TINYBARS_PER_HBAR } from './balances.ts';
import type { Actor } from './actors.ts';
import { mappingSlot, uintWord } from './evm/abi.ts';
import type { HistoryWriter } from './history-writer.ts';
import type { Prng } from './prng.ts';
import { DAY_SECONDS, DEMO_NOW_NANOS, DEMO_NOW_SECONDS, NANOS } from './timeline.ts';
import { RESULT, TX, writeAtFreeTimestamp } from './transaction-log.ts';

/**
 * HIP-1195 account allowance hooks on the demo ledger. An owner's hooks come with its creation
 * (a CryptoCreate may carry hook creation details), each running the code of a contract deployed
 * before it; the owner then writes the hook's storage with HOOKSTORE transactions over time.
 * Storage follows an allowance hook's plain layout: slot 0 the owner's address, slot 1 a daily
 * cap in tinybars, and from slot 2 a mapping of spender address to the tinybars it may still take.
 * Setting a spender's entry to nothing removes the slot, as a revoked approval does.
 */

/** Hooks exist on the network from this time on: only accounts created since can have them. */
export const HOOKS_SINCE_NANOS = BigInt(DEMO_NOW_SECONDS - 300 * DAY_SECONDS) * NANOS;
/** Hook ids an owner picks (per owner, any int64): a few small favourites, as people number them. */
const HOOK_IDS = [1, 2, 3, 7, 42, 100] as const;
const EXTENSION_POINT = 'ACCOUNT_ALLOWANCE_HOOK';
const HOOK_TYPE = 'EVM';
const HOOKSTORE_FEE = 4_800_000;
const SPENDERS_SLOT = 2;

export interface HookOwner {
  num: number;
  /** The owner's creation, which also created its hooks. */
  createdNs: bigint;
  /** 20-byte EVM address the hook sees as its owner. */
  address: Buffer;
  /** The owner's key, which most owners also make each hook's admin key. */
  key: Buffer | null;
}

interface Slot {
  value: Buffer;
  created: bigint;
  modified: bigint;
  deleted: boolean;
}

/**
 * Writes `owner`'s hooks (one to three), each backed by a contract from `contracts` (deployed
 * before the owner's creation), and the HOOKSTORE transactions that filled their storage.
 */
export function writeAccountHooks(owner: HookOwner, contracts: readonly number[], spenders: () => Actor, writer: HistoryWriter, rng: Prng): void {
  const count = rng.int(1, 3);
  const chosen: number[] = [];
  while (chosen.length < count) {
    const id = rng.pick(HOOK_IDS);
    if (!chosen.includes(id)) chosen.push(id);
  }
  for (const hookId of chosen.sort((a, b) => a - b)) {
    const adminKey = owner.key !== null && rng.chance(0.7) ? owner.key : null;
    writer.insert('hook', [owner.num, hookId, adminKey, rng.pick(contracts), owner.createdNs, 0, EXTENSION_POINT, HOOK_TYPE, owner.createdNs, null]);
    writeHookStorage(owner, hookId, spenders, writer, rng);
  }
}

/** The HOOKSTORE transactions of one hook, in time order, and the storage they leave. */
function writeHookStorage(owner: HookOwner, hookId: number, spenders: () => Actor, writer: HistoryWriter, rng: Prng): void {
  const stores = rng.int(0, 5);
  const span = Number((DEMO_NOW_NANOS - owner.createdNs) / 1_000n);
  const moments = Array.from({ length: stores }, () => owner.createdNs + 1_000n + BigInt(Math.floor(rng.next() * (span - 2))) * 1_000n)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const slots = new Map<string, Slot>();
  const approved: Buffer[] = [];
  for (const at of moments) {
    const failed = rng.chance(0.04);
    const written = writeAtFreeTimestamp(writer, at, (consensusNs) => ({
      consensusNs, payer: owner.num, type: TX.HOOK_STORE, fee: HOOKSTORE_FEE, entityId: owner.num,
      result: failed ? RESULT.INVALID_SIGNATURE : RESULT.SUCCESS,
    }));
    // A failed store (its fee charged all the same) changes nothing; the first that succeeds sets the hook up.
    if (written === null || failed) continue;
    const updates = slots.size === 0 ? firstUpdates(owner, approved, spenders, rng) : laterUpdates(approved, spenders, rng);
    for (const [key, value] of updates) {
      const id = key.toString('hex');
      const previous = slots.get(id);
      writer.insert('hook_storage_change', [owner.num, hookId, key, written, previous && !previous.deleted ? previous.value : null, value]);
      slots.set(id, { value, created: previous?.created ?? written, modified: written, deleted: value.length === 0 });
    }
  }
  for (const [id, slot] of slots) {
    writer.insert('hook_storage', [owner.num, hookId, Buffer.from(id, 'hex'), slot.deleted ? null : slot.value, slot.created, slot.modified, slot.deleted ? 1 : 0]);
  }
}

type Update = [key: Buffer, value: Buffer];

/** The first store sets the hook up: its owner, a daily cap and a first spender's allowance. */
function firstUpdates(owner: HookOwner, approved: Buffer[], spenders: () => Actor, rng: Prng): Update[] {
  return [[uintWord(0), ownerWord(owner.address)], [uintWord(1), dailyCap(rng)], approve(approved, spenders, rng)];
}

/** A later store approves a spender, changes an allowance, revokes one (an empty value) or the cap. */
function laterUpdates(approved: Buffer[], spenders: () => Actor, rng: Prng): Update[] {
  if (approved.length > 0 && rng.chance(0.25)) {
    const spender = approved.splice(rng.int(0, approved.length - 1), 1)[0]!;
    return [[mappingSlot(spender, SPENDERS_SLOT), Buffer.alloc(0)]];
  }
  if (approved.length > 0 && rng.chance(0.3)) return [[mappingSlot(rng.pick(approved), SPENDERS_SLOT), hbars(rng.int(1, 200))]];
  const updates = [approve(approved, spenders, rng)];
  if (rng.chance(0.2)) updates.push([uintWord(1), dailyCap(rng)]);
  return updates;
}

/** An allowance for a spender, new or already approved. */
function approve(approved: Buffer[], spenders: () => Actor, rng: Prng): Update {
  const spender = spenders().address;
  if (!approved.some((a) => a.equals(spender))) approved.push(spender);
  return [mappingSlot(spender, SPENDERS_SLOT), hbars(rng.int(1, 200))];
}

function dailyCap(rng: Prng): Buffer {
  return hbars(rng.pick([10, 50, 100, 250, 1000]));
}

function ownerWord(address: Buffer): Buffer {
  return Buffer.concat([Buffer.alloc(12), address]);
}

function hbars(amount: number): Buffer {
  return uintWord(BigInt(amount) * BigInt(TINYBARS_PER_HBAR));
}
