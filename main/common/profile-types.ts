/**
 * Network profiles as the typed API lists and edits them (`network/profiles*` channels).
 * Imported by main, preload and renderer: types only.
 */
export interface ProfileSummary {
  name: string;
  /** `builtin`: demo, mainnet, testnet, previewnet; `saved`: a custom profile the user added; `cli`: the one-off `--upstream-mirror` profile. */
  kind: 'builtin' | 'saved' | 'cli';
  source: 'demo' | 'upstream';
  mirrorUrl: string | null;
  statusUrl: string | null;
  chainId: number | null;
}

export interface ProfileList {
  /** The open profile's name. */
  active: string;
  profiles: ProfileSummary[];
}

/** A custom profile to add, or (with `previousName`) to replace. */
export interface CustomProfileInput {
  name: string;
  mirrorUrl: string;
  statusUrl: string | null;
  chainId: number | null;
  previousName?: string;
}

/**
 * What a mirror URL turned out to be when asked (`network/profiles/check`), before a profile is
 * saved with it: a mirror node (with its newest transaction's consensus timestamp, null when it
 * has none yet), one that answered with an error, something that is not a mirror node, or nothing.
 */
export type UpstreamCheck =
  | { kind: 'mirror'; newestTransaction: string | null }
  | { kind: 'failing'; message: string }
  | { kind: 'not-mirror'; message: string }
  | { kind: 'unreachable'; message: string };
