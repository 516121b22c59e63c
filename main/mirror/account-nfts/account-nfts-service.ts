import type { ParsedQuery } from '../http/query-string.ts';
import { accountFromPath } from '../accounts/account-path-outcome.ts';
import { badRequest, type GetOutcome } from '../query/mirror-get.ts';
import { boundsNextLink } from '../query/paging-bounds.ts';
import { StoreService } from '../query/store-service.ts';
import { renderNft, type NftRow } from '../tokens/render-nft.ts';
import { parseTokenId } from '../tokens/token-path-params.ts';
import { parseAccountNftsParams } from './account-nfts-params.ts';
import { accountNftsSql } from './account-nfts-sql.ts';

/** GET /api/v1/accounts/{idOrAliasOrEvmAddress}/nfts: the NFTs an account owns. */
export class AccountNftsService extends StoreService {
  list(raw: ParsedQuery, accountText: string): GetOutcome {
    const config = this.config();
    const account = accountFromPath(this.db, accountText, config);
    if ('error' in account) return account.error;
    const parsed = parseAccountNftsParams(raw, config);
    if (!parsed.ok) return badRequest(...parsed.messages);
    const { query } = parsed;
    const { sql, params } = accountNftsSql(account.id, query);
    const nfts = (this.statements.get(sql).all(...params) as NftRow[]).map(renderNft);
    const last = nfts.at(-1);
    const next = boundsNextLink(
      `/api/v1/accounts/${accountText}/nfts`, raw,
      { count: nfts.length, limit: query.limit, order: query.order },
      { primary: query.token, secondary: query.serial },
      last && { primary: String(last.token_id), secondary: String(last.serial_number) },
      parseTokenId,
    );
    return { status: 200, body: { nfts, links: { next } }, next };
  }
}
