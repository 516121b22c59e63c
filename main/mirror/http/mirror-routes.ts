import type { FastifyInstance } from 'fastify';
import type { MirrorApiConfig } from '../config.ts';
import type { SqliteDatabase } from '../store/ledger-store.ts';

/** What a group of mirror routes gets to build its repositories and read its settings. */
export interface MirrorRouteContext {
  db: SqliteDatabase;
  config: () => MirrorApiConfig;
}

/** Registers one resource's routes (tokens, transactions, ...) on the mirror server. */
export type MirrorRouteModule = (app: FastifyInstance, context: MirrorRouteContext) => void;

/**
 * Every resource group beside the accounts list, one module per group. Registration order
 * does not matter: Fastify matches static path segments before parameters.
 */
export const MIRROR_ROUTE_MODULES: readonly MirrorRouteModule[] = [];
