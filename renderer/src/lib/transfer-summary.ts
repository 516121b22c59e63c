/**
 * What a transaction moved, in one line for a list row. A transaction's HBAR transfers mix the
 * movement the payer asked for with the fee it paid (a debit of the payer, credits of the node and
 * the fee accounts) and, where it changed a staker's balance, the staking reward paid to it then
 * (HIP-406: 0.0.800 → staker, listed again in `staking_reward_transfers`); the summary takes the
 * fee and the rewards out again so that `0.0.1001 → 0.0.1002 · 5 ℏ` is what the row says, not the
 * node's and 0.0.98's share of the fee, nor 0.0.800 paying the sender its reward.
 */
import { toBigInt } from './ledger-format.ts';
import type { Int64, Transaction } from './ledger-types.ts';

/** Accounts the network credits fees and rewards to, by number (in the payer's shard and realm). */
const FEE_ACCOUNT_NUMBERS = [98, 800, 801, 802];
/** The account staking rewards are paid from (in the staker's shard and realm). */
const STAKING_REWARD_ACCOUNT = 800;

export interface TransferSummary {
  /** Accounts whose HBAR went down, largest debit first. */
  senders: string[];
  /** Accounts whose HBAR went up, largest credit first. */
  receivers: string[];
  /** Tinybars the receivers got together. */
  amount: bigint;
  /** Token and NFT transfers beside the HBAR ones. */
  tokenMoves: number;
}

/** An amount of the API's answer; one that is missing or not an integer counts as nothing moved. */
const big = (value: Int64 | string | null | undefined): bigint => toBigInt(value) ?? 0n;

type Movable = Pick<Transaction, 'transaction_id' | 'node' | 'charged_tx_fee' | 'transfers'>
  & Partial<Pick<Transaction, 'token_transfers' | 'nft_transfers' | 'staking_reward_transfers'>>;

/** The shard and realm of an account id, with the dot after them (`0.0.`); empty for an id not in that form. */
const prefixOf = (account: string): string => account.slice(0, account.lastIndexOf('.') + 1);

/**
 * The movement of a transaction without its fee and the staking rewards it paid, or null when it
 * moved nothing but those. Each reward is taken back from the staker's credit and given back to
 * 0.0.800 (whose credit of its share of the fee, netted with the payouts in the transfers, then
 * shows again). Fee credits are the node's and the fee accounts' credits up to the charged fee; the
 * payer's debit is reduced by what they took.
 */
export function summarizeTransfers(tx: Movable): TransferSummary | null {
  const net = new Map<string, bigint>();
  const add = (account: string, amount: bigint): void => { net.set(account, (net.get(account) ?? 0n) + amount); };
  for (const transfer of tx.transfers ?? []) add(transfer.account, big(transfer.amount));
  for (const reward of tx.staking_reward_transfers ?? []) {
    add(reward.account, -big(reward.amount));
    add(`${prefixOf(reward.account)}${STAKING_REWARD_ACCOUNT}`, big(reward.amount));
  }
  const payer = tx.transaction_id.split('-')[0] ?? '';
  const prefix = prefixOf(payer);
  let feeLeft = big(tx.charged_tx_fee);
  let feeCredited = 0n;
  for (const account of [tx.node, ...FEE_ACCOUNT_NUMBERS.map((n) => `${prefix}${n}`)]) {
    const credit = account ? net.get(account) ?? 0n : 0n;
    if (!account || credit <= 0n || feeLeft <= 0n) continue;
    const fee = credit < feeLeft ? credit : feeLeft;
    net.set(account, credit - fee);
    feeLeft -= fee;
    feeCredited += fee;
  }
  // The payer paid what the fee accounts received; only a debit shrinks, never turns into a credit.
  const payerNet = net.get(payer);
  if (payerNet !== undefined && payerNet < 0n) net.set(payer, payerNet + feeCredited < 0n ? payerNet + feeCredited : 0n);

  const flows = flowsOf(net);
  const { receivers, received: amount } = flows;
  const senders = withoutUnplacedFee(flows, net);
  const tokenMoves = (tx.token_transfers?.length ?? 0) + (tx.nft_transfers?.length ?? 0);
  if (senders.length === 0 && receivers.length === 0 && tokenMoves === 0) return null;
  return { senders, receivers, amount, tokenMoves };
}

/**
 * The senders less the debit of a fee the summary could not place: HBAR is never destroyed, so what
 * the senders gave beyond what the receivers got is a fee charged to another account than the id's
 * (a scheduled transaction's schedule payer, an Ethereum transaction's sender paying its gas). With
 * no receiver every debit is that fee; else the one sender whose debit is exactly it paid the fee
 * alone. A fee payer that also sent HBAR stays a sender.
 */
function withoutUnplacedFee(flows: ReturnType<typeof flowsOf>, net: ReadonlyMap<string, bigint>): string[] {
  const unplaced = flows.given - flows.received;
  if (unplaced <= 0n) return flows.senders;
  if (flows.receivers.length === 0) return [];
  const feeOnly = flows.senders.filter((account) => net.get(account) === -unplaced);
  return feeOnly.length === 1 ? flows.senders.filter((account) => account !== feeOnly[0]) : flows.senders;
}

/**
 * From net amounts per account: who went down and who went up, largest first, and what the
 * receivers got together (`received`) and the senders gave up (`given`): apart for a token, whose
 * burn or wipe has senders only; HBAR is never destroyed, and a debit left without a credit there is
 * a fee the summary could not place, not an amount moved.
 */
function flowsOf(net: ReadonlyMap<string, bigint>): { senders: string[]; receivers: string[]; received: bigint; given: bigint } {
  const magnitude = (n: bigint): bigint => (n < 0n ? -n : n);
  const byMagnitude = (a: [string, bigint], b: [string, bigint]): number => {
    const difference = magnitude(b[1]) - magnitude(a[1]);
    return difference > 0n ? 1 : difference < 0n ? -1 : 0;
  };
  const debits = [...net].filter(([, amount]) => amount < 0n).sort(byMagnitude);
  const credits = [...net].filter(([, amount]) => amount > 0n).sort(byMagnitude);
  const total = (entries: Array<[string, bigint]>): bigint => entries.reduce((sum, [, amount]) => sum + magnitude(amount), 0n);
  return { senders: debits.map(([account]) => account), receivers: credits.map(([account]) => account), received: total(credits), given: total(debits) };
}

/** How much `account`'s HBAR balance changed in the transaction, fee included (its own row in an account's history). */
export function netHbarChange(tx: Pick<Transaction, 'transfers'>, account: string): bigint {
  return (tx.transfers ?? []).reduce((sum, t) => (t.account === account ? sum + big(t.amount) : sum), 0n);
}

export interface TokenChange {
  token: string;
  /** Units of a fungible token (smallest unit), or serials for an NFT collection. */
  amount: bigint;
  nft: boolean;
}

/**
 * How `account`'s token holdings changed in the transaction, in the order the tokens first appear:
 * fungible amounts summed per token, NFT serials counted in (+1) and out (-1); tokens whose
 * movements cancel out are left out.
 */
export function netTokenChanges(tx: Partial<Pick<Transaction, 'token_transfers' | 'nft_transfers'>>, account: string): TokenChange[] {
  const changes = new Map<string, TokenChange>();
  const add = (token: string, amount: bigint, nft: boolean): void => {
    const change = changes.get(token) ?? { token, amount: 0n, nft };
    change.amount += amount;
    changes.set(token, change);
  };
  for (const transfer of tx.token_transfers ?? []) if (transfer.account === account) add(transfer.token_id, big(transfer.amount), false);
  for (const transfer of tx.nft_transfers ?? []) {
    if (transfer.receiver_account_id === account) add(transfer.token_id, 1n, true);
    if (transfer.sender_account_id === account) add(transfer.token_id, -1n, true);
  }
  return [...changes.values()].filter((change) => change.amount !== 0n);
}

/**
 * How a token's supply changed where its movement is one-sided: minted to its receivers (no sender:
 * an NFT's serial out of nowhere, a fungible mint or a token's initial supply), burned (a
 * TOKENBURN) or wiped (a TOKENWIPE) from its senders; null for a transfer between accounts, and for
 * any other debit without a receiver (a TOKENDISSOCIATE of a deleted token gives up its balance,
 * which no burn took).
 */
export type SupplyChange = 'mint' | 'burn' | 'wipe' | null;

/** One token's movement in a transaction. */
export interface TokenMovement {
  token: string;
  nft: boolean;
  /** Accounts whose holding of it went down, largest first (an NFT's senders, a mint has none). */
  senders: string[];
  /** Accounts whose holding of it went up, largest first. */
  receivers: string[];
  /** Units the receivers got together, or, without receivers, the senders gave up (serials for an NFT collection). */
  amount: bigint;
  supply: SupplyChange;
}

type TokenMoving = Partial<Pick<Transaction, 'token_transfers' | 'nft_transfers' | 'name'>>;

/**
 * Each token a transaction moved, in the answer's order, fungible tokens first, then NFT
 * collections: who sent it, who received it and how much.
 */
export function tokenMovements(tx: TokenMoving): TokenMovement[] {
  const fungible = tx.token_transfers ?? [];
  const nfts = tx.nft_transfers ?? [];
  const movements: TokenMovement[] = [];
  for (const token of new Set(fungible.map((t) => t.token_id))) {
    const net = new Map<string, bigint>();
    for (const t of fungible) if (t.token_id === token) net.set(t.account, (net.get(t.account) ?? 0n) + big(t.amount));
    movements.push(movementOf(token, false, net, tx.name));
  }
  for (const token of new Set(nfts.map((t) => t.token_id))) {
    const net = new Map<string, bigint>();
    const add = (account: string | null, amount: bigint): void => {
      if (account) net.set(account, (net.get(account) ?? 0n) + amount);
    };
    for (const t of nfts) if (t.token_id === token) { add(t.sender_account_id, -1n); add(t.receiver_account_id, 1n); }
    movements.push(movementOf(token, true, net, tx.name));
  }
  return movements;
}

function movementOf(token: string, nft: boolean, net: ReadonlyMap<string, bigint>, name: string | undefined): TokenMovement {
  const { senders, receivers, received, given } = flowsOf(net);
  const oneSided = receivers.length === 0 && senders.length > 0;
  const supply: SupplyChange = senders.length === 0 && receivers.length > 0 ? 'mint'
    : oneSided && name === 'TOKENBURN' ? 'burn' : oneSided && name === 'TOKENWIPE' ? 'wipe' : null;
  return { token, nft, senders, receivers, amount: receivers.length > 0 ? received : given, supply };
}
