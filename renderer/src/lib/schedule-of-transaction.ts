/**
 * The schedule an executed scheduled transaction (`scheduled: true`) came from. A scheduled
 * transaction keeps the id of the SCHEDULECREATE that made the schedule (its account is the
 * schedule's creator, who may not be who was charged), so the mirror answers both for that id
 * (`/transactions/{id}`); the creation's entity is the schedule, and the schedule names its payer,
 * who paid the scheduled transaction's fee. The mirror's schedule list has no filter by execution
 * time, so the id is the way there. The nonce too: a contract creating schedules makes each a child
 * record of its call, one id with nonces 1, 2, …, and each scheduled transaction keeps its own.
 */
import type { ApiResult } from '../../../main/common/api-contract.ts';
import type { ScheduleInfo, Transaction } from './ledger-types.ts';
import { mirrorGet, mirrorPath, type MirrorReader } from './mirror-source.ts';
import { settledApiCall } from './settled-api-call.ts';

type Listed = Pick<Transaction, 'transaction_id' | 'nonce' | 'name' | 'result' | 'scheduled' | 'entity_id' | 'consensus_timestamp'>;
type Executed = Pick<Transaction, 'transaction_id' | 'nonce'>;

export interface ScheduleOfTransaction {
  scheduleId: string;
  /** The consensus time of the SCHEDULECREATE. */
  createdAt: string;
  /** The schedule's payer, charged the scheduled transaction's fee; null when the schedule could not be read. */
  payer: string | null;
}

/**
 * The SCHEDULECREATE of the same id and nonce among `transactions` (an answer for that id), a
 * successful one first; null when it is not there.
 */
export function scheduleCreationAmong(transactions: readonly Listed[], executed: Executed): Listed | null {
  const creations = transactions.filter((tx) => tx.transaction_id === executed.transaction_id && tx.nonce === executed.nonce
    && !tx.scheduled && tx.name === 'SCHEDULECREATE' && tx.entity_id);
  return creations.find((tx) => tx.result === 'SUCCESS') ?? creations[0] ?? null;
}

/**
 * The schedule of `tx`, looked for among the page's transactions first (`onPage`: the answer for
 * its id holds the creation too), else asked for (`?scheduled=false&nonce=N`: the creation alone);
 * null when the mirror holds no creation of that id and nonce.
 */
export async function scheduleOfTransaction(api: MirrorReader, tx: Executed, onPage: readonly Listed[] = []): Promise<ApiResult<ScheduleOfTransaction | null>> {
  let creation = scheduleCreationAmong(onPage, tx);
  if (creation === null) {
    const query = { scheduled: 'false', nonce: String(tx.nonce) };
    const answer = await settledApiCall(() => mirrorGet<{ transactions?: Listed[] }>(api, mirrorPath(['transactions', tx.transaction_id], query)));
    if (!answer.ok) return answer.error.code === 'not-found' ? { ok: true, value: null } : answer;
    creation = scheduleCreationAmong(answer.value.transactions ?? [], tx);
  }
  if (creation === null) return { ok: true, value: null };
  const scheduleId = creation.entity_id!;
  const schedule = await settledApiCall(() => mirrorGet<Pick<ScheduleInfo, 'payer_account_id'>>(api, mirrorPath(['schedules', scheduleId])));
  const payer = schedule.ok && typeof schedule.value.payer_account_id === 'string' ? schedule.value.payer_account_id : null;
  return { ok: true, value: { scheduleId, createdAt: creation.consensus_timestamp, payer } };
}
