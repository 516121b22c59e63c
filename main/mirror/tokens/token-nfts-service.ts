import type { MirrorApiConfig } from '../config.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import type { SqliteDatabase } from '../store/ledger-store.ts';
import { badRequest, NOT_FOUND, type GetOutcome } from '../query/mirror-get.ts';
import { singleKeyNextLink } from '../query/next-link.ts';
import { parsePositiveLong, parseTimestampParam } from '../query/param-values.ts';
import { limitOf, LIMIT_RULE, orderOf, ORDER_RULE, TIMESTAMP_RULE, timestampFiltersOf, validateQuery } from '../query/query-filters.ts';
import { NftTransactionsRepository } from './nft-transactions-repository.ts';
import { parseTokenNftsParams } from './nfts-params.ts';
import { renderNftTransaction } from './render-nft-transaction.ts';
import { renderNft } from './render-nft.ts';
import { INVALID_SERIAL_NUMBER, INVALID_TOKEN_ID, parseSerialNumberPath, parseTokenId } from './token-path-params.ts';
import { TOKENS_PATH } from './tokens-service.ts';
import { TokensRepository } from './tokens-repository.ts';

/** GET /api/v1/tokens/{id}/nfts, one NFT by serial, and one NFT's transaction history. */
export class TokenNftsService {
  readonly #repository: TokensRepository;
  readonly #history: NftTransactionsRepository;
  readonly #config: () => MirrorApiConfig;

  constructor(db: SqliteDatabase, config: () => MirrorApiConfig) {
    this.#repository = new TokensRepository(db);
    this.#history = new NftTransactionsRepository(db);
    this.#config = config;
  }

  nfts(raw: ParsedQuery, tokenIdText: string): GetOutcome {
    const config = this.#config();
    const tokenId = parseTokenId(tokenIdText, config.shard, config.realm);
    if (tokenId === null) return badRequest(INVALID_TOKEN_ID);
    const parsed = parseTokenNftsParams(raw, config);
    if (!parsed.ok) return badRequest(...parsed.messages);
    const { query } = parsed;
    const nfts = this.#repository.nfts(tokenId, query).map(renderNft);
    const page = { count: nfts.length, limit: query.limit, order: query.order };
    const next = singleKeyNextLink(`${TOKENS_PATH}/${tokenIdText}/nfts`, raw, page, 'serialnumber', nfts.at(-1)?.serial_number?.toString(), (v) => parsePositiveLong(v));
    return { status: 200, body: { nfts, links: { next } }, next };
  }

  nft(raw: ParsedQuery, tokenIdText: string, serialText: string): GetOutcome {
    const validated = validateQuery(raw, {});
    if (!validated.ok) return badRequest(...validated.messages);
    const config = this.#config();
    const tokenId = parseTokenId(tokenIdText, config.shard, config.realm);
    if (tokenId === null) return badRequest(INVALID_TOKEN_ID);
    const serial = parseSerialNumberPath(serialText);
    if (serial === null) return badRequest(INVALID_SERIAL_NUMBER);
    const row = this.#repository.nft(tokenId, serial);
    return row ? { status: 200, body: renderNft(row) } : NOT_FOUND;
  }

  nftTransactions(raw: ParsedQuery, tokenIdText: string, serialText: string): GetOutcome {
    const config = this.#config();
    const tokenId = parseTokenId(tokenIdText, config.shard, config.realm);
    if (tokenId === null) return badRequest(INVALID_TOKEN_ID);
    const serial = parseSerialNumberPath(serialText);
    if (serial === null) return badRequest(INVALID_SERIAL_NUMBER);
    const validated = validateQuery(raw, {
      limit: LIMIT_RULE,
      order: ORDER_RULE,
      timestamp: TIMESTAMP_RULE,
    });
    if (!validated.ok) return badRequest(...validated.messages);
    const { filters } = validated;
    const limit = limitOf(filters, config.response.limit);
    const order = orderOf(filters, 'desc');
    const timestamps = timestampFiltersOf(filters);
    const transactions = this.#history.events(tokenId, serial, timestamps, order, limit).map(renderNftTransaction);
    const last = transactions.at(-1)?.consensus_timestamp as string | undefined;
    const page = { count: transactions.length, limit, order };
    const next = singleKeyNextLink(`${TOKENS_PATH}/${tokenIdText}/nfts/${serialText}/transactions`, raw, page, 'timestamp', last, parseTimestampParam);
    // Events without the NFT's mint are an incomplete history: 206, as the reference answers.
    const partial = transactions.length > 0 && !this.#history.hasMint(tokenId, serial);
    return { status: partial ? 206 : 200, body: { transactions, links: { next } }, next };
  }
}
