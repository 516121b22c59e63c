import type { ApiResult } from '../../../main/common/api-contract.ts';
import type { ContractResult } from './ledger-types.ts';
import { mirrorGet, mirrorPath, type MirrorReader } from './mirror-source.ts';
import { taskGate } from './task-gate.ts';

/** A page's rows are read a few at a time, not 25 at once (see taskGate). */
const reading = taskGate(4);
const NOT_ASKED: ApiResult<never> = { ok: false, error: { code: 'unavailable', message: 'Not read: no longer shown', details: [] } };

/**
 * A contract result's code (SUCCESS, CONTRACT_REVERT_EXECUTED, …), as transactions show theirs.
 * A contract's own result list leaves it out (as the reference's does); a row from that list is
 * then read whole, by its contract and timestamp. Its error message cannot stand in: the
 * reference's own cases have successes with one and a revert without. Null where the answer
 * names no code either. A read whose row has gone by its turn (`signal` aborted: the user moved
 * on) is not made, so that the next screen's reads do not wait behind a page nobody sees.
 */
export async function contractResultCode(api: MirrorReader, contractId: string, row: Pick<ContractResult, 'result' | 'timestamp'>, signal?: AbortSignal): Promise<ApiResult<string | null>> {
  if (row.result) return { ok: true, value: row.result };
  const whole = await reading(async () => signal?.aborted
    ? NOT_ASKED
    : mirrorGet<Partial<Pick<ContractResult, 'result'>> | null>(api, mirrorPath(['contracts', contractId, 'results', row.timestamp])));
  return whole.ok ? { ok: true, value: whole.value?.result || null } : whole;
}
