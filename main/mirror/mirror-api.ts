import type { FastifyInstance } from 'fastify';
import { AccountsService } from './accounts/accounts-service.ts';
import type { MirrorApiConfig } from './config.ts';
import { buildMirrorServer } from './http/mirror-server.ts';
import type { LedgerStore } from './store/ledger-store.ts';

/** The mirror API over one store: its services and the HTTP app that serves them. */
export interface MirrorApi {
  accounts: AccountsService;
  server: FastifyInstance;
}

export interface MirrorApiOptions {
  /** On by default; the benchmark turns it off to measure the queries themselves. */
  responseCache?: boolean;
}

export function createMirrorApi(store: LedgerStore, config: () => MirrorApiConfig, hostCheck: boolean, options: MirrorApiOptions = {}): MirrorApi {
  const accounts = new AccountsService(store.db, config);
  return { accounts, server: buildMirrorServer({ accounts, db: store.db, config, hostCheck, responseCache: options.responseCache }) };
}
