import { createHash } from 'node:crypto';
import path from 'node:path';
import { CUSTOM_PROFILE_NAME } from '../common/reserved-profile-names.ts';

/**
 * The network profiles Mirrordesk knows: the embedded demo ledger, the public Hedera networks
 * (filled from their mirror nodes by the sync engine) and custom ones (a local node or Solo).
 */
export interface NetworkProfile {
  name: string;
  source: 'demo' | 'upstream';
  chainId: number | null;
  /**
   * Origin of the network's public Statuspage (its `/api/v2/...` feed), polled for incidents and
   * maintenances. Null for `demo`, whose sample status history is built in.
   */
  statusUrl: string | null;
  /** Base URL of the upstream mirror node REST API the sync engine reads; null for `demo`. */
  mirrorUrl: string | null;
  /** A custom profile (the one-off `--upstream-mirror` one or one the user saved): its store is keyed by its mirror URL. */
  custom?: boolean;
}

/** Hedera's one public status page covers all three networks. */
const HEDERA_STATUS = 'https://status.hedera.com';

const PROFILES: readonly NetworkProfile[] = [
  { name: 'demo', source: 'demo', chainId: null, statusUrl: null, mirrorUrl: null },
  { name: 'mainnet', source: 'upstream', chainId: 295, statusUrl: HEDERA_STATUS, mirrorUrl: 'https://mainnet-public.mirrornode.hedera.com' },
  { name: 'testnet', source: 'upstream', chainId: 296, statusUrl: HEDERA_STATUS, mirrorUrl: 'https://testnet.mirrornode.hedera.com' },
  { name: 'previewnet', source: 'upstream', chainId: 297, statusUrl: HEDERA_STATUS, mirrorUrl: 'https://previewnet.mirrornode.hedera.com' },
];

/** A profile name that no built-in, `custom` or saved profile has. */
export class UnknownProfileError extends Error {}

/**
 * A custom profile (a local node, Solo, any mirror node): its database is keyed by the
 * mirror URL, so two custom upstreams never share a store.
 */
export function customProfile(mirrorUrl: string, statusUrl: string | null, chainId: number | null, name = CUSTOM_PROFILE_NAME): NetworkProfile {
  return { name, source: 'upstream', chainId, statusUrl, mirrorUrl, custom: true };
}

/** The SQLite file of a profile's ledger data in the data folder. */
export function profileDatabaseFile(profile: NetworkProfile, dataDir: string): string {
  if (!profile.custom || profile.mirrorUrl === null) return path.join(dataDir, `${profile.name}.sqlite`);
  const key = createHash('sha256').update(profile.mirrorUrl).digest('hex').slice(0, 12);
  return path.join(dataDir, `${profile.name}-${key}.sqlite`);
}

export function findProfile(name: string): NetworkProfile | undefined {
  return PROFILES.find((profile) => profile.name === name);
}

/** The built-in profiles: demo and the public networks. */
export function builtinProfiles(): readonly NetworkProfile[] {
  return PROFILES;
}

export function profileNames(): string[] {
  return PROFILES.map((profile) => profile.name);
}
