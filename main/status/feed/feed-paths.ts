/**
 * The upstream Statuspage v2 paths the service reads, by name. Record feeds are merged into the
 * store record by record; passthrough feeds are kept whole and served back as the upstream sent them.
 */
export const RECORD_FEEDS = {
  incidents: '/api/v2/incidents.json',
  unresolved: '/api/v2/incidents/unresolved.json',
  upcoming: '/api/v2/scheduled-maintenances/upcoming.json',
} as const;

export const PASSTHROUGH_FEEDS = {
  summary: '/api/v2/summary.json',
  status: '/api/v2/status.json',
  components: '/api/v2/components.json',
  maintenances: '/api/v2/scheduled-maintenances.json',
  active: '/api/v2/scheduled-maintenances/active.json',
} as const;

export type RecordFeedName = keyof typeof RECORD_FEEDS;
export type PassthroughFeedName = keyof typeof PASSTHROUGH_FEEDS;
export type FeedName = RecordFeedName | PassthroughFeedName;

export const FEED_PATHS: Record<FeedName, string> = { ...RECORD_FEEDS, ...PASSTHROUGH_FEEDS };

export function isRecordFeed(name: FeedName): name is RecordFeedName {
  return Object.hasOwn(RECORD_FEEDS, name);
}

/**
 * Incident statuses that close it (a notification calls them a resolution). Any other status is
 * open: Statuspage uses investigating, identified and monitoring, but the field is free-form, and an
 * incident in a status this app has not heard of is still one nobody has closed.
 */
export const RESOLVED_STATUSES: readonly string[] = ['resolved', 'postmortem'];
/** Maintenance status of an upcoming maintenance. */
export const UPCOMING_STATUS = 'scheduled';
/**
 * A scheduled maintenance's statuses. Some pages list their maintenances in incidents.json too
 * (Telerik's did); a record there in one of these is a maintenance, not an incident: it is never
 * unresolved (Statuspage's unresolved.json leaves maintenances out, whatever their status) and is
 * never notified as an incident (the upcoming list announces it).
 */
export const MAINTENANCE_STATUSES: readonly string[] = [UPCOMING_STATUS, 'in_progress', 'verifying', 'completed'];
/** Statuses that keep a record of the incident feeds out of the unresolved incidents. */
export const NOT_UNRESOLVED_STATUSES: readonly string[] = [...RESOLVED_STATUSES, ...MAINTENANCE_STATUSES];

export function isMaintenanceStatus(status: unknown): boolean {
  return MAINTENANCE_STATUSES.includes(String(status));
}
