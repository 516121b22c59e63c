import { parentPort } from 'node:worker_threads';
import { ed25519PublicKey, ed25519SeedFor } from './keys.ts';

/** A batch for this thread: derive the keys of `nums` into `keys`, counting in `progress[0]`. */
export interface Ed25519Request {
  nums: number[];
  keys: SharedArrayBuffer;
  progress: SharedArrayBuffer;
}

// Helper thread: ED25519 derivation is the generator's largest single cost, and it needs
// nothing but the account number, so a second core can do it while the first writes rows.
parentPort!.on('message', ({ nums, keys, progress }: Ed25519Request) => {
  const out = new Uint8Array(keys);
  const counter = new Int32Array(progress);
  for (let i = 0; i < nums.length; i++) {
    out.set(ed25519PublicKey(ed25519SeedFor(nums[i]!)), i * 32);
    Atomics.store(counter, 0, i + 1);
    Atomics.notify(counter, 0);
  }
});
