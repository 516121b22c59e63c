import type { FastifyInstance } from 'fastify';
import type { MirrorApiConfig } from '../config.ts';
import type { SqliteDatabase } from '../store/ledger-store.ts';
import type { ReadThrough } from './read-through.ts';
import { registerBalancesRoutes } from '../balances/balances-route.ts';
import { registerContractsRoutes } from '../contracts/contracts-route.ts';
import { registerTokensRoutes } from '../tokens/tokens-route.ts';
import { registerAccountTokensRoutes } from '../account-tokens/account-tokens-route.ts';
import { registerAccountNftsRoutes } from '../account-nfts/account-nfts-route.ts';
import { registerAllowancesRoutes } from '../allowances/allowances-route.ts';
import { registerAirdropsRoutes } from '../airdrops/airdrops-route.ts';
import { registerRewardsRoutes } from '../rewards/rewards-route.ts';
import { registerHooksRoutes } from '../hooks/hooks-route.ts';
import { registerTransactionsRoutes } from '../transactions/transactions-route.ts';
import { registerAccountByIdRoutes } from '../account-by-id/account-by-id-route.ts';
import { registerTopicsRoutes } from '../topics/topics-route.ts';
import { registerSchedulesRoutes } from '../schedules/schedules-route.ts';
import { registerNetworkRoutes } from '../network/network-route.ts';
import { registerBlocksRoutes } from '../blocks/blocks-route.ts';
import { registerDocsRoutes } from '../openapi/docs-route.ts';

/** What a group of mirror routes gets to build its repositories and read its settings. */
export interface MirrorRouteContext {
  db: SqliteDatabase;
  config: () => MirrorApiConfig;
  /** Fetches by-id entities the store lacks from an upstream (a synced profile); absent: the store alone answers. */
  readThrough?: ReadThrough;
}

/** Registers one resource's routes (tokens, transactions, ...) on the mirror server. */
export type MirrorRouteModule = (app: FastifyInstance, context: MirrorRouteContext) => void;

/**
 * Every resource group beside the accounts list, one module per group. Registration order
 * does not matter: Fastify matches static path segments before parameters.
 */
export const MIRROR_ROUTE_MODULES: readonly MirrorRouteModule[] = [
  registerBalancesRoutes,
  registerContractsRoutes,
  registerTokensRoutes,
  registerAccountTokensRoutes,
  registerAccountNftsRoutes,
  registerAllowancesRoutes,
  registerAirdropsRoutes,
  registerRewardsRoutes,
  registerHooksRoutes,
  registerTransactionsRoutes,
  registerAccountByIdRoutes,
  registerTopicsRoutes,
  registerSchedulesRoutes,
  registerNetworkRoutes,
  registerBlocksRoutes,
  registerDocsRoutes,
];
