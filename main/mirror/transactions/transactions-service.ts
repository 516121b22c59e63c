import { formatTimestamp } from '../format/timestamp.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import { badRequest, type GetOutcome } from '../query/mirror-get.ts';
import { nextPageLink } from '../query/next-link.ts';
import { parseTimestampParam } from '../query/param-values.ts';
import { StoreService } from '../query/store-service.ts';
import { nowNanos, type TimestampBounds } from '../query/timestamp-range.ts';
import { HeldTransactions, type HeldRange } from '../store/held-transactions.ts';
import { renderTransaction } from './render-transaction.ts';
import { loadTransactionDetails } from './transaction-details.ts';
import { parseTransactionsParams, type TransactionsQuery } from './transactions-params.ts';
import { chooseTimestampsPlan } from './transactions-plan-probe.ts';
import { transactionTimestampsSql } from './transactions-sql.ts';
import { bindTimestampWindow } from './timestamp-window.ts';

export const TRANSACTIONS_PATH = '/api/v1/transactions';

export interface TransactionsPage {
  transactions: Array<Record<string, unknown>>;
  links: { next: string | null };
}

/** GET /api/v1/transactions: validated query, one page of timestamps, then their details. */
export class TransactionsService extends StoreService {
  readonly #held = new HeldTransactions(this.db);

  list(raw: ParsedQuery): GetOutcome {
    const config = this.config();
    const parsed = parseTransactionsParams(raw, config);
    if (!parsed.ok) return badRequest(...parsed.messages);
    const body = this.page(parsed.query, TRANSACTIONS_PATH);
    return { status: 200, body, next: body.links.next };
  }

  /**
   * One page of transactions for a validated query; `path` is the address the next link
   * repeats (the account-by-id operation pages its nested transactions through here too).
   */
  page(query: TransactionsQuery, path: string): TransactionsPage {
    const config = this.config();
    if (query.empty || query.timestamps === null) return { transactions: [], links: { next: null } };
    // On a synced store, only the range it holds whole (held-transactions.ts): a transaction looked up
    // by id outside it answers by id, and by its exact time (as a parent or a contract result names
    // it), but a list would show it alone after a gap.
    const held = query.timestampEquality ? null : this.#held.range(query.accountIds);
    const heldBounds = held === null ? query.timestamps : within(query.timestamps, held);
    if (heldBounds === null) return { transactions: [], links: { next: null } };
    let bounds = heldBounds;
    let windowNext: bigint | null = null;
    if (config.query.bindTimestampRange && !query.timestampEquality) {
      const width = config.query.maxTransactionsTimestampRangeNs;
      const bound = bindTimestampWindow(bounds, query.order, () => this.#firstTimestamp(), nowNanos(), width === undefined ? undefined : BigInt(width));
      bounds = bound.bounds;
      windowNext = bound.next;
    }
    const { sql, params } = transactionTimestampsSql(query, bounds, chooseTimestampsPlan(this.statements, query, bounds));
    const timestamps = (this.statements.get(sql).all(...params) as Array<{ consensus_timestamp: bigint }>).map((r) => r.consensus_timestamp);
    const details = loadTransactionDetails(this.statements, timestamps, false);
    const order = query.order === 'desc' ? -1 : 1;
    const rows = details.rows.sort((a, b) => (a.consensus_timestamp < b.consensus_timestamp ? -order : order));
    const transactions = rows.map((row) => renderTransaction(row, details));
    const full = transactions.length === query.limit;
    const anchor = full ? rows.at(-1)!.consensus_timestamp : windowNext;
    const next = anchor === null
      ? null
      : nextPageLink(path, query.raw, [{ key: 'timestamp', value: formatTimestamp(anchor)! }], query.order, parseTimestampParam);
    return { transactions, links: { next } };
  }

  #firstTimestamp(): bigint | null {
    const row = this.statements.get('SELECT min(consensus_timestamp) AS ts FROM "transaction"').get() as { ts: bigint | null };
    return row.ts;
  }
}

/** The bounds cut to a held range; null when nothing of them is held. */
function within(bounds: TimestampBounds, held: HeldRange): TimestampBounds | null {
  const lower = bounds.lower > held.after ? bounds.lower : held.after + 1n;
  const upper = bounds.upper < held.through ? bounds.upper : held.through;
  return lower > upper ? null : { ...bounds, lower, upper };
}
