import type { StatusNotification } from '../../../main/common/status-types.ts';
import { statusNotificationHash } from '../../../main/common/app-routes.ts';

/** The part of the browser's Notification API this uses; absent in browsers without it. */
export interface NotificationApi {
  readonly permission: 'default' | 'granted' | 'denied';
  requestPermission(): Promise<'default' | 'granted' | 'denied'>;
  new (title: string, options: { body: string; tag: string }): { onclick: ((event: unknown) => void) | null; close(): void };
}

export type BrowserNotifyState = 'unsupported' | 'default' | 'granted' | 'denied';

export function browserNotifyState(api: NotificationApi | undefined): BrowserNotifyState {
  return api ? api.permission : 'unsupported';
}

/**
 * Shows a status notification as a browser notification, when the user has allowed them.
 * Only in the web UI: the desktop app raises its own through Electron. The tag is per record and
 * update, so a notification re-delivered on reconnect (or shown by another tab) replaces itself
 * instead of stacking.
 * Clicking focuses the tab and opens the incident (the Status screen for a summary of many).
 * Returns whether one was shown.
 */
export function showBrowserNotification(api: NotificationApi | undefined, notification: StatusNotification, open: (hash: string) => void, focus: () => void): boolean {
  if (!api || api.permission !== 'granted') return false;
  try {
    const shown = new api(notification.title, { body: notification.body, tag: notificationTag(notification) });
    shown.onclick = () => {
      focus();
      open(statusNotificationHash(notification));
      shown.close();
    };
    return true;
  } catch {
    // Some browsers only allow notifications from a service worker: the in-app toast still shows.
    return false;
  }
}

/**
 * A summary has no record of its own: its seq (that of the last notification it stands for) tells
 * one poll's from the next, whose summary would otherwise replace an unread earlier one in silence.
 */
function notificationTag(notification: StatusNotification): string {
  if (notification.kind === 'poll.summary') return `summary:${notification.seq}`;
  return `${notification.id}:${notification.updateId ?? notification.kind}`;
}
