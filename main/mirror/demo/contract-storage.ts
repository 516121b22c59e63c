import { uintWord } from './evm/abi.ts';

export interface SlotChange {
  slot: Buffer;
  read: Buffer;
  /** Null when the call only read the slot. */
  written: Buffer | null;
}

export interface SlotState {
  value: Buffer;
  created: bigint;
  modified: bigint;
}

const ZERO = Buffer.alloc(32);

/**
 * A contract's storage as the demo's simulated calls see it, 32-byte slots and values. Each
 * call's reads and writes are collected as the state changes the mirror reports; a reverted
 * call's writes are rolled back.
 */
export class ContractStorage {
  readonly slots = new Map<string, SlotState>();
  #changes = new Map<string, SlotChange>();

  load(slot: Buffer): Buffer {
    const key = slot.toString('hex');
    const value = this.slots.get(key)?.value ?? ZERO;
    if (!this.#changes.has(key)) this.#changes.set(key, { slot, read: value, written: null });
    return this.#changes.get(key)!.written ?? value;
  }

  loadUint(slot: Buffer): bigint {
    return BigInt(`0x${this.load(slot).toString('hex')}`);
  }

  store(slot: Buffer, value: Buffer): void {
    const key = slot.toString('hex');
    const change = this.#changes.get(key) ?? { slot, read: this.slots.get(key)?.value ?? ZERO, written: null };
    change.written = value;
    this.#changes.set(key, change);
  }

  storeUint(slot: Buffer, value: bigint | number): void {
    this.store(slot, uintWord(value));
  }

  /** Ends a call: applies its writes at `timestampNs` (unless reverted) and returns its changes. */
  finish(timestampNs: bigint, reverted: boolean): SlotChange[] {
    const changes = [...this.#changes.values()];
    this.#changes = new Map();
    if (reverted) return changes.map((c) => ({ ...c, written: null }));
    for (const change of changes) {
      if (change.written === null) continue;
      const key = change.slot.toString('hex');
      const existing = this.slots.get(key);
      this.slots.set(key, { value: change.written, created: existing?.created ?? timestampNs, modified: timestampNs });
    }
    return changes;
  }
}

/** Slot n of a contract's layout as a 32-byte key. */
export function slotOf(n: number): Buffer {
  return uintWord(n);
}
