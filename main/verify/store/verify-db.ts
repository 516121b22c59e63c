import path from 'node:path';
import type { SqliteDatabase } from '../../mirror/store/ledger-store.ts';
import { openAppDatabase } from '../../mirror/store/open-app-database.ts';
import { VERIFY_MIGRATIONS } from './verify-migrations.ts';

/** Opens (creating when needed) the verification database in WAL mode at the newest schema. */
export function openVerifyDb(file: string): SqliteDatabase {
  return openAppDatabase(file, VERIFY_MIGRATIONS, { pragmas: ['foreign_keys = ON'] });
}

/** The verification database of a data folder: one for every network profile there. */
export function verifyDbFile(dataDir: string): string {
  return path.join(dataDir, 'verify.sqlite');
}
