import { deletionSecondsOf, writeAccountDeletion } from './account-deletion.ts';
import { TINYBARS_PER_HBAR } from './balances.ts';
import { feesOnReturn, type TokenFees } from './custom-fees.ts';
import type { Actor, ActorPool } from './actors.ts';
import type { AccountPlan } from './accounts.ts';
import type { HistoryWriter } from './history-writer.ts';
import type { Prng } from './prng.ts';
import { DEMO_NOW_SECONDS } from './timeline.ts';
import { hbarAmountsOf, RESULT, submissionOf, TX, writeTransaction, type DemoTx } from './transaction-log.ts';

/** A token the account holds, as its associations were written. */
export interface Holding {
  account: number;
  token: number;
  treasury: number;
  /** Units held (serials for an NFT collection): the planned balance, then as the history changes it. */
  balance: number;
  nft: boolean;
  /** When the account was associated with the token. */
  since: bigint;
  /** Associated by a transfer rather than by a TOKEN_ASSOCIATE of its own. */
  automatic: boolean;
  /** When the treasury's distribution reached the holder (token-distribution.ts); null while it has not. */
  fundedNs: bigint | null;
  /** The balance's last change. */
  changedNs: bigint;
  /** Units the holder has sent back to the treasury. */
  returned: number;
  /** The token's custom fees, which a holder pays when it sends units back. */
  fees: TokenFees | null;
}

const TRANSFER_MEMOS = ['', '', '', '', 'invoice 2231', 'rent', 'thanks!', 'payout', 'refund', 'gift', 'exchange withdrawal', 'coffee'];
/** Failures a transfer may end in, with the fee still charged. */
const FAILURES = [RESULT.INSUFFICIENT_ACCOUNT_BALANCE, RESULT.INSUFFICIENT_PAYER_BALANCE, RESULT.INVALID_SIGNATURE, RESULT.DUPLICATE_TRANSACTION];

/** A fee in tinybars around `typical`, as fees vary a little with size and signatures. */
function fee(typical: number, rng: Prng): number {
  return Math.round(typical * (0.9 + rng.next() * 0.3));
}

/**
 * One account's transactions: its creation (funded by an earlier account, or a transfer to its
 * alias), then a few transfers, token transfers and allowances spread over its life, and for a
 * deleted account its CryptoDelete, which sends what it holds back to its funder. Once every
 * transaction is written, HBAR balances are settled against the transfers (reconcile-balances.ts)
 * and node stakers' reward payouts join the ones that change their balances (staking-rewards.ts);
 * token transfers move the holdings' balances as they are written, starting from the treasury's
 * distribution (token-distribution.ts).
 */
export function writeAccountHistory(plan: AccountPlan, holdings: readonly Holding[], actors: ActorPool, writer: HistoryWriter, rng: Prng): void {
  const { row } = plan;
  const funder = actors.latest();
  const balance = Number(row.balance ?? 0);
  const initial = Math.max(TINYBARS_PER_HBAR, Math.min(balance, rng.int(1, 500) * TINYBARS_PER_HBAR));
  const byAlias = row.alias !== null && rng.chance(0.7);
  const creation: DemoTx = {
    consensusNs: row.createdTimestamp, payer: funder.num, type: byAlias ? TX.CRYPTO_TRANSFER : TX.CRYPTO_CREATE, fee: fee(byAlias ? 1_800_000 : 5_200_000, rng),
    entityId: byAlias ? null : row.num, memo: rng.chance(0.1) ? 'new account' : '', transfers: [[funder.num, -initial], [row.num, initial]],
  };
  const deleted = row.deleted === 1;
  // Only a deleted account's own transactions move its HBAR (it is no one's counterparty): what it holds is known as they are written.
  let held = writeTransaction(writer, creation) && deleted ? hbarOf(creation, row.num) : 0n;
  const deletedSeconds = deleted ? deletionSecondsOf(row.num, plan.createdSeconds) : null;
  const count = deleted ? rng.int(0, 1) : rng.geometric(2);
  const self: Actor = { num: row.num, address: Buffer.alloc(0), ethereum: false };
  const startSeconds = plan.createdSeconds + 60;
  const endSeconds = deletedSeconds !== null ? deletedSeconds - 60 : DEMO_NOW_SECONDS - 120;
  const times = Array.from({ length: count }, () => startSeconds + rng.next() * Math.max(60, endSeconds - startSeconds)).sort((a, b) => a - b);
  let last = row.createdTimestamp;
  for (const seconds of times) {
    // Timestamps carry the account number in their low digits, so accounts rarely collide.
    let consensusNs = BigInt(Math.floor(seconds)) * 1_000_000_000n + BigInt(rng.int(0, 999)) * 1_000_000n + BigInt(row.num % 1_000_000);
    if (consensusNs <= last) consensusNs = last + 1_000_000n;
    last = consensusNs;
    // A deleted account has no planned balance: it sends a share of what it holds (its funding), not of 50 HBAR.
    const tx = activity(self, deleted ? Number(held) : balance, holdings, actors, rng, consensusNs);
    const written = writeTransaction(writer, tx);
    if (written) applyTokenTransfers(tx, holdings);
    if (written && deleted) held += hbarOf(tx, row.num);
    if (written && tx.type === TX.APPROVE_ALLOWANCE && (tx.result ?? RESULT.SUCCESS) === RESULT.SUCCESS) writeAllowance(writer, row.num, holdings, actors, rng, consensusNs);
  }
  if (deletedSeconds !== null) writeAccountDeletion(writer, row.num, held, funder.num, deletedSeconds);
  // Whatever the planned balance: the balances are settled against the history afterwards (reconcile-balances.ts).
  if (row.num % BATCH_EVERY === 0 && row.deleted !== 1 && row.key !== null && row.key.length > 0) writeBatch(row.num, row.key, funder.num, balance, last, writer);
}

/** What `tx` moved to or from `account`'s HBAR balance. */
function hbarOf(tx: DemoTx, account: number): bigint {
  return hbarAmountsOf(tx).get(account) ?? 0n;
}

/** One account in this many also sends an atomic batch after its other activity. */
const BATCH_EVERY = 61;

/**
 * An atomic batch of two transfers, signed by the account's own key as the batch key: the
 * batch, then its inner transactions a nanosecond apart, each with its own transaction id.
 * Derived from the account alone (no random draws), so the rest of the ledger is unchanged.
 */
function writeBatch(payer: number, key: Buffer, funder: number, balance: number, after: bigint, writer: HistoryWriter): void {
  const batchNs = after + 3_000_000_000n;
  if (batchNs >= BigInt(DEMO_NOW_SECONDS) * 1_000_000_000n) return;
  const amount = Math.max(TINYBARS_PER_HBAR / 100, Math.floor(balance / 1000));
  // Inner transactions are signed just after the batch's own id, so each has an id of its own.
  const batchStart = submissionOf(batchNs).validStartNs;
  const inner: DemoTx[] = [1, 2].map((part) => ({
    consensusNs: batchNs + BigInt(part), validStartNs: batchStart + BigInt(part), payer, type: TX.CRYPTO_TRANSFER, fee: 1_000_000,
    parentNs: batchNs, batchKey: key, transfers: funder === payer ? [] : [[payer, -amount * part], [funder, amount * part]],
  }));
  const ids = inner.map((tx) => [payer, tx.validStartNs!] as const);
  if (!writeTransaction(writer, { consensusNs: batchNs, payer, type: TX.ATOMIC_BATCH, fee: 300_000, memo: 'batch', innerTransactions: ids })) return;
  for (const tx of inner) writeTransaction(writer, tx);
}

/** One transaction the account pays for. */
function activity(self: Actor, balance: number, holdings: readonly Holding[], actors: ActorPool, rng: Prng, consensusNs: bigint): DemoTx {
  const u = rng.next();
  const base = { consensusNs, payer: self.num };
  // Only tokens the treasury has already sent the account: before that it holds none.
  const fungible = holdings.filter((h) => !h.nft && h.balance > 0 && h.fundedNs !== null && h.fundedNs < consensusNs);
  if (u < 0.16 && fungible.length > 0) {
    const holding = rng.pick(fungible);
    // At most a fifth of what it holds now, so the holding never goes below zero.
    const amount = Math.max(1, Math.floor(holding.balance * (0.01 + rng.next() * 0.2)));
    const toTreasury = rng.chance(0.5);
    const tx: DemoTx = { ...base, type: TX.CRYPTO_TRANSFER, fee: fee(1_000_000, rng), memo: rng.pick(TRANSFER_MEMOS),
      tokenTransfers: [[holding.token, holding.treasury, -amount], [holding.token, self.num, amount]] };
    if (toTreasury) returnToTreasury(tx, holding, amount);
    return tx;
  }
  if (u < 0.22) return { ...base, type: TX.APPROVE_ALLOWANCE, fee: fee(5_000_000, rng), entityId: self.num };
  const to = actors.pick(rng);
  const cap = balance > 0 ? Math.max(1, Math.floor(balance * 0.05)) : 50 * TINYBARS_PER_HBAR;
  const amount = Math.max(1, Math.floor(cap * rng.next() ** 2));
  const tx: DemoTx = { ...base, type: TX.CRYPTO_TRANSFER, fee: fee(1_000_000, rng), memo: rng.pick(TRANSFER_MEMOS),
    transfers: to.num === self.num ? [] : [[self.num, -amount], [to.num, amount]] };
  if (u > 0.94) tx.result = rng.pick(FAILURES);
  return tx;
}

/**
 * Makes `tx` send `amount` units of the holding back to its treasury, with the token's custom
 * fees on top: fewer units where its balance would not cover both, and none (the treasury sends
 * instead, as `tx` stands) where it cannot pay the fee on even one.
 */
function returnToTreasury(tx: DemoTx, holding: Holding, amount: number): void {
  let charged = feesOnReturn(holding.fees, holding.token, holding.treasury, holding.account, amount);
  const units = Math.min(amount, holding.balance - charged.extraUnits);
  if (units < 1) return;
  // A smaller amount's fee is no larger: the units and the fee still fit the balance.
  if (units !== amount) charged = feesOnReturn(holding.fees, holding.token, holding.treasury, holding.account, units);
  const total = units + charged.extraUnits;
  tx.tokenTransfers = [[holding.token, holding.account, -total], [holding.token, holding.treasury, total]];
  if (charged.hbar.length > 0) tx.transfers = charged.hbar;
  if (charged.assessed.length > 0) tx.assessedFees = charged.assessed;
}

/** The holder's side of a written token transfer: its balance, and what it sent back to the treasury. */
function applyTokenTransfers(tx: DemoTx, holdings: readonly Holding[]): void {
  for (const [token, account, units] of tx.tokenTransfers ?? []) {
    const holding = holdings.find((h) => h.token === token && h.account === account);
    if (!holding) continue;
    // A holder's amounts are its own balance's fractions: always safe integers.
    const amount = Number(units);
    holding.balance += amount;
    holding.changedNs = tx.consensusNs;
    if (amount < 0) holding.returned -= amount;
  }
}

/**
 * An HBAR allowance, a token allowance when the owner holds a fungible token, and the spender's
 * approval for all of an NFT collection the owner holds (no random draws of its own, so the
 * rest of the ledger came out as before it was added).
 */
function writeAllowance(writer: HistoryWriter, owner: number, holdings: readonly Holding[], actors: ActorPool, rng: Prng, consensusNs: bigint): void {
  const spender = actors.pick(rng);
  if (spender.num === owner) return;
  const granted = rng.int(1, 1_000) * TINYBARS_PER_HBAR;
  const spent = rng.chance(0.4) ? Math.floor(granted * rng.next()) : 0;
  writer.insert('crypto_allowance', [owner, spender.num, granted - spent, granted, owner, consensusNs]);
  const fungible = holdings.find((h) => !h.nft);
  if (fungible) writer.insert('token_allowance', [owner, spender.num, fungible.token, Math.max(1, Math.floor(fungible.balance / 2)), Math.max(1, fungible.balance), owner, consensusNs]);
  const collection = holdings.find((h) => h.nft && h.balance > 0);
  if (collection) writer.insert('nft_allowance', [owner, spender.num, collection.token, 1, owner, consensusNs]);
}
