/**
 * Settings of the mirror REST API. The shape mirrors the reference's `hiero.mirror.rest`
 * configuration so that the `config` blocks of its spec cases merge in unchanged.
 */
export interface MirrorApiConfig {
  shard: number;
  realm: number;
  response: {
    limit: {
      default: number;
      max: number;
      tokenBalance: { multipleAccounts: number };
    };
    /** The reference's production default leaves `delegation_address` out of account rows. */
    enableDelegationAddress: boolean;
  };
  query: {
    maxRepeatedQueryParameters: number;
  };
}

/** The upper bound the interface specification puts on `limit`, whatever is configured. */
export const SPEC_MAX_LIMIT = 100;

export function defaultMirrorApiConfig(): MirrorApiConfig {
  return {
    shard: 0,
    realm: 0,
    response: {
      limit: { default: 25, max: SPEC_MAX_LIMIT, tokenBalance: { multipleAccounts: 50 } },
      enableDelegationAddress: false,
    },
    query: { maxRepeatedQueryParameters: 100 },
  };
}

/** Deep-merges plain objects; arrays and scalars in `patch` replace what is in `base`. */
export function mergeConfig<T>(base: T, patch: unknown): T {
  if (!isPlainObject(base) || !isPlainObject(patch)) return (patch === undefined ? base : patch) as T;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) out[key] = mergeConfig(out[key], value);
  return out as T;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
