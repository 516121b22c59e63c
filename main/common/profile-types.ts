/**
 * Network profiles as the typed API lists and edits them (`network/profiles*` channels).
 * Imported by main, preload and renderer: types, and the one bound both of main's checks share.
 */

/** EVM chain ids are positive and fit 32 bits in practice (EIP-2294 caps them lower still): the profile form and `serve --chain-id` take 1 to this. */
export const MAX_CHAIN_ID = 4_294_967_295;

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
  /** What the menu must tell of the saved profiles (their file could not be read and was moved aside, or entries of it were left out); null: nothing. */
  notice: string | null;
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
 * has none yet), one that answered with an error, something that is not a mirror node, or nothing
 * (`reason`: why, in a few words, for a form that saves it anyway to say).
 */
export type UpstreamCheck =
  | { kind: 'mirror'; newestTransaction: string | null }
  | { kind: 'failing'; message: string }
  | { kind: 'not-mirror'; message: string }
  | { kind: 'unreachable'; message: string; reason: string };
