import type { MirrorApiConfig } from '../config.ts';
import type { SqliteDatabase } from '../store/ledger-store.ts';
import { StatementCache } from './statement-cache.ts';

/**
 * What each endpoint service over the ledger store starts from: the store's database, its own
 * cache of the statements it prepares there, and the API configuration, read per request
 * rather than kept, so that a changed configuration applies from the next request.
 */
export abstract class StoreService {
  protected readonly db: SqliteDatabase;
  protected readonly statements: StatementCache;
  protected readonly config: () => MirrorApiConfig;

  constructor(db: SqliteDatabase, config: () => MirrorApiConfig) {
    this.db = db;
    this.statements = new StatementCache(db);
    this.config = config;
  }
}
