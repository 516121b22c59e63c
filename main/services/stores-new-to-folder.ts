import fs from 'node:fs';
import { COMPANIONS } from '../mirror/store/open-or-set-aside.ts';
import { profileDatabaseFile, type NetworkProfile } from './network-profiles.ts';
import { statusStoreFile } from './profile-store-files.ts';
import { verifyDbFile } from '../verify/store/verify-db.ts';

/**
 * The store files a start on `profile` will create, being not in the folder yet: its ledger, its
 * status page's store (`statusFile`, from the start's statusPlan; null without a status page), the
 * verification store (`withVerify`). A start that fails removes them
 * (removeNewStores): a store newer than this build refused, or a port taken since it was checked,
 * must not leave a fresh, unused store beside it (a demo ledger half generated, an empty status
 * store). Taken before anything opens. A status store is not counted new while the unkeyed one is
 * there: opening the profile may move that one into its place (adoptUnkeyedStatusStore).
 */
export function storesNewToFolder(profile: NetworkProfile, dataDir: string, statusFile: string | null, withVerify: boolean): string[] {
  const files = [profileDatabaseFile(profile, dataDir)];
  if (statusFile !== null && !fs.existsSync(statusStoreFile(profile.name, dataDir, null))) files.push(statusFile);
  if (withVerify) files.push(verifyDbFile(dataDir));
  return files.filter((file) => !fs.existsSync(file));
}

/**
 * Removes stores a failed start created (storesNewToFolder), once closed, with their WAL companions.
 * Every file is tried, one that cannot be removed (held busy on Windows) not keeping the others;
 * then the first failure is thrown, naming the files left.
 */
export function removeNewStores(files: readonly string[]): void {
  const left: string[] = [];
  let first: Error | null = null;
  for (const file of files) {
    for (const part of ['', ...COMPANIONS]) {
      try {
        fs.rmSync(file + part, { force: true });
      } catch (error) {
        left.push(file + part);
        first ??= error as Error;
      }
    }
  }
  if (first) throw new Error(`${left.join(', ')} could not be removed (${first.message}); remove ${left.length === 1 ? 'it' : 'them'} by hand`, { cause: first });
}
