import type { Holding } from './account-history.ts';
import type { HistoryWriter } from './history-writer.ts';
import type { TokenAccountRow } from './ledger-writer.ts';
import type { Prng } from './prng.ts';
import { MINUTE_NANOS } from './timeline.ts';
import type { DemoToken } from './tokens.ts';
import { TX, writeAtFreeTimestamp } from './transaction-log.ts';

const DISTRIBUTION_MEMOS = ['', '', 'airdrop', 'distribution', 'welcome bonus', 'vesting'];

/** One token relationship as planAssociations planned it: the row, and the holding its history changes. */
export interface Association {
  row: TokenAccountRow;
  /** Null for a relationship with no history (dissociated, or the account is the token's treasury). */
  holding: Holding | null;
}

/**
 * The treasury sends a fungible holder its planned balance, in a transfer of its own: at the
 * association itself where the association was automatic (the transfer made it), a little later
 * otherwise. The holder's own token activity (account-history.ts) comes after it, so the
 * holding's token transfers add up to its balance and never go below zero on the way.
 * Where no timestamp is free, or the distribution would fall after "now", the holding stays empty.
 */
export function distributeToHolder(holding: Holding, writer: HistoryWriter, rng: Prng): void {
  if (holding.nft || holding.balance <= 0) return;
  const planned = holding.automatic ? holding.since : holding.since + BigInt(rng.int(1, 240)) * MINUTE_NANOS;
  const fee = 1_000_000 + rng.int(0, 200_000);
  const memo = rng.pick(DISTRIBUTION_MEMOS);
  const at = writeAtFreeTimestamp(writer, planned, (consensusNs) => ({
    consensusNs, payer: holding.treasury, type: TX.CRYPTO_TRANSFER, fee, memo,
    tokenTransfers: [[holding.token, holding.treasury, -holding.balance], [holding.token, holding.account, holding.balance]],
  }));
  if (at === null) {
    holding.balance = 0;
    return;
  }
  // An automatic association is made by this very transfer.
  if (holding.automatic) holding.since = at;
  holding.fundedNs = at;
  holding.changedNs = at;
}

/**
 * Once the holder's history is written: the row takes the balance the history arrived at, as of
 * its last change, and the token counts it as handed out (its supply is settled from that).
 */
export function settleAssociation(association: Association, token: DemoToken): TokenAccountRow {
  const { row, holding } = association;
  if (!holding) return row;
  row.balance = holding.balance;
  row.createdTimestamp = holding.since;
  row.balanceTimestamp = holding.changedNs > holding.since ? holding.changedNs : holding.since;
  token.distributed += holding.balance;
  token.returned += holding.returned;
  // Every change to a holding is a transfer with the treasury.
  if (holding.changedNs > token.movedNs) token.movedNs = holding.changedNs;
  return row;
}
