import type { ParsedQuery } from '../http/query-string.ts';
import { formatTimestamp } from '../format/timestamp.ts';
import { int64 } from '../format/json-out.ts';
import { JavaConstraints } from '../query/java-constraints.ts';
import { NOT_FOUND, type GetOutcome } from '../query/mirror-get.ts';
import { StatementCache } from '../query/statement-cache.ts';
import type { SqliteDatabase } from '../store/ledger-store.ts';
import { decodeExchangeRateSet, type ExchangeRateSet } from './exchange-rate.ts';
import { decodeGasPrices, GAS_FUNCTIONALITIES, gasInTinybars } from './fee-schedule.ts';
import { readSystemFile } from './file-contents.ts';
import { parseNetworkParams } from './network-timestamp.ts';

export const FEE_SCHEDULE_FILE = 111n;
export const EXCHANGE_RATE_FILE = 112n;
const NE_MESSAGE = 'Not equals (ne) operator is not supported for timestamp';

/** GET /api/v1/network/exchangerate and /api/v1/network/fees, read from the system files. */
export class NetworkFilesService {
  readonly #statements: StatementCache;

  constructor(db: SqliteDatabase) {
    this.#statements = new StatementCache(db);
  }

  exchangeRate(raw: ParsedQuery): GetOutcome {
    const parsed = parseNetworkParams(raw, {}, NE_MESSAGE, new JavaConstraints().size(raw, 'timestamp', 2));
    if (!parsed.ok) return parsed.error;
    const rates = readSystemFile(this.#statements, EXCHANGE_RATE_FILE, parsed.range, decodeExchangeRateSet);
    if (!rates) return NOT_FOUND;
    return { status: 200, body: { ...rates.value, timestamp: formatTimestamp(rates.timestamp) } };
  }

  /**
   * Gas prices in tinybars of the gas-paying transaction types: the fee schedule's service
   * gas price at the exchange rate's current rate, both as of the requested time.
   */
  fees(raw: ParsedQuery): GetOutcome {
    const parsed = parseNetworkParams(raw, { order: (v) => /^(asc|desc)$/i.test(v) }, NE_MESSAGE);
    if (!parsed.ok) return parsed.error;
    const rates = readSystemFile<ExchangeRateSet>(this.#statements, EXCHANGE_RATE_FILE, parsed.range, decodeExchangeRateSet);
    const schedule = readSystemFile(this.#statements, FEE_SCHEDULE_FILE, parsed.range, decodeGasPrices);
    if (!rates || !schedule) return NOT_FOUND;
    const fees: Array<{ gas: number | bigint | null; transaction_type: string }> = [];
    for (const [functionality, gas] of schedule.value) {
      const type = GAS_FUNCTIONALITIES.get(functionality);
      const tinybars = type ? gasInTinybars(gas, rates.value.current_rate) : null;
      if (type && tinybars !== null) fees.push({ gas: int64(tinybars), transaction_type: type });
    }
    const descending = parsed.values.get('order')?.toLowerCase() === 'desc';
    fees.sort((a, b) => a.transaction_type.localeCompare(b.transaction_type) * (descending ? -1 : 1));
    return { status: 200, body: { fees, timestamp: formatTimestamp(schedule.timestamp) } };
  }
}
