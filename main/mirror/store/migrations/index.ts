import { migration001 } from './001-entities-and-balances.ts';
import { migration002 } from './002-tokens-nfts-allowances.ts';
import { migration003 } from './003-transactions-topics-network.ts';
import { migration004 } from './004-contracts.ts';
import { migration005 } from './005-sync-state.ts';
import { migration006 } from './006-covering-transfer-index.ts';
import { migration007 } from './007-covering-token-holder-index.ts';
import { migration008 } from './008-followed-since.ts';
import { migration009 } from './009-transaction-hash-timestamp-index.ts';
import { migration010 } from './010-airdrops-allowances-registered-nodes.ts';
import { migration011 } from './011-node-registered-nodes.ts';
import { migration012 } from './012-transaction-looked-up.ts';

export interface Migration {
  version: number;
  name: string;
  sql: string;
  /**
   * Run after `sql` only on a store that has planner statistics (sqlite_stat1), to renew those
   * the change dropped; a store without any keeps none, rather than statistics for one index.
   */
  ifAnalyzed?: string;
}

/** Every schema change in order. Append only: a released migration is never edited. */
export const MIGRATIONS: readonly Migration[] = [migration001, migration002, migration003, migration004, migration005, migration006, migration007, migration008, migration009, migration010, migration011, migration012];
