import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from '../store/ledger-store.ts';
import type { ActorPool } from './actors.ts';
import type { HistoryWriter } from './history-writer.ts';
import type { LedgerWriter } from './ledger-writer.ts';
import { NftHandover } from './nft-versions.ts';
import type { Prng } from './prng.ts';
import { SYSTEM_ACCOUNTS } from './system-accounts.ts';
import { DEMO_NOW_NANOS, MINUTE_NANOS } from './timeline.ts';
import type { DemoToken } from './tokens.ts';
import { TX, writeTransaction } from './transaction-log.ts';

/** Airdrops a token's treasury sends at most; about half of the tokens send none. */
const MAX_AIRDROPS = 3;
/** Accounts tried per airdrop before giving up on finding one that would leave it pending. */
const RECEIVER_TRIES = 8;
/** A sender cancels about one airdrop in this many some time later. */
const CANCEL_ONE_IN = 5;
/** The receiver claims about one of the others in this many. */
const CLAIM_ONE_IN = 4;

/** Read with safe integers: every column is a bigint. */
interface ReceiverRow {
  created_timestamp: bigint | null;
  max_automatic_token_associations: bigint;
  deleted: bigint | null;
}

/**
 * Airdrops from a token's treasury (HIP-904): a few units of a fungible token, or one of the
 * serials the treasury still holds, sent to accounts that do not hold the token and have no
 * automatic association slot to take it, so the ledger keeps each one pending: nothing moves, the
 * transaction carries only its fee. Some time later the sender cancels about one in five (state
 * CANCELLED), and the receiver claims about one in four of the rest (state CLAIMED): its claim
 * associates it with the token and moves the units or the serial from the treasury.
 */
export class AirdropWriter {
  readonly #receiverRow: Statement;
  readonly #holds: Statement;
  readonly #nfts: NftHandover;

  constructor(db: SqliteDatabase) {
    this.#receiverRow = db.prepare('SELECT created_timestamp, max_automatic_token_associations, deleted FROM entity WHERE id = ?').safeIntegers(true);
    this.#holds = db.prepare('SELECT 1 FROM token_account WHERE account_id = ? AND token_id = ?');
    this.#nfts = new NftHandover(db);
  }

  /**
   * The token's airdrops, and the claimed ones' token relationships. `treasury` is what its
   * treasury holds (units, or for a collection the `treasurySerials`); returns what the claims
   * took from it and when the last one did, for the treasury's own token relationship.
   */
  write(
    token: DemoToken,
    treasury: { balance: bigint; serials: readonly number[] },
    actors: ActorPool,
    ledger: LedgerWriter,
    history: HistoryWriter,
    rng: Prng,
  ): { claimed: bigint; lastClaimNs: bigint | null } {
    const count = rng.chance(0.5) ? rng.int(1, MAX_AIRDROPS) : 0;
    const chosen = new Set<number>();
    const serials = [...treasury.serials];
    let claimed = 0n;
    let lastClaimNs: bigint | null = null;
    for (let i = 0; i < count; i++) {
      const receiver = this.#pickReceiver(token, chosen, actors, rng);
      if (!receiver) continue;
      const serial = token.decimals === null ? serials.shift() : 0;
      if (serial === undefined) break;
      chosen.add(receiver.num);
      // After the collection's first mint (an hour after its creation) and the receiver's creation.
      const from = maxBig(token.createdNs + 120n * MINUTE_NANOS, receiver.createdNs + MINUTE_NANOS);
      const sentNs = momentBetween(from, DEMO_NOW_NANOS - 2n * MINUTE_NANOS, token.num, rng);
      if (sentNs === null) continue;
      const amount = serial === 0 ? rng.int(1, 50) * 10 ** Math.min(token.decimals ?? 0, 4) : null;
      const sent = writeTransaction(history, { consensusNs: sentNs, payer: token.treasuryNum, type: TX.TOKEN_AIRDROP, fee: 1_000_000, memo: rng.chance(0.4) ? 'airdrop' : '' });
      if (!sent) continue;
      const cancelNs = rng.chance(1 / CANCEL_ONE_IN) ? momentBetween(sentNs + MINUTE_NANOS, DEMO_NOW_NANOS - MINUTE_NANOS, token.num + 1, rng) : null;
      const cancelled = cancelNs !== null
        && writeTransaction(history, { consensusNs: cancelNs, payer: token.treasuryNum, type: TX.TOKEN_CANCEL_AIRDROP, fee: 1_000_000 });
      const units = BigInt(amount ?? 1);
      const claimNs = !cancelled && rng.chance(1 / CLAIM_ONE_IN) && claimed + units <= treasury.balance
        ? momentBetween(sentNs + MINUTE_NANOS, DEMO_NOW_NANOS - MINUTE_NANOS, token.num + 2, rng) : null;
      const claim = claimNs !== null && writeTransaction(history, {
        consensusNs: claimNs, payer: receiver.num, type: TX.TOKEN_CLAIM_AIRDROP, fee: 1_000_000,
        ...(serial === 0
          ? { tokenTransfers: [[token.num, token.treasuryNum, -amount!], [token.num, receiver.num, amount!]] as const }
          : { nftTransfers: [{ token: token.num, serial, sender: token.treasuryNum, receiver: receiver.num }] }),
      });
      if (claim) {
        claimed += units;
        lastClaimNs = lastClaimNs === null || claimNs! > lastClaimNs ? claimNs! : lastClaimNs;
        ledger.tokenAccount({ accountId: receiver.num, tokenId: token.num, associated: 1, automaticAssociation: 0, balance: units, balanceTimestamp: claimNs!, createdTimestamp: claimNs! });
        if (serial !== 0) {
          const nft = this.#nfts.current(token.num, serial);
          if (nft) this.#nfts.move(history, nft, receiver.num, claimNs!);
        }
      }
      const [state, since] = claim ? ['CLAIMED', claimNs!] : cancelled ? ['CANCELLED', cancelNs!] : ['PENDING', sentNs];
      history.insert('token_airdrop', [token.treasuryNum, receiver.num, token.num, serial, amount, state, since]);
    }
    return { claimed, lastClaimNs };
  }

  /** A user account that does not hold the token, cannot take it automatically and is not deleted. */
  #pickReceiver(token: DemoToken, chosen: ReadonlySet<number>, actors: ActorPool, rng: Prng): { num: number; createdNs: bigint } | null {
    for (let tries = 0; tries < RECEIVER_TRIES; tries++) {
      const { num } = actors.pick(rng);
      // System accounts are the network's own (the treasury among them): never receivers.
      if (num <= SYSTEM_ACCOUNTS || num === token.treasuryNum || chosen.has(num)) continue;
      const row = this.#receiverRow.get(num) as ReceiverRow | undefined;
      if (!row || row.deleted === 1n || row.max_automatic_token_associations !== 0n) continue;
      if (this.#holds.get(num, token.num) !== undefined) continue;
      return { num, createdNs: row.created_timestamp ?? 0n };
    }
    return null;
  }
}

/** A consensus timestamp in [from, to) on a millisecond, with `salt` in its low digits; null when the span is empty. */
export function momentBetween(from: bigint, to: bigint, salt: number, rng: Prng): bigint | null {
  if (to <= from) return null;
  const spanMs = Number((to - from) / 1_000_000n);
  return from + BigInt(Math.floor(rng.next() * spanMs)) * 1_000_000n + BigInt(salt % 1_000_000);
}

const maxBig = (a: bigint, b: bigint): bigint => (a > b ? a : b);
