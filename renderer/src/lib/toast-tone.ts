import type { StatusNotification } from '../../../main/common/status-types.ts';
import { impactTone, type StatusTone } from './status-view.ts';

/**
 * The colour of a status notification's toast: a resolution is good news whatever the impact it had;
 * a summary of a poll's news (main/services/poll-notifications.ts) gives no impact when all it
 * stands for were resolved, and is good news then too, not the `minor` an incident of no impact is.
 */
export function toastTone(notification: Pick<StatusNotification, 'kind' | 'impact'>): StatusTone {
  if (notification.kind === 'maintenance.new') return 'maintenance';
  if (notification.kind === 'incident.resolved') return 'ok';
  if (notification.kind === 'poll.summary' && notification.impact === null) return 'ok';
  return impactTone(notification.impact);
}
