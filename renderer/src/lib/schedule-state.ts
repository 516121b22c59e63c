import { SCHEDULE_DEFAULT_LIFETIME_SECONDS } from '../../../main/mirror/schedules/schedule-lifetime.ts';
import type { ScheduleInfo } from './ledger-types.ts';

export type ScheduleState = 'executed' | 'deleted' | 'expired' | 'pending';

/** The badge tone of each state (app.css `data-tone`). */
export const SCHEDULE_STATE_TONE: Readonly<Record<ScheduleState, 'ok' | 'critical' | 'minor' | 'none'>> = {
  executed: 'ok', deleted: 'critical', expired: 'minor', pending: 'none',
};

/**
 * When the network drops the schedule unless it executed first, as a mirror timestamp
 * (`seconds.nanos`): its expiration time, or the default lifetime after its creation.
 */
export function scheduleExpiry(schedule: Pick<ScheduleInfo, 'expiration_time' | 'consensus_timestamp'>): string {
  if (schedule.expiration_time !== null) return schedule.expiration_time;
  const parts = /^(\d+)\.(\d+)$/.exec(schedule.consensus_timestamp);
  // An answer not shaped like a timestamp is shown as it came rather than guessed at.
  if (!parts) return schedule.consensus_timestamp;
  return `${BigInt(parts[1]!) + BigInt(SCHEDULE_DEFAULT_LIFETIME_SECONDS)}.${parts[2]}`;
}

/**
 * Where a schedule stands. The mirror records an execution and a deletion but not an expiry: a
 * schedule that neither executed nor was deleted by its expiration time was dropped by the
 * network, while the mirror keeps showing it as it was. So one whose expiry has passed (against
 * `nowMs`, the wall clock) reads "expired" rather than "pending".
 */
export function scheduleState(
  schedule: Pick<ScheduleInfo, 'executed_timestamp' | 'deleted' | 'expiration_time' | 'consensus_timestamp'>,
  nowMs: number,
): ScheduleState {
  if (schedule.executed_timestamp) return 'executed';
  if (schedule.deleted) return 'deleted';
  const expiresSeconds = Number.parseFloat(scheduleExpiry(schedule));
  return Number.isFinite(expiresSeconds) && expiresSeconds * 1000 <= nowMs ? 'expired' : 'pending';
}

/**
 * What the Executed field says of a schedule with no execution: "not yet" only while it may still
 * run. A deleted or expired one was dropped by the network and never will.
 */
export function unexecutedText(state: Exclude<ScheduleState, 'executed'>): string {
  return state === 'pending' ? 'not yet' : `never (${state})`;
}
