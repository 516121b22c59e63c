import type { FastifyInstance } from 'fastify';
import type { MirrorRouteContext } from '../http/mirror-routes.ts';
import { withReadThrough } from '../http/read-through.ts';
import { registerMirrorGet } from '../query/mirror-get.ts';
import { TokenBalancesService } from './token-balances-service.ts';
import { TokenNftsService } from './token-nfts-service.ts';
import { TOKENS_PATH, TokensService } from './tokens-service.ts';

/** Cache lifetimes the reference sets: the list is cached longest, NFTs and balances shortest. */
const CACHE_SECONDS = { list: 10, info: 5, balances: 1, nfts: 1 } as const;

export function registerTokensRoutes(app: FastifyInstance, context: MirrorRouteContext): void {
  const tokens = new TokensService(context.db, context.config);
  const holders = new TokenBalancesService(context.db, context.config);
  const nfts = new TokenNftsService(context.db, context.config);
  const get = (path: string, seconds: number, handle: Parameters<typeof registerMirrorGet>[4]): void =>
    registerMirrorGet(app, `${TOKENS_PATH}${path}`, seconds, context.config, handle);
  get('', CACHE_SECONDS.list, (raw) => tokens.list(raw));
  get('/:tokenId', CACHE_SECONDS.info, withReadThrough(context.readThrough, 'token', 'tokenId', (raw, params) => tokens.info(raw, params.tokenId!)));
  get('/:tokenId/balances', CACHE_SECONDS.balances, (raw, params) => holders.balances(raw, params.tokenId!));
  get('/:tokenId/nfts', CACHE_SECONDS.nfts, (raw, params) => nfts.nfts(raw, params.tokenId!));
  get('/:tokenId/nfts/:serialNumber', CACHE_SECONDS.nfts, (raw, params) => nfts.nft(raw, params.tokenId!, params.serialNumber!));
  get('/:tokenId/nfts/:serialNumber/transactions', CACHE_SECONDS.nfts,
    (raw, params) => nfts.nftTransactions(raw, params.tokenId!, params.serialNumber!));
}
