import type { EntityRow } from './ledger-writer.ts';
import type { Prng } from './prng.ts';

/** An account that can act in the demo's history: pay for transactions, call contracts, receive. */
export interface Actor {
  num: number;
  /** What the EVM sees as msg.sender: its EVM alias, else its long-zero address. */
  address: Buffer;
  /** ECDSA accounts with an EVM address can also send Ethereum transactions. */
  ethereum: boolean;
}

const REGULARS = 400;
const RECENT = 512;

/** The long-zero EVM address of an entity number. */
export function longZeroAddress(num: number): Buffer {
  const address = Buffer.alloc(20);
  address.writeUInt32BE(Math.floor(num / 2 ** 32), 12);
  address.writeUInt32BE(num % 2 ** 32, 16);
  return address;
}

export function actorOf(row: EntityRow): Actor {
  return { num: row.num, address: row.evmAddress ?? longZeroAddress(row.num), ethereum: row.evmAddress !== null && row.key?.[0] === 0x3a };
}

/**
 * Live accounts to pick counterparties from: the first few hundred user accounts (the busy,
 * long-lived ones: exchanges, apps) and a ring of the most recent. Only accounts already
 * created are in it, so a counterparty always exists before the transaction it appears in.
 */
export class ActorPool {
  readonly #regulars: Actor[] = [];
  readonly #recent: Actor[] = [];
  #next = 0;

  get size(): number {
    return this.#regulars.length + this.#recent.length;
  }

  add(actor: Actor): void {
    if (this.#regulars.length < REGULARS) {
      this.#regulars.push(actor);
      return;
    }
    if (this.#recent.length < RECENT) this.#recent.push(actor);
    else this.#recent[this.#next++ % RECENT] = actor;
  }

  /** Two thirds of the time a regular, else a recent account. */
  pick(rng: Prng): Actor {
    if (this.#recent.length === 0 || rng.chance(0.66)) return rng.pick(this.#regulars);
    return rng.pick(this.#recent);
  }

  /** The most recently added actor (the creator of a new entity). */
  latest(): Actor {
    return this.#recent.length === 0 ? this.#regulars.at(-1)! : this.#recent[(this.#next + this.#recent.length - 1) % this.#recent.length]!;
  }
}
