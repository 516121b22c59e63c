/**
 * The network profiles Mirrordesk knows. Only the embedded demo ledger exists so far;
 * upstream profiles (mainnet, testnet, previewnet, custom) come with the sync engine.
 */
export interface NetworkProfile {
  name: string;
  source: 'demo' | 'upstream';
  chainId: number | null;
}

const PROFILES: readonly NetworkProfile[] = [{ name: 'demo', source: 'demo', chainId: null }];

export function findProfile(name: string): NetworkProfile | undefined {
  return PROFILES.find((profile) => profile.name === name);
}

export function profileNames(): string[] {
  return PROFILES.map((profile) => profile.name);
}
