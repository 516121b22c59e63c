import { generateDemoLedger } from '../../main/mirror/demo/generate-ledger.ts';
import { formatTimestamp } from '../../main/mirror/format/timestamp.ts';
import type { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import { AccountWriter } from '../../main/sync/account-writer.ts';

/**
 * A generated demo ledger standing in for a synced store that followed its whole history: its
 * transactions cursor says every transaction from the first to the newest was followed, so
 * retention (FollowedRetention) counts its days back from the newest. Answers their timestamps.
 */
export function followedDemoLedger(store: LedgerStore, accounts: number): { oldest: bigint; newest: bigint } {
  generateDemoLedger(store, { accounts, keyThread: false });
  const { oldest, newest } = store.db.prepare('SELECT min(consensus_timestamp) AS oldest, max(consensus_timestamp) AS newest FROM "transaction"')
    .safeIntegers(true).get() as { oldest: bigint; newest: bigint };
  new AccountWriter(store.db).cursors.put({ phase: 'transactions', nextUrl: null, items: 0, passes: 1, mark: formatTimestamp(newest), since: formatTimestamp(oldest - 1n) });
  return { oldest, newest };
}
