import { formatEntityId, sqlInt } from '../format/entity-id.ts';
import { int64 } from '../format/json-out.ts';
import { formatTimestamp } from '../format/timestamp.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import { accountFromPath } from '../accounts/account-path-outcome.ts';
import { ENTITY_EXISTS_SQL } from '../account-tokens/account-tokens-sql.ts';
import { badRequest, NOT_FOUND, type GetOutcome } from '../query/mirror-get.ts';
import { singleKeyNextLink } from '../query/next-link.ts';
import { parseTimestampParam } from '../query/param-values.ts';
import { limitOf, LIMIT_RULE, orderOf, ORDER_RULE, TIMESTAMP_RULE, timestampFiltersOf, validateQuery } from '../query/query-filters.ts';
import { StoreService } from '../query/store-service.ts';
import { rewardsSql } from './rewards-sql.ts';

interface RewardRow {
  account_id: bigint;
  amount: bigint;
  consensus_timestamp: bigint;
}

/** GET /api/v1/accounts/{idOrAliasOrEvmAddress}/rewards: staking rewards paid to an account. */
export class RewardsService extends StoreService {
  list(raw: ParsedQuery, accountText: string): GetOutcome {
    const config = this.config();
    const account = accountFromPath(this.db, accountText, config);
    if ('error' in account) return account.error;
    if (!this.statements.get(ENTITY_EXISTS_SQL).get(sqlInt(account.id))) return NOT_FOUND;
    const validated = validateQuery(raw, { timestamp: TIMESTAMP_RULE, limit: LIMIT_RULE, order: ORDER_RULE });
    if (!validated.ok) return badRequest(...validated.messages);
    const timestamps = timestampFiltersOf(validated.filters);
    if (timestamps.some((f) => f.operator === 'ne')) return badRequest({ message: 'Not equals (ne) operator is not supported for timestamp' });
    const limit = limitOf(validated.filters, config.response.limit);
    const order = orderOf(validated.filters, 'desc');
    const { sql, params } = rewardsSql(account.id, timestamps, order, limit);
    const rewards = (this.statements.get(sql).all(...params) as RewardRow[]).map((row) => ({
      account_id: formatEntityId(row.account_id),
      amount: int64(row.amount),
      timestamp: formatTimestamp(row.consensus_timestamp),
    }));
    const page = { count: rewards.length, limit, order };
    const next = singleKeyNextLink(`/api/v1/accounts/${accountText}/rewards`, raw, page, 'timestamp', rewards.at(-1)?.timestamp, parseTimestampParam);
    return { status: 200, body: { rewards, links: { next } }, next };
  }
}
