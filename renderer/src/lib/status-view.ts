import type { StatusImpact, StatusIncident, StatusSnapshot } from '../../../main/common/status-types.ts';

/** How bad things look, as one tone the screen, the navigation dot and the toasts colour by. */
export type StatusTone = 'ok' | 'maintenance' | 'minor' | 'major' | 'critical' | 'unknown';

export const IMPACTS: readonly StatusImpact[] = ['critical', 'major', 'minor', 'none', 'maintenance'];

const IMPACT_LABELS: Record<string, string> = {
  none: 'No impact',
  maintenance: 'Maintenance',
  minor: 'Minor',
  major: 'Major',
  critical: 'Critical',
};

export function impactLabel(impact: string | null | undefined): string {
  return IMPACT_LABELS[impact ?? 'none'] ?? words(impact ?? 'none');
}

/** `degraded_performance` -> `Degraded performance`: Statuspage's status words for people. */
export function words(value: string | null | undefined): string {
  const text = String(value ?? '').replace(/_/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A component's status as a tone: operational is fine, outages are the impact they mean. */
export function componentTone(status: string): StatusTone {
  switch (status) {
    case 'operational': return 'ok';
    case 'under_maintenance': return 'maintenance';
    case 'degraded_performance': return 'minor';
    case 'partial_outage': return 'major';
    case 'major_outage': return 'critical';
    default: return 'unknown';
  }
}

/**
 * An incident's impact as a tone (`none` impact still means something is open: minor). Statuspage
 * always gives an impact (none, minor, major, critical: none when no component is hurt); one left
 * out (null) reads as `none`, as its label, the headline and the notification settings read it.
 */
export function impactTone(impact: string | null | undefined): StatusTone {
  const given = impact ?? 'none';
  switch (given) {
    case 'critical': case 'major': case 'minor': case 'maintenance': return given;
    case 'none': return 'minor';
    default: return 'unknown';
  }
}

/** No poll has succeeded and nothing is stored yet: nothing is known about the network. */
export function isWaitingForFirstPoll(snapshot: Pick<StatusSnapshot, 'poll' | 'page'>): boolean {
  return snapshot.poll.lastSuccessAt === null && snapshot.page === null;
}

/**
 * The page's overall state: unknown until a first poll succeeded (an unreachable status page
 * is not "all clear"); then the worst open incident wins; otherwise the upstream's own indicator
 * (which also covers degraded components with no incident); otherwise all clear.
 */
export function overallView(snapshot: Pick<StatusSnapshot, 'indicator' | 'worstImpact' | 'unresolved' | 'poll' | 'page'>): { tone: StatusTone; text: string } {
  if (isWaitingForFirstPoll(snapshot)) return { tone: 'unknown', text: 'Waiting for the first poll…' };
  if (snapshot.unresolved.length > 0 && snapshot.worstImpact !== 'none') {
    const count = snapshot.unresolved.length;
    return { tone: impactTone(snapshot.worstImpact), text: `${count} open incident${count === 1 ? '' : 's'} (${impactLabel(snapshot.worstImpact).toLowerCase()})` };
  }
  const indicator = snapshot.indicator;
  if (indicator && indicator.indicator !== 'none') {
    const tone: StatusTone = ['minor', 'major', 'critical', 'maintenance'].includes(indicator.indicator) ? (indicator.indicator as StatusTone) : 'unknown';
    return { tone, text: indicator.description || words(indicator.indicator) };
  }
  // Open incidents of no impact, on a page that says all is well: said in the words of their badges.
  if (snapshot.unresolved.length > 0) {
    const count = snapshot.unresolved.length;
    return { tone: impactTone('none'), text: `${count} open incident${count === 1 ? '' : 's'} (${impactLabel('none').toLowerCase()})` };
  }
  return { tone: 'ok', text: indicator?.description || 'All systems operational' };
}

/** `5 min ago`, `in 3 h`, `2 days ago`: how far an instant is from now, roughly. */
export function relativeTime(text: string | null | undefined, nowMs: number): string {
  if (!text) return '';
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) return '';
  const diff = ms - nowMs;
  const abs = Math.abs(diff);
  const say = (n: number, unit: string): string => (diff < 0 ? `${n} ${unit} ago` : `in ${n} ${unit}`);
  // Clocks of the page and the service differ by a little: a few seconds either way is "now".
  if (abs < 45_000) return 'just now';
  if (abs < 3_600_000) return say(Math.round(abs / 60_000), 'min');
  if (abs < 48 * 3_600_000) return say(Math.round(abs / 3_600_000), 'h');
  return say(Math.round(abs / 86_400_000), 'days');
}

/**
 * How long an incident lasted (or has lasted), from its creation to its resolution or now: minutes,
 * then hours (with their minutes within a day), then past two days whole days and hours, as an
 * incident left open for months reads in days ("149 days 15 h"), not in thousands of hours.
 */
export function incidentDuration(incident: Pick<StatusIncident, 'created_at' | 'resolved_at'>, nowMs: number): string {
  const start = Date.parse(incident.created_at);
  const end = incident.resolved_at ? Date.parse(incident.resolved_at) : nowMs;
  if (Number.isNaN(start) || Number.isNaN(end) || end < start) return '';
  const minutes = Math.round((end - start) / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours >= 48) return hours % 24 === 0 ? `${hours / 24} days` : `${Math.floor(hours / 24)} days ${hours % 24} h`;
  return minutes % 60 === 0 || hours >= 24 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

/** The incident named in the Status screen's query, if any. */
export function focusedIncident(query: string): string | null {
  const id = new URLSearchParams(query).get('incident');
  return id && id.length <= 64 ? id : null;
}

/**
 * A link from the upstream (an incident's shortlink, the page's URL) if it is plain http(s); anything
 * else (`javascript:`, `data:`, garbage) is not made clickable. The feed is untrusted input.
 */
export function safeLink(url: unknown): string | null {
  if (typeof url !== 'string' || url.length > 2048) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The component names a record affects, from the ids given (records name components by id). */
export function componentNames(incident: Pick<StatusIncident, 'components'>): string[] {
  return (incident.components ?? []).map((c) => c.name).filter((name): name is string => typeof name === 'string');
}
