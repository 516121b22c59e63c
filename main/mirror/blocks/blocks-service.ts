import type { ParsedQuery } from '../http/query-string.ts';
import { badRequest, NOT_FOUND, type GetOutcome } from '../query/mirror-get.ts';
import { singleKeyNextLink } from '../query/next-link.ts';
import { parseBlockNumber, parseHash32or48, parsePositiveLong } from '../query/param-values.ts';
import {
  filtersFor, invalidParameter, LIMIT_RULE, limitOf, ORDER_RULE, orderOf, TIMESTAMP_RULE, timestampFiltersOf, validateQuery, type ParamRule,
} from '../query/query-filters.ts';
import { StoreService } from '../query/store-service.ts';
import { blockByHash, blockByNumber } from './block-lookup.ts';
import { blocksSql } from './blocks-sql.ts';
import { renderBlock, type BlockRecordRow } from './render-block.ts';

export const BLOCKS_PATH = '/api/v1/blocks';

const RULES: Record<string, ParamRule> = {
  // Any comparison but `ne`, the number in decimal or as a 0x quantity (rest/utils.js).
  'block.number': (op, value) => op !== 'ne' && parseBlockNumber(value) !== null,
  limit: LIMIT_RULE,
  order: ORDER_RULE,
  timestamp: TIMESTAMP_RULE,
};

/** GET /api/v1/blocks and /api/v1/blocks/{hashOrNumber}: the record files, newest first by default. */
export class BlocksService extends StoreService {
  list(raw: ParsedQuery): GetOutcome {
    const validated = validateQuery(raw, RULES);
    if (!validated.ok) return badRequest(...validated.messages);
    const { filters } = validated;
    const numbers = filtersFor(filters, 'block.number').map((f) => ({ operator: f.operator, value: parseBlockNumber(f.value)! }));
    const limit = limitOf(filters, this.config().response.limit);
    const order = orderOf(filters, 'desc');
    // The reference sorts by the column of the first block filter given (the number or the end).
    const byNumber = filters.find((f) => f.key === 'block.number' || f.key === 'timestamp')?.key === 'block.number';
    const { sql, params } = blocksSql(numbers, timestampFiltersOf(filters), byNumber, order, limit);
    const rows = this.statements.get(sql).all(...params) as BlockRecordRow[];
    const last = rows.at(-1);
    const next = singleKeyNextLink(BLOCKS_PATH, raw, { count: rows.length, limit, order }, 'block.number', last && String(last.index), parseBlockNumber);
    return { status: 200, body: { blocks: rows.map(renderBlock), links: { next } }, next };
  }

  byHashOrNumber(raw: ParsedQuery, hashOrNumber: string): GetOutcome {
    const validated = validateQuery(raw, {});
    // A 32-byte (Ethereum) or 48-byte (Hedera) block hash, else a number.
    const hash = parseHash32or48(hashOrNumber);
    const number = hash === null ? parsePositiveLong(hashOrNumber, true) : null;
    const messages = hash === null && number === null ? [invalidParameter('hashOrNumber')] : [];
    if (!validated.ok) messages.push(...validated.messages);
    if (messages.length > 0) return badRequest(...messages);
    const row = hash !== null ? blockByHash(this.statements, hash) : blockByNumber(this.statements, number!);
    return row ? { status: 200, body: renderBlock(row) } : NOT_FOUND;
  }
}
