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
