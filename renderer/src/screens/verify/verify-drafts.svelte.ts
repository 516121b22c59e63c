/**
 * The addresses and creator transaction hashes typed (or filled in) for the Verify screen's
 * contracts, by verification id, per network profile. They outlive the screen, and a reload
 * (sessionStorage), so leaving Verify and coming back does not empty every field and disable every
 * Verify button; the session itself only knows an address once a contract was verified against it.
 */
export interface VerifyDrafts {
  addresses: Record<string, string>;
  txHashes: Record<string, string>;
}

const STORAGE_KEY = 'mirrordesk.verify-drafts';

const byProfile: Record<string, VerifyDrafts> = $state(read());

function read(): Record<string, VerifyDrafts> {
  try {
    const parsed = JSON.parse(globalThis.sessionStorage?.getItem(STORAGE_KEY) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed as Record<string, VerifyDrafts> : {};
  } catch {
    return {};
  }
}

/** The drafts of a profile, created empty the first time, or where storage held something else (call outside a `$derived`). */
export function draftsFor(profile: string): VerifyDrafts {
  const kept = byProfile[profile] as Partial<VerifyDrafts> | undefined;
  const isMap = (value: unknown): boolean => typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!kept || !isMap(kept.addresses) || !isMap(kept.txHashes)) byProfile[profile] = { addresses: {}, txHashes: {} };
  return byProfile[profile]!;
}

/** Keeps the drafts for a reload; storage that refuses (full, disabled) only costs that. */
export function saveDrafts(): void {
  try {
    globalThis.sessionStorage?.setItem(STORAGE_KEY, JSON.stringify($state.snapshot(byProfile)));
  } catch {
    // Nothing to do: the drafts still live until the window closes.
  }
}

/** Forgets a profile's drafts (its session was cleared). */
export function clearDrafts(profile: string): VerifyDrafts {
  byProfile[profile] = { addresses: {}, txHashes: {} };
  saveDrafts();
  return byProfile[profile];
}
