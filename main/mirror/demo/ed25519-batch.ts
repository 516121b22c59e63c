import { Worker } from 'node:worker_threads';
import type { Ed25519Request } from './ed25519-worker.ts';
import { ed25519PublicKey, ed25519SeedFor } from './keys.ts';

/** Longest wait for the helper's next key before giving up (it died or the machine stalls). */
const STALL_MS = 60_000;

/**
 * The own ED25519 public keys of a list of accounts, derived by a helper thread (when one is
 * given) while the caller goes on writing rows; `get(i)` blocks until key i is ready. The
 * generator stays synchronous: results arrive through shared memory, not messages.
 */
export class Ed25519Batch {
  readonly #nums: readonly number[];
  readonly #keys: Uint8Array | null;
  readonly #progress: Int32Array | null;

  constructor(nums: readonly number[], helper: Worker | null) {
    this.#nums = nums;
    if (!helper || nums.length === 0) {
      this.#keys = null;
      this.#progress = null;
      return;
    }
    const request: Ed25519Request = { nums: [...nums], keys: new SharedArrayBuffer(nums.length * 32), progress: new SharedArrayBuffer(4) };
    this.#keys = new Uint8Array(request.keys);
    this.#progress = new Int32Array(request.progress);
    helper.postMessage(request);
  }

  get(index: number): Buffer {
    if (!this.#keys || !this.#progress) return ed25519PublicKey(ed25519SeedFor(this.#nums[index]!));
    for (let done = Atomics.load(this.#progress, 0); done <= index; done = Atomics.load(this.#progress, 0)) {
      if (Atomics.wait(this.#progress, 0, done, STALL_MS) === 'timed-out') throw new Error('ED25519 key helper thread stalled');
    }
    return Buffer.from(this.#keys.subarray(index * 32, index * 32 + 32));
  }
}

/** Starts the helper thread; the caller terminates it when done. */
export function startEd25519Helper(): Worker {
  return new Worker(new URL('./ed25519-worker.ts', import.meta.url));
}
