import type { SqliteDatabase } from '../../mirror/store/ledger-store.ts';
import { VerificationJobs } from '../api/verification-jobs.ts';
import type { CodeNowReader } from '../chain/code-now.ts';
import { CompileCache } from '../compilers/compile-cache.ts';
import { VerifiedRepository } from '../repository/verified-repository.ts';
import { SessionStore } from '../sessions/session-store.ts';
import { openVerifyDb } from './verify-db.ts';

/** What the verification service keeps in its database. */
export interface VerifyStores {
  db: SqliteDatabase;
  compileCache: CompileCache;
  repository: VerifiedRepository;
  sessions: SessionStore;
  jobs: VerificationJobs;
}

export interface VerifyStoresOptions {
  /** Told of the compile cache's database failures, which must not fail a compile (CompileCache). */
  onCacheFailure: (error: unknown) => void;
  /** The code at an address now, which a stored verification is held to (VerifiedRepository); none: every one stands. */
  codeNow?: CodeNowReader;
  log: (line: string) => void;
}

/**
 * Opens the verification database and builds what lives in it. Each of them reads its tables
 * once as it is built (the compile cache its clock, the repository its unhashed sources, the jobs
 * those a stopped process left running): done here, inside the opening, damage those reads find
 * sets the file aside as a damaged header does (`openOrSetAside`), where it stopped the app from
 * starting. The file is closed again when any of them fails.
 */
export function openVerifyStores(file: string, options: VerifyStoresOptions): VerifyStores {
  const db = openVerifyDb(file);
  try {
    return {
      db,
      compileCache: new CompileCache(db, { onFailure: options.onCacheFailure }),
      repository: new VerifiedRepository(db, options.codeNow),
      sessions: new SessionStore(db),
      jobs: new VerificationJobs(db, { log: options.log }),
    };
  } catch (error) {
    db.close();
    throw error;
  }
}
