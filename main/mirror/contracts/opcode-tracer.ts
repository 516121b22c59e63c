import type { InterpreterStep } from '@ethereumjs/evm';
import { bytesToHex } from '@ethereumjs/util';
import type { LedgerState } from './call/ledger-state.ts';

/** What to record with each instruction (the opcodes endpoint's `stack`, `memory`, `storage`). */
export interface TraceOptions {
  stack: boolean;
  memory: boolean;
  storage: boolean;
}

export interface OpcodeEntry {
  depth: number;
  gas: number | bigint;
  gas_cost: number | bigint;
  memory: string[] | null;
  op: string;
  pc: number;
  reason: string | null;
  stack: string[] | null;
  storage: Record<string, string> | null;
}

const word = (value: bigint): string => value.toString(16).padStart(64, '0');
const SLOAD = 0x54;
const SSTORE = 0x55;

/**
 * Records each executed instruction as the reference's opcode logger does: program counter,
 * name, remaining gas, its cost, call depth, and on request the stack, the memory in 32-byte
 * words and the storage slots the current contract has read or written so far.
 */
export class OpcodeTracer {
  readonly entries: OpcodeEntry[] = [];
  readonly #options: TraceOptions;
  readonly #storage = new Map<string, Map<string, string>>();

  constructor(options: TraceOptions) {
    this.#options = options;
  }

  readonly onStep = async (step: InterpreterStep, state: LedgerState): Promise<void> => {
    const address = step.address.toString();
    if (this.#options.storage && (step.opcode.code === SLOAD || step.opcode.code === SSTORE) && step.stack.length > 0) {
      const key = step.stack.at(-1)!;
      const slots = this.#storage.get(address) ?? new Map<string, string>();
      this.#storage.set(address, slots);
      if (step.opcode.code === SSTORE && step.stack.length > 1) slots.set(word(key), word(step.stack.at(-2)!));
      else {
        const value = await state.getStorage(step.address, Buffer.from(word(key), 'hex'));
        slots.set(word(key), bytesToHex(value).slice(2).padStart(64, '0'));
      }
    }
    const memory = this.#options.memory ? memoryWords(step.memory, Number(step.memoryWordCount)) : null;
    this.entries.push({
      depth: step.depth + 1,
      gas: toJsonInt(step.gasLeft),
      gas_cost: toJsonInt(BigInt(step.opcode.fee) + (step.opcode.dynamicFee ?? 0n)),
      memory,
      op: step.opcode.name,
      pc: step.pc,
      reason: null,
      stack: this.#options.stack ? step.stack.map(word) : null,
      storage: this.#options.storage ? Object.fromEntries(this.#storage.get(address) ?? []) : null,
    });
  };
}

function memoryWords(memory: Uint8Array, words: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(Buffer.from(memory.subarray(i * 32, i * 32 + 32)).toString('hex').padEnd(64, '0'));
  return out;
}

function toJsonInt(value: bigint): number | bigint {
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}
