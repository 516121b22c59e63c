import { LISTED_TOKEN_BALANCES } from '../common/listed-token-balances.ts';

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
      /** Token balances per account: in lists, and for one account (GET /accounts/{id}). */
      tokenBalance: { multipleAccounts: number; singleAccount: number };
    };
    /** The reference's production default leaves `delegation_address` out of account rows. */
    enableDelegationAddress: boolean;
  };
  /** How GET /api/v1/network/supply?q=... writes amounts (the reference's `network.currencyFormat`, default BOTH). */
  network?: { currencyFormat?: 'BOTH' | 'HBARS' | 'TINYBARS' };
  query: {
    maxRepeatedQueryParameters: number;
    /**
     * Bound an open-ended transactions timestamp range to 60 days (the reference's
     * `query.bindTimestampRange`, off by default); the next link then covers the rest.
     */
    bindTimestampRange?: boolean;
    /** The bound's width in nanoseconds (the reference's default: 60 days). */
    maxTransactionsTimestampRangeNs?: number | bigint;
  };
  /** POST /api/v1/contracts/call (absent: the specification's defaults, see contracts/call/call-limits.ts). */
  contractCall?: {
    /** Gas a call may ask for (default 15 million). */
    maxGasLimit?: number;
    /** Gas all calls together may use per second (default and maximum 1,000,000,000). */
    gasPerSecond?: number;
    /** Chain id the EVM reports (CHAINID); Hedera mainnet's 295 unless configured. */
    chainId?: number;
  };
}

/** The upper bound the interface specification puts on `limit`, whatever is configured. */
export const SPEC_MAX_LIMIT = 100;

export function defaultMirrorApiConfig(): MirrorApiConfig {
  return {
    shard: 0,
    realm: 0,
    response: {
      limit: { default: 25, max: SPEC_MAX_LIMIT, tokenBalance: { multipleAccounts: LISTED_TOKEN_BALANCES, singleAccount: 1000 } },
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
