import { markStoreDamaged } from '../mirror/store/open-or-set-aside.ts';
import type { NetworkProfile } from './network-profiles.ts';

/**
 * A profile's ledger store proved damaged while open (a query, the demo generation or the sync
 * read or wrote a page SQLite found corrupt): marks the file so that the profile's next opening moves it aside
 * and starts a new one (`markStoreDamaged` says why not at once), writes one line to the log,
 * and returns what the profile's status tells the user: what happened and what to do.
 */
export function markDamagedStore(profile: NetworkProfile, file: string, reason: string, log: (line: string) => void): string {
  const rebuilt = profile.source === 'demo' ? 'the demo ledger is generated again' : 'the sync starts over';
  try {
    markStoreDamaged(file, reason);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    log(`${profile.name}: the ledger store ${file} is damaged (${reason}), and it could not be marked to be moved aside (${why})`);
    return `The stored ledger is damaged (${reason}) and could not be marked to be rebuilt (${why}). Quit Mirrordesk and move ${file} aside: ${rebuilt} at the next start.`;
  }
  log(`${profile.name}: the ledger store ${file} is damaged (${reason}); it is moved aside and rebuilt when the profile is next opened`);
  return `The stored ledger is damaged (${reason}). Restart Mirrordesk, or open another network profile and come back to this one: the damaged file is then moved aside and ${rebuilt}.`;
}
