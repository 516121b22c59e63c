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

export function createMirrorApi(store: LedgerStore, config: () => MirrorApiConfig, hostCheck: boolean): MirrorApi {
  const accounts = new AccountsService(store.db, config);
  return { accounts, server: buildMirrorServer({ accounts, db: store.db, config, hostCheck }) };
}
