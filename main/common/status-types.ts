/**
 * Network status as the typed API carries it (the `status/*` channels and events). The status
 * service in main/status uses these same types, so there is one definition of each shape.
 * Records are Statuspage v2 objects exactly as the upstream sent them: the fields below are the
 * ones the app reads; every other field the upstream sent is kept and passed along.
 *
 * Imported by main, preload and renderer: types only.
 */

/** Statuspage impacts, least to most severe. `maintenance` is a scheduled maintenance's impact. */
export type StatusImpact = 'none' | 'maintenance' | 'minor' | 'major' | 'critical';

/** What a poll raises about one incident or maintenance (main/status/notify/transitions.ts); each is recorded. */
export type StatusTransitionKind = 'incident.new' | 'incident.update' | 'incident.resolved' | 'maintenance.new';

/**
 * A transition, or `poll.summary`: one notification in place of those a poll delivers when it has
 * news of more than a few records at once (main/services/poll-notifications.ts). A summary names no
 * record (`id` is ''), is never recorded, and opens the Status screen.
 */
export type StatusNotificationKind = StatusTransitionKind | 'poll.summary';

export interface StatusIncidentUpdate {
  id: string;
  status: string;
  body: string;
  /** Timestamps keep the upstream's text and offset; compare them as instants. */
  created_at: string;
  display_at?: string | null;
  [field: string]: unknown;
}

/** An incident or a scheduled maintenance (maintenances add `scheduled_for` and `scheduled_until`). */
export interface StatusIncident {
  id: string;
  name: string;
  status: string;
  impact?: string | null;
  created_at: string;
  updated_at?: string | null;
  resolved_at?: string | null;
  shortlink?: string | null;
  scheduled_for?: string | null;
  scheduled_until?: string | null;
  /** Newest first, ordered as instants (upstream order is not trusted). */
  incident_updates: StatusIncidentUpdate[];
  components?: StatusComponent[];
  [field: string]: unknown;
}

export interface StatusComponent {
  id: string;
  name: string;
  /** operational, degraded_performance, partial_outage, major_outage, under_maintenance. */
  status: string;
  description?: string | null;
  position?: number;
  group?: boolean;
  group_id?: string | null;
  [field: string]: unknown;
}

export interface StatusPage {
  id?: string;
  name?: string;
  url?: string;
  time_zone?: string;
  updated_at?: string | null;
  [field: string]: unknown;
}

/** A notification as raised and recorded (a summary only as sent); `delivered` is false when the settings held it back. */
export interface StatusNotification {
  seq: number;
  kind: StatusNotificationKind;
  /** The incident's or maintenance's id; '' for a `poll.summary`. */
  id: string;
  updateId: string | null;
  title: string;
  body: string;
  impact: string | null;
  componentIds: string[];
  raisedAt: string;
  delivered: boolean;
}

/** Which notifications reach the user. Held-back ones are still recorded as seen, so they never arrive later. */
export interface NotificationSettings {
  /** Quiet mode: record everything, show nothing. */
  quiet: boolean;
  /** Incident impacts that notify ('none', 'minor', 'major', 'critical'), and 'maintenance' for maintenance announcements whatever their impact; null means all. */
  impacts: string[] | null;
  /** Component ids that notify; null means all. Records naming no component always notify. */
  componentIds: string[] | null;
}

/** The poller's schedule and health: the Status screen shows the last good poll and any upstream error. */
export interface StatusPollState {
  running: boolean;
  suspended: boolean;
  polling: boolean;
  online: boolean;
  lastAttemptAt: string | null;
  lastSuccessAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  consecutiveFailures: number;
  nextPollAt: string | null;
  intervalMs: number;
  /**
   * What is wrong with the local copy of the status page (the status cache), in the user's words,
   * naming the file: it cannot be written (a full disk: said until it can), or it was found damaged
   * and is being rebuilt (said for the rest of the run). Null when all is well. Never the status
   * page's own failures, which are `lastError`.
   */
  cacheNote: string | null;
}

/** Everything the Status screen and the tray show, in one read. */
export interface StatusSnapshot {
  source: { label: string; demo: boolean };
  page: StatusPage | null;
  /** The upstream's own indicator (summary.json), when it offers one. */
  indicator: { indicator: string; description: string } | null;
  /** The worst impact among unresolved incidents: the tray's look and tooltip. */
  worstImpact: StatusImpact;
  /** Unresolved incidents, newest first, each with its updates newest first. */
  unresolved: StatusIncident[];
  recent: StatusIncident[];
  upcoming: StatusIncident[];
  components: StatusComponent[];
  notifications: StatusNotification[];
  poll: StatusPollState;
}

/** What `status/poll-now` did. `too-soon`: polls are at least 10 s apart; try again after `retryInMs`. */
export type StatusPollReply =
  | { outcome: 'ok'; changed: boolean; notifications: number }
  | { outcome: 'failed'; error: string }
  | { outcome: 'offline' }
  | { outcome: 'too-soon'; retryInMs: number };
