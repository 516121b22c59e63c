import type { SyncStatus } from '../../../../main/common/api-contract.ts';
import { formatCount, formatTimestamp } from '../../lib/format.ts';
import { nanosToTimestamp, timestampToNanos } from '../../lib/ledger-format.ts';

const NANOS_PER_DAY = 86_400n * 1_000_000_000n;

/** "of the last day", "of the last 7 days": which followed transactions a keep period keeps. */
export function keptDaysWords(days: number): string {
  return `of the last ${days === 1 ? 'day' : formatCount(days, 'day')}`;
}

/**
 * Whether keeping `next` days (null: all) instead of `current` deletes stored transactions: a
 * shorter period does, at once (SyncEngine.keepDays); a longer one, or all, deletes nothing.
 */
export function retentionDeletes(current: number | null, next: number | null): boolean {
  return next !== null && (current === null || next < current);
}

/**
 * What applying a shorter keep period asks before it deletes anything, saying what goes
 * (FollowedRetention.prune): the transactions before the boundary, counted in ledger time back from
 * the newest one followed, with what hangs off them, including those opened by id or fetched into
 * an account's history. Null when the choice deletes nothing: it is applied without a question.
 */
export function retentionQuestion(status: SyncStatus, keepDays: number | null): string | null {
  if (keepDays === null || !retentionDeletes(status.keepDays, keepDays)) return null;
  const period = formatCount(keepDays, 'day');
  const newest = status.lastTransactionTimestamp === null ? null : timestampToNanos(status.lastTransactionTimestamp);
  const which = newest === null
    ? `Once following begins, the store deletes every transaction more than ${period} older than the newest one followed`
    : `The store deletes the older ones now: every transaction before ${formatTimestamp(nanosToTimestamp(newest - BigInt(keepDays) * NANOS_PER_DAY))} (${period} before the newest one followed)`;
  return `Keep only the followed transactions ${keptDaysWords(keepDays)}? ${which},`
    + ' with its transfers and contract results, and the topic messages from before then;'
    + ' transactions opened by id or fetched into an account\'s history go too.'
    + ' Accounts, tokens, contracts and topics stay. From then on, older ones are deleted as following moves on.';
}
