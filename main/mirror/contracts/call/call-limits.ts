import type { MirrorApiConfig } from '../../config.ts';

/** The specification's contract call limits (Limits table), with the operator's overrides. */
export interface CallLimits {
  maxGasLimit: number;
  gasPerSecond: number;
  chainId: number;
}

export const DEFAULT_MAX_GAS_LIMIT = 15_000_000;
/** Default and maximum: an operator may lower the rate, never raise it. */
export const MAX_GAS_PER_SECOND = 1_000_000_000;
/** Call data: 128 KiB, i.e. 262,144 hex digits plus an optional `0x`. */
export const MAX_CALL_DATA_BYTES = 131_072;
export const HEDERA_MAINNET_CHAIN_ID = 295;

export function callLimitsOf(config: MirrorApiConfig): CallLimits {
  const call = config.contractCall ?? {};
  return {
    maxGasLimit: call.maxGasLimit ?? DEFAULT_MAX_GAS_LIMIT,
    gasPerSecond: Math.min(call.gasPerSecond ?? MAX_GAS_PER_SECOND, MAX_GAS_PER_SECOND),
    chainId: call.chainId ?? HEDERA_MAINNET_CHAIN_ID,
  };
}
