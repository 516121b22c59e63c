import type { FastifyInstance } from 'fastify';
import type { MirrorRouteContext } from '../http/mirror-routes.ts';
import { asksPastMoment, PAST_BALANCES, relayedRoute, relayedWhen, withReadThrough } from '../http/read-through.ts';
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
  get('/:tokenId/balances', CACHE_SECONDS.balances,
    relayedWhen(context.readThrough, asksPastMoment, `${TOKENS_PATH}/:tokenId/balances`, (raw, params) => holders.balances(raw, params.tokenId!), PAST_BALANCES));
  // A synced store copies no NFTs: there, the upstream's answers (see relayedRoute).
  const nftsRelayed = (path: string, handle: Parameters<typeof registerMirrorGet>[4]): void =>
    get(path, CACHE_SECONDS.nfts, relayedRoute(context.readThrough, `${TOKENS_PATH}${path}`, handle, { notHeld: 'NFTs', remember: true }));
  nftsRelayed('/:tokenId/nfts', (raw, params) => nfts.nfts(raw, params.tokenId!));
  nftsRelayed('/:tokenId/nfts/:serialNumber', (raw, params) => nfts.nft(raw, params.tokenId!, params.serialNumber!));
  nftsRelayed('/:tokenId/nfts/:serialNumber/transactions', (raw, params) => nfts.nftTransactions(raw, params.tokenId!, params.serialNumber!));
}
