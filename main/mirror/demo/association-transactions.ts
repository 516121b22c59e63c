import type { HistoryWriter } from './history-writer.ts';
import type { Prng } from './prng.ts';
import { DEMO_NOW_NANOS } from './timeline.ts';
import type { Association } from './token-distribution.ts';
import { TX, writeAtFreeTimestamp } from './transaction-log.ts';

/** A dissociation comes within a month of its association. */
const DISSOCIATE_WITHIN_NANOS = 30n * 86_400n * 1_000_000_000n;
/** A dissociation lands at least this long before "now". */
const BEFORE_NOW_NANOS = 10_000_000_000n;
/** About the network's fee for associating one token: 0.05 USD at the demo's exchange rate (17 US cents an HBAR). */
const ASSOCIATE_FEE = 28_000_000;

/**
 * The transactions behind a token relationship, written once its funding is known (after
 * distributeToHolder / writeNftHolding). An automatic association was made by the transfer
 * that funded it, so it needs nothing more; one whose transfer never came (nothing to send,
 * or too close to "now") could not have been automatic and becomes a TOKEN_ASSOCIATE like the
 * others. A dissociated relationship gets its TOKEN_DISSOCIATE too, and its row dates from it.
 *
 * Accounts pay for their own associations; a contract cannot sign one, so the token's treasury
 * pays for associating it (as a project associates its own contracts).
 */
export function writeAssociationTransactions(association: Association, accountIsContract: boolean, treasury: number, writer: HistoryWriter, rng: Prng): void {
  const { row, holding } = association;
  if (holding?.automatic && holding.fundedNs !== null) return;
  if (holding) holding.automatic = false;
  row.automaticAssociation = 0;
  const payer = accountIsContract ? treasury : row.accountId;
  const fee = ASSOCIATE_FEE + rng.int(0, 5_000_000);
  const associatedNs = writeAtFreeTimestamp(writer, row.createdTimestamp, (consensusNs) => ({ consensusNs, payer, type: TX.TOKEN_ASSOCIATE, fee, entityId: row.accountId }));
  if (associatedNs === null) return;
  row.createdTimestamp = associatedNs;
  if (holding) {
    holding.since = associatedNs;
    if (holding.changedNs < associatedNs) holding.changedNs = associatedNs;
    return;
  }
  row.balanceTimestamp = associatedNs;
  if (row.associated === 1) return;
  // Within a month, and before "now" (associations are at least a minute before it).
  const latest = DEMO_NOW_NANOS - BEFORE_NOW_NANOS - associatedNs;
  const window = latest < 0n ? 0n : latest < DISSOCIATE_WITHIN_NANOS ? latest : DISSOCIATE_WITHIN_NANOS;
  const dissociateAt = associatedNs + 1_000n + BigInt(Math.floor(rng.next() * Number(window)));
  const dissociatedNs = writeAtFreeTimestamp(writer, dissociateAt, (consensusNs) => ({ consensusNs, payer, type: TX.TOKEN_DISSOCIATE, fee, entityId: row.accountId }));
  // Without its dissociation (no free timestamp) the relationship simply stays, empty.
  if (dissociatedNs === null) row.associated = 1;
  else row.balanceTimestamp = dissociatedNs;
}
