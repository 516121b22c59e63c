import { formatEntityId } from '../format/entity-id.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import { JavaBound } from '../query/java-bound.ts';
import { JavaConstraints } from '../query/java-constraints.ts';
import { answeringBadRequests, JavaBadRequest, NO_ACCOUNT_FOUND } from '../query/java-error.ts';
import { javaNextLink } from '../query/java-next-link.ts';
import { accountPathParam, booleanParam, entityIdRangesParam, lookupJavaAccount, pageParams } from '../query/java-params.ts';
import type { GetOutcome } from '../query/mirror-get.ts';
import { StoreService } from '../query/store-service.ts';
import { NFT_ALLOWANCE_SIDES, nftAllowancesSql } from './nft-allowances-sql.ts';
import { renderNftAllowance, type NftAllowanceRow } from './render-allowance.ts';

const ACCOUNT_PARAM = 'account.id';
const TOKEN_PARAM = 'token.id';

/**
 * GET /api/v1/accounts/{id}/allowances/nfts: approvals for all of a collection, granted by the
 * account (`owner=true`, the default) or to it (`owner=false`); `account.id` bounds the other
 * party, `token.id` the collection. The reference serves it from its Java module
 * (AllowancesController, NftAllowanceServiceImpl), and this answers as it does: its parameter
 * conversion, checks and errors, undeclared keys ignored, its filters and next links.
 */
export class NftAllowancesService extends StoreService {
  list(raw: ParsedQuery, accountText: string): GetOutcome {
    const { shard, realm } = this.config();
    const id = accountPathParam(accountText, 'id', shard, realm);
    if (!id.ok) return id.error;
    const accounts = entityIdRangesParam(raw, ACCOUNT_PARAM, shard, realm);
    if (!accounts.ok) return accounts.error;
    const page = pageParams(raw, 'asc');
    if (!page.ok) return page.error;
    const owner = booleanParam(raw, 'owner', true);
    if (!owner.ok) return owner.error;
    const tokens = entityIdRangesParam(raw, TOKEN_PARAM, shard, realm);
    if (!tokens.ok) return tokens.error;
    const violations = new JavaConstraints().size(raw, ACCOUNT_PARAM, 2).limit(page.value.limit).size(raw, TOKEN_PARAM, 2).outcome();
    if (violations) return violations;

    return answeringBadRequests(() => {
      const side = owner.value ? 'granted' : 'received';
      const parties = new JavaBound(accounts.value, true, ACCOUNT_PARAM, NFT_ALLOWANCE_SIDES[side].party);
      const collections = new JavaBound(tokens.value, false, TOKEN_PARAM, 'token_id');
      checkBounds(parties, collections);
      const account = lookupJavaAccount(this.db, id.value);
      if (account === null) return NO_ACCOUNT_FOUND;
      // NftAllowanceRequest.getBounds: the party's bound first (the token's when there is none), then the token's.
      const primary = parties.isEmpty() ? collections : parties;
      const bounds = collections.isEmpty() ? [primary] : [primary, collections];
      const { sql, params } = nftAllowancesSql(side, account, bounds, page.value.order, page.value.limit);
      const rows = this.statements.get(sql).all(...params) as NftAllowanceRow[];
      const last = rows.at(-1);
      const next = javaNextLink(`/api/v1/accounts/${accountText}/allowances/nfts`, raw, {
        count: rows.length, limit: page.value.limit, order: page.value.order, sort: [ACCOUNT_PARAM, TOKEN_PARAM],
        last: last && { [ACCOUNT_PARAM]: formatEntityId(last[NFT_ALLOWANCE_SIDES[side].party]), [TOKEN_PARAM]: formatEntityId(last.token_id) },
      });
      return { status: 200, body: { allowances: rows.map(renderNftAllowance), links: { next } }, next };
    });
  }
}

/** The reference's checks of the two filters together (NftAllowanceServiceImpl.checkOwnerSpenderParamValidity). */
function checkBounds(parties: JavaBound, tokens: JavaBound): void {
  if (parties.isEmpty() && !tokens.isEmpty()) throw new JavaBadRequest('token.id parameter must have account.id present');
  for (const bound of [parties, tokens]) {
    bound.verifyUnsupported('ne');
    bound.verifySingleOccurrence();
    bound.verifyEqualOrRange();
  }
  if (!parties.hasLowerAndUpper() && tokens.adjustedLower() > tokens.adjustedUpper()) throw new JavaBadRequest('Invalid range provided for token.id');
  if (tokens.cardinality('lt', 'lte') > 0 && parties.cardinality('eq', 'lte') === 0) {
    throw new JavaBadRequest('Requires the presence of an lte or eq account.id parameter');
  }
  if (tokens.cardinality('gt', 'gte') > 0 && parties.cardinality('eq', 'gte') === 0) {
    throw new JavaBadRequest('Requires the presence of an gte or eq account.id parameter');
  }
}
