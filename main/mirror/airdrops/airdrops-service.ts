import { formatEntityId } from '../format/entity-id.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import { JavaBound } from '../query/java-bound.ts';
import { JavaConstraints } from '../query/java-constraints.ts';
import { answeringBadRequests, NO_ACCOUNT_FOUND } from '../query/java-error.ts';
import { javaNextLink } from '../query/java-next-link.ts';
import {
  accountPathParam, entityIdRangesParam, lookupJavaAccount, numberRangesParam, pageParams,
} from '../query/java-params.ts';
import type { GetOutcome } from '../query/mirror-get.ts';
import { StoreService } from '../query/store-service.ts';
import { AIRDROP_COLUMNS, airdropsSql, type AirdropSide } from './airdrops-sql.ts';
import { renderAirdrop, type AirdropRow } from './render-airdrop.ts';

/** The filter naming the other party: the receivers of what an account sent, the senders of what it was sent. */
const PARTY_PARAM: Record<AirdropSide, string> = { outstanding: 'receiver.id', pending: 'sender.id' };
const TOKEN_PARAM = 'token.id';
const SERIAL_PARAM = 'serialnumber';

/**
 * GET /api/v1/accounts/{id}/airdrops/outstanding and /pending (HIP-904): the airdrops an account
 * sent, or was sent, that wait for the receiver to claim them, sorted by the other party, token
 * and serial number. The reference serves these from its Java module (TokenAirdropsController),
 * and this answers as it does: its parameter conversion and errors, undeclared keys ignored, its
 * filter semantics (javaBoundsCondition) and its next links.
 */
export class AirdropsService extends StoreService {
  list(side: AirdropSide, raw: ParsedQuery, accountText: string): GetOutcome {
    const { shard, realm } = this.config();
    const partyParam = PARTY_PARAM[side];
    // Converted in the controller's parameter order: the first value that does not convert is the answer.
    const id = accountPathParam(accountText, 'id', shard, realm);
    if (!id.ok) return id.error;
    const page = pageParams(raw, 'asc');
    if (!page.ok) return page.error;
    const parties = entityIdRangesParam(raw, partyParam, shard, realm);
    if (!parties.ok) return parties.error;
    const serials = numberRangesParam(raw, SERIAL_PARAM);
    if (!serials.ok) return serials.error;
    const tokens = entityIdRangesParam(raw, TOKEN_PARAM, shard, realm);
    if (!tokens.ok) return tokens.error;
    const violations = new JavaConstraints().limit(page.value.limit).size(raw, partyParam, 2).size(raw, SERIAL_PARAM, 2).size(raw, TOKEN_PARAM, 2).outcome();
    if (violations) return violations;

    return answeringBadRequests(() => {
      const bounds = requestBounds(
        new JavaBound(parties.value, true, partyParam, AIRDROP_COLUMNS[side].party),
        new JavaBound(tokens.value, false, TOKEN_PARAM, 'token_id'),
        new JavaBound(serials.value, false, SERIAL_PARAM, 'serial_number'),
      );
      const account = lookupJavaAccount(this.db, id.value);
      if (account === null) return NO_ACCOUNT_FOUND;
      const { sql, params } = airdropsSql(side, account, bounds, page.value.order, page.value.limit);
      const rows = this.statements.get(sql).all(...params) as AirdropRow[];
      const next = javaNextLink(`/api/v1/accounts/${accountText}/airdrops/${side}`, raw, {
        count: rows.length, limit: page.value.limit, order: page.value.order, sort: sortKeys(partyParam, rows.at(-1)), last: pagingValues(rows.at(-1)),
      });
      return { status: 200, body: { airdrops: rows.map(renderAirdrop), links: { next } }, next };
    });
  }
}

/**
 * The bounds the query narrows by, primary first (TokenAirdropRequest.getBounds): the party's
 * bound, else the token's; the token's or else the serial's second; the serial's last. When only
 * the token is filtered it is both primary and second (the same bound), as there.
 */
function requestBounds(parties: JavaBound, tokens: JavaBound, serials: JavaBound): JavaBound[] {
  const primary = parties.isEmpty() ? tokens : parties;
  if (primary.isEmpty()) return [serials];
  const secondary = tokens.isEmpty() ? serials : tokens;
  return secondary.isEmpty() ? [primary] : [primary, secondary, serials];
}

/** A fungible airdrop (serial 0) ends its page's link at the token: the serial is no paging key then. */
function sortKeys(partyParam: string, last: AirdropRow | undefined): string[] {
  return last && last.serial_number === 0n ? [partyParam, TOKEN_PARAM] : [partyParam, TOKEN_PARAM, SERIAL_PARAM];
}

function pagingValues(last: AirdropRow | undefined): Record<string, string> | undefined {
  if (!last) return undefined;
  return {
    'receiver.id': formatEntityId(last.receiver_account_id),
    'sender.id': formatEntityId(last.sender_account_id),
    [SERIAL_PARAM]: String(last.serial_number),
    [TOKEN_PARAM]: formatEntityId(last.token_id),
  };
}
