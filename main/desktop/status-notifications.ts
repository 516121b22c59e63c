import { Notification } from 'electron';
import { statusNotificationHash } from '../common/app-routes.ts';
import type { StatusNotification } from '../common/status-types.ts';
import type { ApiEventBus } from '../services/event-bus.ts';

export interface StatusNotificationDeps {
  events: ApiEventBus;
  /** Shows the app window at a hash route (the incident on the Status screen). */
  openHash: (hash: string) => void;
  log: (line: string) => void;
}

/**
 * Linux notification daemons often never report `close`; keeping only the latest few bounds memory
 * while leaving every notification a user could still click alive.
 */
export const MAX_KEPT_NOTIFICATIONS = 20;

/**
 * Raises an OS notification for every delivered status notification: a poll's news come one per
 * incident, or as one summary when there are many (main/services/poll-notifications.ts). Each is
 * kept referenced until it is clicked or closed: a garbage-collected Notification loses its click
 * handler. Clicking opens the incident in the app, or the Status screen for a summary. Returns the
 * unsubscriber.
 */
export function showStatusNotifications(deps: StatusNotificationDeps): { stop: () => void; kept: () => number } {
  const kept = new Set<Notification>();
  if (!Notification.isSupported()) {
    deps.log('status: this desktop has no notification service; the tray and the Status screen still show incidents');
    return { stop: () => undefined, kept: () => 0 };
  }
  const show = (notification: StatusNotification): void => {
    const shown = new Notification({
      title: notification.title,
      body: notification.body,
      urgency: notification.impact === 'critical' || notification.impact === 'major' ? 'critical' : 'normal',
    });
    const release = (): void => {
      kept.delete(shown);
    };
    shown.on('click', () => {
      release();
      deps.openHash(statusNotificationHash(notification));
    });
    shown.on('close', release);
    shown.on('failed', (_event, error) => {
      release();
      deps.log(`status: notification failed: ${error}`);
    });
    kept.add(shown);
    while (kept.size > MAX_KEPT_NOTIFICATIONS) kept.delete(kept.values().next().value!);
    shown.show();
  };
  const stop = deps.events.on('status/notification', show);
  return { stop, kept: () => kept.size };
}
