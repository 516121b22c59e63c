import { Prng } from '../mirror/demo/prng.ts';

/**
 * The mirror benchmark's synthetic transaction stream over an existing accounts dataset:
 * deterministic (one seed), in consensus order, shaped like a busy network so that every
 * transactions filter meets the distribution it would meet in practice:
 * - payers are skewed: a few hot accounts (exchanges, relays) pay a quarter of everything,
 *   the rest follows a power law over all user accounts, so most accounts have a handful
 *   of transactions and some have none (the long tail);
 * - every transaction moves its fee (payer debit, node and fee collector 0.0.98 credits);
 *   transfers add a payer-to-receiver HBAR movement or a token movement between two
 *   holders of the token (token transfers are CRYPTOTRANSFER transactions, as on mainnet);
 * - a mix of types, and about 2% failures, which pay the fee but move nothing else.
 */

export interface AccountPool {
  /** User account ids (type ACCOUNT, above the system range), ascending. */
  accounts: Int32Array;
  /** Contract ids, the entity of CONTRACTCALL transactions. */
  contracts: Int32Array;
  /** Token associations grouped by token: holders[tokenStart[i] .. tokenStart[i+1]) hold tokens[i]. */
  tokens: Int32Array;
  tokenStart: Int32Array;
  holders: Int32Array;
}

export interface GeneratedTransaction {
  /** Nanoseconds since the stream's start; the consensus timestamp is start + offset. */
  offsetNs: number;
  /** valid start = consensus - validLagNs */
  validLagNs: number;
  payer: number;
  node: number;
  type: number;
  result: number;
  entity: number | null;
  fee: number;
  hash: Buffer;
  /** [account, amount] pairs, fee split included; they sum to zero. */
  transfers: Array<[number, number]>;
  /** [token, account, amount] */
  tokenTransfers: Array<[number, number, number]>;
}

const SEED = 0x6d697273;
export const FEE_COLLECTOR = 98;
const FIRST_NODE = 3;
const NODE_COUNT = 29;
/** How many accounts take the hot share of payments. */
export const HOT_ACCOUNTS = 16;
const HOT_PAYER_SHARE = 0.25;
const HOT_RECEIVER_SHARE = 0.2;
const FAILURE_SHARE = 0.02;
/** Share of CRYPTOTRANSFER transactions that move a token instead of HBAR. */
const TOKEN_SHARE = 0.25;

const CRYPTOTRANSFER = 14;
/** [type, weight]: roughly mainnet's mix, topic messages and transfers dominating. */
const TYPE_MIX: ReadonlyArray<[number, number]> = [
  [14, 0.55], [27, 0.2], [7, 0.07], [50, 0.03], [40, 0.04], [11, 0.03], [37, 0.03], [15, 0.02], [48, 0.02], [52, 0.01],
];
/** INVALID_SIGNATURE, INSUFFICIENT_PAYER_BALANCE, INSUFFICIENT_ACCOUNT_BALANCE, CONTRACT_REVERT_EXECUTED, INSUFFICIENT_TOKEN_BALANCE */
const FAILURES = [7, 10, 28, 33, 178];
const SUCCESS = 22;

export class TransactionStream {
  readonly #rng = new Prng(SEED);
  readonly #pool: AccountPool;
  readonly #hot: Int32Array;
  readonly #stride: number;
  readonly #meanGapNs: number;
  #offsetNs = 0;
  #typeCumulative: number[];

  constructor(pool: AccountPool, count: number, spanNs: number) {
    if (pool.accounts.length < HOT_ACCOUNTS * 2) throw new Error(`the dataset has too few user accounts (${pool.accounts.length})`);
    this.#pool = pool;
    this.#meanGapNs = Math.max(2, Math.floor(spanNs / Math.max(1, count)));
    const n = pool.accounts.length;
    // A stride coprime with n walks every account once: it scatters the power law's busy
    // ranks across the id range instead of piling them at the lowest ids.
    let stride = Math.floor(n * 0.618) | 1;
    while (gcd(stride, n) !== 1) stride += 2;
    this.#stride = stride;
    this.#hot = Int32Array.from({ length: HOT_ACCOUNTS }, (_, i) => pool.accounts[this.#rank(i + 1)]!);
    let sum = 0;
    this.#typeCumulative = TYPE_MIX.map(([, weight]) => (sum += weight));
  }

  /** The accounts that pay and receive the hot share; the benchmark's "hot" lookups. */
  get hotAccounts(): readonly number[] {
    return [...this.#hot];
  }

  /** The account at a popularity rank (0 = busiest of the power law). */
  #rank(rank: number): number {
    return (rank * this.#stride) % this.#pool.accounts.length;
  }

  #payer(): number {
    const rng = this.#rng;
    if (rng.chance(HOT_PAYER_SHARE)) return this.#hot[rng.int(0, HOT_ACCOUNTS - 1)]!;
    const n = this.#pool.accounts.length;
    return this.#pool.accounts[this.#rank(Math.floor(n * rng.next() ** 3))]!;
  }

  #receiver(payer: number): number {
    const rng = this.#rng;
    for (;;) {
      const account = rng.chance(HOT_RECEIVER_SHARE)
        ? this.#hot[rng.int(0, HOT_ACCOUNTS - 1)]!
        : this.#pool.accounts[rng.int(0, this.#pool.accounts.length - 1)]!;
      if (account !== payer) return account;
    }
  }

  #type(): number {
    const u = this.#rng.next() * this.#typeCumulative.at(-1)!;
    const index = this.#typeCumulative.findIndex((c) => u < c);
    return TYPE_MIX[index === -1 ? TYPE_MIX.length - 1 : index]![0];
  }

  /** A token movement between two holders of a token; popular tokens move more often. */
  #tokenTransfer(): Array<[number, number, number]> {
    const { tokens, tokenStart, holders } = this.#pool;
    if (tokens.length === 0) return [];
    const rng = this.#rng;
    const t = Math.floor(tokens.length * rng.next() ** 2);
    const from = tokenStart[t]!;
    const count = tokenStart[t + 1]! - from;
    if (count < 2) return [];
    const sender = holders[from + rng.int(0, count - 1)]!;
    let receiver = holders[from + rng.int(0, count - 2)]!;
    if (receiver === sender) receiver = holders[from + count - 1]!;
    const amount = rng.int(1, 1_000_000);
    return [[tokens[t]!, sender, -amount], [tokens[t]!, receiver, amount]];
  }

  next(): GeneratedTransaction {
    const rng = this.#rng;
    this.#offsetNs += 1 + Math.floor(rng.next() * 2 * this.#meanGapNs);
    const payer = this.#payer();
    const type = this.#type();
    const failed = rng.chance(FAILURE_SHARE);
    const node = FIRST_NODE + rng.int(0, NODE_COUNT - 1);
    const fee = rng.int(50_000, 2_500_000);
    const nodeShare = Math.floor(fee / 20);
    const transfers: Array<[number, number]> = [[node, nodeShare], [FEE_COLLECTOR, fee - nodeShare]];
    let payerDelta = -fee;
    let tokenTransfers: Array<[number, number, number]> = [];
    let entity: number | null = null;
    if (!failed) {
      if (type === CRYPTOTRANSFER && rng.chance(TOKEN_SHARE)) tokenTransfers = this.#tokenTransfer();
      if (type === CRYPTOTRANSFER && tokenTransfers.length === 0) {
        const amount = rng.int(1, 50_000_000_000);
        transfers.push([this.#receiver(payer), amount]);
        payerDelta -= amount;
      }
      if (type === 11) {
        // The new account is the entity, funded by the payer (ids stay inside the dataset).
        entity = this.#receiver(payer);
        const amount = rng.int(100_000_000, 10_000_000_000);
        transfers.push([entity, amount]);
        payerDelta -= amount;
      }
    }
    if (type === 7 && this.#pool.contracts.length > 0) entity = this.#pool.contracts[rng.int(0, this.#pool.contracts.length - 1)]!;
    if (type === 15 || type === 40) entity = payer;
    transfers.push([payer, payerDelta]);
    const hash = Buffer.allocUnsafe(48);
    for (let i = 0; i < 48; i += 4) hash.writeUInt32LE(rng.uint32(), i);
    return {
      offsetNs: this.#offsetNs,
      validLagNs: 1_000_000_000 + rng.int(0, 8_999_999_999),
      payer,
      node,
      type,
      result: failed ? FAILURES[rng.int(0, FAILURES.length - 1)]! : SUCCESS,
      entity,
      fee,
      hash,
      transfers,
      tokenTransfers,
    };
  }
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}
