import type { StatementCache } from '../../query/statement-cache.ts';
import { OpcodeTracer, type OpcodeEntry, type TraceOptions } from '../opcode-tracer.ts';
import type { CallLimits } from './call-limits.ts';
import type { CallRequest } from './call-params.ts';
import { executeCall, intrinsicGas, type CallBlock, type CallOutcome } from './call-executor.ts';
import type { StateView } from './ledger-state.ts';
import { SystemContractUnavailable } from './system-contracts.ts';

/** One EVM job: a call (optionally estimated) or a traced replay. Plain data, so it can cross to a worker. */
export interface CallJob {
  request: CallRequest;
  block: CallBlock;
  view: StateView;
  limits: CallLimits;
  shardRealm: { shard: number; realm: number };
  trace?: TraceOptions;
}

export type CallJobResult =
  | { kind: 'done'; outcome: CallOutcome; estimate: bigint | null; opcodes: OpcodeEntry[] | null }
  | { kind: 'system-contract'; address: string; contractName: string };

/** Enough halvings to narrow 15 million gas to a few units. */
const MAX_ESTIMATE_STEPS = 24;

/** Runs a job against the store behind `statements`. */
export async function runCallJob(statements: StatementCache, job: CallJob): Promise<CallJobResult> {
  const tracer = job.trace ? new OpcodeTracer(job.trace) : null;
  const run = (gas: bigint, traced = false): Promise<CallOutcome> =>
    executeCall(statements, job.request, gas, job.block, job.view, job.limits, job.shardRealm, traced ? tracer?.onStep : undefined);
  try {
    const outcome = await run(job.request.gas, true);
    const estimate = outcome.success && job.request.estimate
      ? await estimateGas(run, outcome.gasUsed, job.request.gas, intrinsicGas(job.request.data, job.request.to.length === 0))
      : null;
    return { kind: 'done', outcome, estimate, opcodes: tracer?.entries ?? null };
  } catch (error) {
    if (error instanceof SystemContractUnavailable) return { kind: 'system-contract', address: error.address, contractName: error.contractName };
    throw error;
  }
}

/**
 * The least gas limit the call succeeds with, by bisection between what it used (a lower
 * bound: the 63/64 rule can make a call need more than it uses) and the limit it was given.
 */
async function estimateGas(run: (gas: bigint) => Promise<CallOutcome>, used: bigint, cap: bigint, intrinsic: bigint): Promise<bigint> {
  if ((await run(used)).success) return used;
  let low = used > intrinsic ? used : intrinsic;
  let high = cap;
  for (let step = 0; step < MAX_ESTIMATE_STEPS && high - low > 1n; step++) {
    const middle = (low + high) / 2n;
    if ((await run(middle)).success) high = middle;
    else low = middle;
  }
  return high;
}
