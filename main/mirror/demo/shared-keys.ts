import type { AccountPlan } from './accounts.ts';
import type { Prng } from './prng.ts';

const SHARED_KEY_RING = 64;
const SHARED_KEY_SHARE = 0.25;

/**
 * Recent ED25519 key owners. On a real ledger one key often controls several accounts
 * (wallets that open more than one, custodians), so a public-key filter can match many
 * accounts. Sharing also saves the generator's most expensive step, an ED25519 derivation.
 */
export class SharedKeys {
  readonly #ring: number[] = [];
  readonly #keys = new Map<number, Buffer>();
  #evicted: number[] = [];
  #next = 0;

  /** Decides, while planning, whose key an ED25519 account uses: its own or a recent owner's. */
  chooseOwner(plan: AccountPlan, rng: Prng): void {
    // A key alias is unique to its account, so only accounts without one share keys.
    if (plan.aliasKind === 'none' && this.#ring.length > 0 && rng.chance(SHARED_KEY_SHARE)) {
      plan.keyOwner = rng.pick(this.#ring);
      return;
    }
    if (this.#ring.length < SHARED_KEY_RING) this.#ring.push(plan.row.num);
    else {
      const slot = this.#next++ % SHARED_KEY_RING;
      this.#evicted.push(this.#ring[slot]!);
      this.#ring[slot] = plan.row.num;
    }
  }

  /** Remembers an owner's derived key for the accounts that share it. */
  remember(owner: number, publicKey: Buffer): void {
    this.#keys.set(owner, publicKey);
  }

  keyOf(owner: number): Buffer {
    return this.#keys.get(owner)!;
  }

  /** After a chunk is written: forget owners that left the ring (no later plan names them). */
  release(): void {
    for (const owner of this.#evicted) this.#keys.delete(owner);
    this.#evicted = [];
  }
}
