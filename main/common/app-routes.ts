/**
 * Hash routes into the renderer that main also needs (a desktop notification opens an incident).
 * Imported by main and renderer; no Node or DOM APIs.
 */
import type { StatusNotification } from './status-types.ts';

/** The Status screen, showing one incident or maintenance. */
export function statusIncidentHash(id: string): string {
  return `#/status?incident=${encodeURIComponent(id)}`;
}

export const STATUS_HASH = '#/status';

/** Where clicking a status notification goes: its incident, or the Status screen for a summary of several. */
export function statusNotificationHash(notification: Pick<StatusNotification, 'kind' | 'id'>): string {
  return notification.kind === 'poll.summary' ? STATUS_HASH : statusIncidentHash(notification.id);
}
