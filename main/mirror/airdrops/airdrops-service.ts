import { formatEntityId } from '../format/entity-id.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import { accountFromPath } from '../accounts/account-path-outcome.ts';
import { badRequest, type GetOutcome } from '../query/mirror-get.ts';
import { Bound } from '../query/paging-bounds.ts';
import { parseEntityIdParam, parsePositiveLong } from '../query/param-values.ts';
import { fixedDefaultLimitOf, LIMIT_RULE, orderOf, ORDER_RULE, validateQuery } from '../query/query-filters.ts';
import { StoreService } from '../query/store-service.ts';
import { tupleNextLink, validateTupleBounds, type TupleColumn } from '../query/tuple-bounds.ts';
import { parseTokenId } from '../tokens/token-path-params.ts';
import { AIRDROP_COLUMNS, airdropsSql, type AirdropSide } from './airdrops-sql.ts';
import { renderAirdrop, type AirdropRow } from './render-airdrop.ts';

/** The filter naming the other party: the receivers of what an account sent, the senders of what it was sent. */
const PARTY_PARAM: Record<AirdropSide, string> = { outstanding: 'receiver.id', pending: 'sender.id' };

/** Serial numbers as filters take them: 0 is a fungible airdrop's (stored) serial. */
const parseSerial = (text: string): bigint | null => parsePositiveLong(text, true);

/**
 * GET /api/v1/accounts/{id}/airdrops/outstanding and /pending (HIP-904): the airdrops an account
 * sent, or was sent, that wait for the receiver to claim them. Sorted by the other party, token
 * and serial number, and paged through that tuple (tuple-bounds.ts).
 */
export class AirdropsService extends StoreService {
  list(side: AirdropSide, raw: ParsedQuery, accountText: string): GetOutcome {
    const config = this.config();
    const account = accountFromPath(this.db, accountText, config);
    if ('error' in account) return account.error;
    const partyParam = PARTY_PARAM[side];
    const parsers: Record<string, (text: string) => bigint | null> = { [partyParam]: parseEntityIdParam, 'token.id': parseTokenId, serialnumber: parseSerial };
    const validated = validateQuery(raw, {
      [partyParam]: (_op, v) => parseEntityIdParam(v) !== null,
      'token.id': (_op, v) => parseTokenId(v) !== null,
      serialnumber: (_op, v) => parseSerial(v) !== null,
      limit: LIMIT_RULE,
      order: ORDER_RULE,
    });
    if (!validated.ok) return badRequest(...validated.messages);
    const columns: TupleColumn[] = [
      { bound: new Bound(partyParam), column: AIRDROP_COLUMNS[side].party },
      { bound: new Bound('token.id'), column: 'token_id' },
      { bound: new Bound('serialnumber'), column: 'serial_number' },
    ];
    for (const f of validated.filters) {
      const column = columns.find(({ bound }) => bound.filterKey === f.key);
      if (!column) continue;
      const error = column.bound.add({ key: f.key, operator: f.operator, value: parsers[f.key]!(f.value)! });
      if (error) return badRequest({ message: error });
    }
    const boundsError = validateTupleBounds(columns);
    if (boundsError) return badRequest({ message: boundsError });
    const limit = fixedDefaultLimitOf(validated.filters, config.response.limit);
    const order = orderOf(validated.filters, 'asc');
    const { sql, params } = airdropsSql(side, account.id, columns, order, limit);
    const rows = this.statements.get(sql).all(...params) as AirdropRow[];
    const last = rows.at(-1);
    const party = side === 'outstanding' ? last?.receiver_account_id : last?.sender_account_id;
    const next = tupleNextLink(
      `/api/v1/accounts/${accountText}/airdrops/${side}`, raw, { count: rows.length, limit, order }, columns,
      last && [formatEntityId(party!), formatEntityId(last.token_id), String(last.serial_number)],
      parsers[partyParam]!,
    );
    return { status: 200, body: { airdrops: rows.map(renderAirdrop), links: { next } }, next };
  }
}
