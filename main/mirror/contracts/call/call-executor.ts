import { createCustomCommon, Hardfork, Mainnet } from '@ethereumjs/common';
import { createEVM, type EVMResult, type InterpreterStep } from '@ethereumjs/evm';
import { Address, createZeroAddress } from '@ethereumjs/util';
import type { StatementCache } from '../../query/statement-cache.ts';
import type { CallLimits } from './call-limits.ts';
import type { CallRequest } from './call-params.ts';
import { LedgerState, type StateView } from './ledger-state.ts';
import { systemContractStubs } from './system-contracts.ts';

/** The block a call runs in: its number and end (consensus timestamps in ns). */
export interface CallBlock {
  number: bigint;
  timestamp: bigint;
}

/** Watches every executed instruction (the opcode tracer); may be async. */
export type StepListener = (step: InterpreterStep, state: LedgerState) => void | Promise<void>;

export interface CallOutcome {
  success: boolean;
  /** The EVM's error name when not successful (`revert`, `out of gas`, ...). */
  error: string | null;
  returnValue: Buffer;
  /** Gas a transaction would be charged: intrinsic gas plus execution gas. */
  gasUsed: bigint;
}

const TX_GAS = 21_000n;
const ZERO_BYTE_GAS = 4n;
const NONZERO_BYTE_GAS = 16n;
/** A creation's extra intrinsic gas, and its charge per 32-byte word of init code (EIP-3860). */
const TX_CREATE_GAS = 32_000n;
const INIT_CODE_WORD_GAS = 2n;

/**
 * Intrinsic gas of a transaction with this call data (the part the EVM itself does not charge);
 * a creation (no `to`) pays for creating and for its init code's words on top.
 */
export function intrinsicGas(data: Uint8Array, creation: boolean): bigint {
  let gas = TX_GAS;
  for (const byte of data) gas += byte === 0 ? ZERO_BYTE_GAS : NONZERO_BYTE_GAS;
  if (creation) gas += TX_CREATE_GAS + INIT_CODE_WORD_GAS * BigInt(Math.ceil(data.length / 32));
  return gas;
}

/**
 * Runs a call in a real EVM (@ethereumjs/evm, Cancun rules) over the store's contract code
 * and storage. Nothing is written back. Hedera system contracts throw SystemContractUnavailable.
 */
export async function executeCall(
  statements: StatementCache,
  request: CallRequest,
  gasLimit: bigint,
  block: CallBlock,
  view: StateView,
  limits: CallLimits,
  shardRealm: { shard: number; realm: number },
  onStep?: StepListener,
): Promise<CallOutcome> {
  const intrinsic = intrinsicGas(request.data, request.to.length === 0);
  if (gasLimit < intrinsic) return { success: false, error: 'out of gas', returnValue: Buffer.alloc(0), gasUsed: gasLimit };
  const common = createCustomCommon({ chainId: limits.chainId }, Mainnet, { hardfork: Hardfork.Cancun });
  const state = new LedgerState(statements, view, shardRealm.shard, shardRealm.realm, request.stateOverrides);
  const evm = await createEVM({ common, stateManager: state, customPrecompiles: systemContractStubs() });
  if (onStep) {
    evm.events.on('step', (step: InterpreterStep, resolve?: (result?: unknown) => void) => {
      Promise.resolve(onStep(step, state)).then(() => resolve?.(), () => resolve?.());
    });
  }
  const caller = request.from ? new Address(request.from) : createZeroAddress();
  const result: EVMResult = await evm.runCall({
    caller,
    origin: caller,
    // An empty `to` creates a contract from the call data (a replayed contract creation).
    to: request.to.length === 0 ? undefined : new Address(request.to),
    data: request.data,
    value: request.value ?? 0n,
    gasLimit: gasLimit - intrinsic,
    gasPrice: request.gasPrice ?? 0n,
    skipBalance: true,
    block: {
      header: {
        number: block.number,
        coinbase: createZeroAddress(),
        timestamp: block.timestamp / 1_000_000_000n,
        difficulty: 0n,
        prevRandao: new Uint8Array(32),
        gasLimit: BigInt(limits.maxGasLimit),
        baseFeePerGas: 0n,
        getBlobGasPrice: () => 0n,
      },
    },
  });
  const exec = result.execResult;
  return {
    success: exec.exceptionError === undefined,
    error: exec.exceptionError?.error ?? null,
    returnValue: Buffer.from(exec.returnValue),
    gasUsed: intrinsic + exec.executionGasUsed,
  };
}
