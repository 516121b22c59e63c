import type { SqliteDatabase } from '../store/ledger-store.ts';
import type { HistoryWriter } from './history-writer.ts';
import { TX, writeAtFreeTimestamp } from './transaction-log.ts';

/** What the funding CRYPTOTRANSFER charges, about what the demo's other transfers do (account-history.ts). */
const FUNDING_FEE = 1_000_000;

/**
 * Gives each contract the HBAR the generator planned for it (accounts.ts planContract) by a transfer that sends
 * it, so that its balance is the sum of its transfers, as on a real ledger (since generator 27; before, about half
 * the contracts held HBAR no transaction had given them). The transfer is a CRYPTOTRANSFER from the contract's
 * creator a microsecond after the creation (or the first free microsecond after), which a contract takes without
 * running its code. Not the creation's initial balance: the demo's examples have non-payable constructors, which
 * revert a creation that sends value.
 *
 * Run once every other transaction is written (it takes the first free timestamp) and before the blocks are
 * read off them; the creators' balances are settled after (reconcile-balances.ts), so that each can pay.
 * Returns the transactions written; the caller flushes `writer`.
 */
export function fundContracts(db: SqliteDatabase, writer: HistoryWriter): number {
  const planned = db.prepare(`SELECT e.id, e.balance, e.created_timestamp AS created, t.payer_account_id AS creator FROM entity e
    JOIN "transaction" t ON t.consensus_timestamp = e.created_timestamp AND t.entity_id = e.id AND t.type IN (?, ?)
    WHERE e.type = 'CONTRACT' AND e.balance > 0 ORDER BY e.id`).safeIntegers(true)
    .all(TX.CONTRACT_CREATE, TX.ETHEREUM) as Array<{ id: bigint; balance: bigint; created: bigint; creator: bigint }>;
  let written = 0;
  for (const contract of planned) {
    const creator = Number(contract.creator);
    const amount = Number(contract.balance);
    const at = writeAtFreeTimestamp(writer, contract.created + 1_000n, (consensusNs) => ({
      consensusNs, payer: creator, type: TX.CRYPTO_TRANSFER, fee: FUNDING_FEE, transfers: [[creator, -amount], [Number(contract.id), amount]],
    }));
    if (at !== null) written += 1;
  }
  return written;
}
