import type { NotificationSettings, StatusNotificationKind } from '../../common/status-types.ts';

/** Which notifications reach the user (the API's own type). Held-back ones are still recorded as seen. */
export type { NotificationSettings };

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = { quiet: false, impacts: null, componentIds: null };

/**
 * The choice among `impacts` a notification answers to. A maintenance's is `maintenance`, whatever
 * impact its page gave it (mostly none or minor on Statuspage: filtering by that would let the
 * "No impact" or "Minor" choice decide, not the "Maintenance" one); an incident's is its impact.
 */
function impactChoiceOf(kind: StatusNotificationKind, impact: string | null): string {
  return kind.startsWith('maintenance.') ? 'maintenance' : (impact ?? 'none');
}

export function shouldDeliver(settings: NotificationSettings, kind: StatusNotificationKind, impact: string | null, componentIds: readonly string[]): boolean {
  if (settings.quiet) return false;
  if (settings.impacts !== null && !settings.impacts.includes(impactChoiceOf(kind, impact))) return false;
  if (settings.componentIds !== null && componentIds.length > 0) {
    const wanted = settings.componentIds;
    if (!componentIds.some((id) => wanted.includes(id))) return false;
  }
  return true;
}

function stringList(value: unknown, field: string): string[] | null {
  if (value === null || value === undefined) return null;
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw new TypeError(`${field} must be an array of strings or null`);
  }
  return [...new Set(value as string[])];
}

/** Checks settings coming from the UI or from storage; throws a TypeError naming the bad field. */
export function readNotificationSettings(value: unknown): NotificationSettings {
  if (typeof value !== 'object' || value === null) throw new TypeError('settings must be an object');
  const input = value as Record<string, unknown>;
  if (input.quiet !== undefined && typeof input.quiet !== 'boolean') throw new TypeError('quiet must be a boolean');
  return {
    quiet: (input.quiet as boolean | undefined) ?? false,
    impacts: stringList(input.impacts, 'impacts'),
    componentIds: stringList(input.componentIds, 'componentIds'),
  };
}
