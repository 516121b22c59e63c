import type { FastifyInstance } from 'fastify';
import { AccountsService } from './accounts/accounts-service.ts';
import type { MirrorApiConfig } from './config.ts';
import { buildMirrorServer, type MirrorServerDeps } from './http/mirror-server.ts';
import type { ReadThrough } from './http/read-through.ts';
import type { LedgerStore } from './store/ledger-store.ts';

/** The mirror API over one store: its services and the HTTP app that serves them. */
export interface MirrorApi {
  accounts: AccountsService;
  server: FastifyInstance;
}

export interface MirrorApiOptions {
  /** On by default; the benchmark turns it off to measure the queries themselves. */
  responseCache?: boolean;
  /** By-id lookups of entities the store lacks go to this (a synced profile's upstream). */
  readThrough?: ReadThrough;
  /** Where unexpected failures are written; absent: the console. */
  log?: (line: string) => void;
  /** A query found the store damaged (see `MirrorServerDeps`). */
  onStoreDamaged?: MirrorServerDeps['onStoreDamaged'];
  /** Whether the store can answer for the ledger now (see `MirrorServerDeps`). */
  availability?: MirrorServerDeps['availability'];
}

export function createMirrorApi(store: LedgerStore, config: () => MirrorApiConfig, hostCheck: boolean, options: MirrorApiOptions = {}): MirrorApi {
  const accounts = new AccountsService(store.db, config);
  return { accounts, server: buildMirrorServer({ accounts, db: store.db, config, hostCheck, ...options }) };
}
