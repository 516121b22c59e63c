import { stringifyJson } from '../format/json-out.ts';
import { formatTimestamp } from '../format/timestamp.ts';
import { sqlInt } from '../format/entity-id.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import { JavaConstraints } from '../query/java-constraints.ts';
import { NOT_FOUND, type GetOutcome } from '../query/mirror-get.ts';
import { StoreService } from '../query/store-service.ts';
import { nowNanos } from '../query/timestamp-range.ts';
import { parseNetworkParams, supplyWindow } from './network-timestamp.ts';
import { formatSupply, TOTAL_SUPPLY_TINYBARS, unreleasedAccountIds, type CurrencyFormat } from './unreleased-supply.ts';

/** Current balances of the unreleased accounts (one primary-key seek each). */
const CURRENT_SQL = `SELECT sum(e.balance) AS unreleased, max(e.balance_timestamp) AS ts
FROM json_each(?) j JOIN entity e ON e.id = j.value`;

/** Each unreleased account's newest snapshot balance in [lower, upper] (one seek each). */
const SNAPSHOT_SQL = `SELECT sum(b.balance) AS unreleased, max(b.consensus_timestamp) AS ts
FROM json_each(:ids) j
JOIN account_balance b ON b.account_id = j.value AND b.consensus_timestamp = (
  SELECT max(consensus_timestamp) FROM account_balance
  WHERE account_id = j.value AND consensus_timestamp >= :lower AND consensus_timestamp <= :upper)`;

export type SupplyOutcome = GetOutcome | { status: 200; text: string };

/** GET /api/v1/network/supply: total and released supply, now or as of a balance snapshot. */
export class SupplyService extends StoreService {
  get(raw: ParsedQuery): SupplyOutcome {
    const config = this.config();
    const parsed = parseNetworkParams(raw, { q: (v) => /^(circulating|totalcoins)$/i.test(v) },
      'Invalid parameter: Not equals (ne) operator is not supported for timestamp', new JavaConstraints().size(raw, 'timestamp', 2));
    if (!parsed.ok) return parsed.error;
    const window = parsed.range.given ? supplyWindow(parsed.range, nowNanos()) : null;
    if (window && !window.ok) return window.error;
    const ids = stringifyJson(unreleasedAccountIds(config.shard, config.realm));
    const row = (window
      ? this.statements.get(SNAPSHOT_SQL).get({ ids, lower: sqlInt(window.range.lower), upper: sqlInt(window.range.upper) })
      : this.statements.get(CURRENT_SQL).get(ids)) as { unreleased: bigint | null; ts: bigint | null };
    if (row.ts === null) return NOT_FOUND;
    const released = TOTAL_SUPPLY_TINYBARS - (row.unreleased ?? 0n);
    const q = parsed.values.get('q')?.toLowerCase();
    if (q !== undefined) {
      const format: CurrencyFormat = config.network?.currencyFormat ?? 'BOTH';
      return { status: 200, text: formatSupply(q === 'circulating' ? released : TOTAL_SUPPLY_TINYBARS, format) };
    }
    return {
      status: 200,
      body: { released_supply: released.toString(), timestamp: formatTimestamp(row.ts), total_supply: TOTAL_SUPPLY_TINYBARS.toString() },
    };
  }
}
