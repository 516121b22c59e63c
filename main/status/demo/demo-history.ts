import type { JsonObject } from '../feed/status-json.ts';

/**
 * The demo network's status history: sample data, generated from the profile's first use so it
 * is always recent, and clearly named as the demo network (its address uses the reserved
 * `.invalid` domain). A short incident opens a few minutes after first use and again every six
 * hours, so notifications can be seen offline; a maintenance is always announced ahead.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const PAGE_ID = 'mdkdemo0page';
const DEMO_URL = 'https://status.demo-network.invalid';

export const DEMO_PAGE_NAME = 'Demo Network (sample status data)';

interface Step {
  at: number;
  status: string;
  body: string;
}

interface ScriptedEvent {
  id: string;
  name: string;
  impact: string;
  componentIds: string[];
  steps: Step[];
  scheduledFor?: number;
  scheduledUntil?: number;
}

const COMPONENTS = [
  { id: 'mdkdemo0rest', name: 'Mirror Node REST API', description: 'Account, token and transaction queries' },
  { id: 'mdkdemo0grpc', name: 'Mirror Node gRPC API', description: 'Topic and record streaming' },
  { id: 'mdkdemo0cons', name: 'Consensus Service', description: 'Transaction submission and consensus' },
  { id: 'mdkdemo0rpc0', name: 'JSON-RPC Relay', description: 'EVM-compatible JSON-RPC endpoint' },
  { id: 'mdkdemo0expl', name: 'Network Explorer', description: null },
] as const;

const PAST_INCIDENTS: readonly { id: string; name: string; impact: string; componentIds: string[]; startDaysAgo: number; minutes: number[]; bodies: string[] }[] = [
  { id: 'mdkdemoinc01', name: 'Elevated latency on mirror node REST API', impact: 'minor', componentIds: ['mdkdemo0rest'], startDaysAgo: 26.3, minutes: [0, 18, 41, 95], bodies: ['We are investigating elevated response times on account queries.', 'A slow database replica has been identified and removed from rotation.', 'Latency is back to normal; we are monitoring.', 'This incident has been resolved.'] },
  { id: 'mdkdemoinc02', name: 'Delayed record stream ingestion', impact: 'major', componentIds: ['mdkdemo0rest', 'mdkdemo0grpc'], startDaysAgo: 19.6, minutes: [0, 25, 70, 130], bodies: ['Mirror data is lagging consensus by several minutes.', 'The importer stalled on a malformed record file; a fix is being deployed.', 'The importer has caught up. We are monitoring.', 'Ingestion has been stable for an hour. Resolved.'] },
  { id: 'mdkdemoinc03', name: 'JSON-RPC relay returning intermittent 503 errors', impact: 'minor', componentIds: ['mdkdemo0rpc0'], startDaysAgo: 11.2, minutes: [0, 32, 60], bodies: ['Some eth_call requests fail with HTTP 503.', 'Additional relay capacity has been added; monitoring.', 'Error rates are back to baseline. Resolved.'] },
  { id: 'mdkdemoinc04', name: 'Consensus submissions timing out', impact: 'critical', componentIds: ['mdkdemo0cons'], startDaysAgo: 4.4, minutes: [0, 12, 35, 80, 1500], bodies: ['Transaction submissions are timing out for most clients.', 'A network partition between two nodes has been identified.', 'Connectivity is restored and submissions succeed. Monitoring.', 'This incident has been resolved.', 'Our postmortem is available on the demo network blog.'] },
  { id: 'mdkdemoinc05', name: 'Explorer search unavailable', impact: 'minor', componentIds: ['mdkdemo0expl'], startDaysAgo: 1.3, minutes: [0, 44], bodies: ['Search in the explorer returns no results.', 'The search index has been rebuilt. Resolved.'] },
];
const PAST_STATUSES: Record<number, string[]> = {
  2: ['investigating', 'resolved'],
  3: ['investigating', 'monitoring', 'resolved'],
  4: ['investigating', 'identified', 'monitoring', 'resolved'],
  5: ['investigating', 'identified', 'monitoring', 'resolved', 'postmortem'],
};

const LIVE_PERIOD = 6 * HOUR;
const MAINTENANCE_PERIOD = 7 * DAY;
/** Announced further ahead than the period, so one is always upcoming. */
const MAINTENANCE_NOTICE = 8 * DAY;

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function scriptedEvents(anchor: number, now: number): ScriptedEvent[] {
  const events: ScriptedEvent[] = PAST_INCIDENTS.map((incident) => {
    const start = anchor - incident.startDaysAgo * DAY;
    const statuses = PAST_STATUSES[incident.minutes.length] ?? [];
    return { ...incident, steps: incident.minutes.map((m, i) => ({ at: start + m * MINUTE, status: statuses[i] ?? 'resolved', body: incident.bodies[i] ?? '' })) };
  });
  // The live incident: opens 2 minutes after first use and every 6 hours after that; the last 8 are kept.
  const lastCycle = Math.max(0, Math.floor((now - anchor - 2 * MINUTE) / LIVE_PERIOD));
  for (let cycle = Math.max(0, lastCycle - 7); cycle <= lastCycle; cycle++) {
    const start = anchor + 2 * MINUTE + cycle * LIVE_PERIOD;
    events.push({
      id: `mdkdemolive${String(cycle).padStart(4, '0')}`,
      name: 'Slow token balance queries (demo)',
      impact: 'minor',
      componentIds: ['mdkdemo0rest'],
      steps: [
        { at: start, status: 'investigating', body: 'Token balance queries on the demo network are slower than usual.' },
        { at: start + 4 * MINUTE, status: 'identified', body: 'A missing index on the demo ledger has been identified.' },
        { at: start + 10 * MINUTE, status: 'monitoring', body: 'The index has been rebuilt; query times are recovering.' },
        { at: start + 18 * MINUTE, status: 'resolved', body: 'This incident has been resolved.' },
      ],
    });
  }
  // Weekly maintenance windows: one just past, and the next ones as far as their notice reaches.
  const firstWindow = Math.floor((now - anchor) / MAINTENANCE_PERIOD) - 1;
  for (let k = firstWindow; k <= firstWindow + 3; k++) {
    const scheduledFor = anchor + (k + 1) * MAINTENANCE_PERIOD + 14 * HOUR;
    const announced = scheduledFor - MAINTENANCE_NOTICE;
    const until = scheduledFor + 2 * HOUR;
    const code = `${k < 0 ? 'm' : 'p'}${String(Math.abs(k)).padStart(3, '0')}`;
    events.push({
      id: `mdkdemomnt${code}`,
      name: 'Demo network node software upgrade',
      impact: 'maintenance',
      componentIds: ['mdkdemo0cons', 'mdkdemo0rest'],
      scheduledFor,
      scheduledUntil: until,
      steps: [
        { at: announced, status: 'scheduled', body: 'Nodes of the demo network will be upgraded. Transactions may be delayed for a few seconds during the window.' },
        { at: scheduledFor, status: 'in_progress', body: 'The upgrade is in progress.' },
        { at: until, status: 'completed', body: 'The upgrade has been completed.' },
      ],
    });
  }
  return events;
}

function component(id: string, status: string, anchor: number, position: number): JsonObject {
  const known = COMPONENTS.find((c) => c.id === id);
  return {
    id,
    name: known?.name ?? id,
    status,
    created_at: iso(anchor - 400 * DAY),
    updated_at: iso(anchor - 400 * DAY),
    position,
    description: known?.description ?? null,
    showcase: true,
    start_date: iso(anchor - 400 * DAY).slice(0, 10),
    group_id: null,
    page_id: PAGE_ID,
    group: false,
    only_show_if_degraded: false,
  };
}

const IMPACT_COMPONENT_STATUS: Record<string, string> = { minor: 'degraded_performance', major: 'partial_outage', critical: 'major_outage', maintenance: 'under_maintenance' };
const OPEN = new Set(['investigating', 'identified', 'monitoring', 'in_progress', 'verifying']);

function toRecord(event: ScriptedEvent, now: number, anchor: number): JsonObject | null {
  const visible = event.steps.filter((step) => step.at <= now);
  const last = visible.at(-1);
  const first = visible[0];
  if (!last || !first) return null;
  const componentStatus = OPEN.has(last.status) ? (IMPACT_COMPONENT_STATUS[event.impact] ?? 'operational') : 'operational';
  const record: JsonObject = {
    id: event.id,
    name: event.name,
    status: last.status,
    impact: event.impact,
    created_at: iso(first.at),
    updated_at: iso(last.at),
    monitoring_at: visible.find((s) => s.status === 'monitoring') ? iso(visible.find((s) => s.status === 'monitoring')!.at) : null,
    resolved_at: visible.find((s) => s.status === 'resolved' || s.status === 'completed') ? iso(visible.find((s) => s.status === 'resolved' || s.status === 'completed')!.at) : null,
    shortlink: `${DEMO_URL}/incidents/${event.id}`,
    started_at: iso(first.at),
    page_id: PAGE_ID,
    incident_updates: visible
      .map((step, i) => ({ id: `${event.id}u${i}`, incident_id: event.id, status: step.status, body: step.body, created_at: iso(step.at), updated_at: iso(step.at), display_at: iso(step.at), affected_components: null }))
      .reverse(),
    components: event.componentIds.map((id, i) => component(id, componentStatus, anchor, i + 1)),
  };
  if (event.scheduledFor !== undefined) {
    record.scheduled_for = iso(event.scheduledFor);
    record.scheduled_until = iso(event.scheduledUntil ?? event.scheduledFor);
  }
  return record;
}

export interface DemoStatus {
  page: JsonObject;
  incidents: JsonObject[];
  maintenances: JsonObject[];
  components: JsonObject[];
  status: JsonObject;
}

const INDICATOR_ORDER = ['none', 'maintenance', 'minor', 'major', 'critical'];
const INDICATOR_TEXT: Record<string, string> = { none: 'All Systems Operational', maintenance: 'Service Under Maintenance', minor: 'Minor Service Outage', major: 'Partial System Outage', critical: 'Major System Outage' };

/** The demo network's status page as it stands at `now`, given the profile's first use `anchor`. */
export function demoStatusAt(anchor: number, now: number): DemoStatus {
  const records = scriptedEvents(anchor, now)
    .map((event) => ({ event, record: toRecord(event, now, anchor) }))
    .filter((entry): entry is { event: ScriptedEvent; record: JsonObject } => entry.record !== null);
  const byNewest = (a: JsonObject, b: JsonObject) => String(b.created_at).localeCompare(String(a.created_at));
  const incidents = records.filter((e) => e.event.scheduledFor === undefined).map((e) => e.record).sort(byNewest);
  const maintenances = records.filter((e) => e.event.scheduledFor !== undefined).map((e) => e.record).sort((a, b) => String(b.scheduled_for).localeCompare(String(a.scheduled_for)));
  const open = records.filter((e) => OPEN.has(String(e.record.status)));
  const componentStatus = new Map<string, string>();
  for (const { event } of open) for (const id of event.componentIds) componentStatus.set(id, IMPACT_COMPONENT_STATUS[event.impact] ?? 'operational');
  const components = COMPONENTS.map((c, i) => ({ ...component(c.id, componentStatus.get(c.id) ?? 'operational', anchor, i + 1) }));
  const worst = open.reduce((acc, { event }) => (INDICATOR_ORDER.indexOf(event.impact) > INDICATOR_ORDER.indexOf(acc) ? event.impact : acc), 'none');
  const lastChange = Math.max(anchor, ...records.map((e) => Date.parse(String(e.record.updated_at))));
  const page = { id: PAGE_ID, name: DEMO_PAGE_NAME, url: DEMO_URL, time_zone: 'Etc/UTC', updated_at: iso(lastChange) };
  return { page, incidents, maintenances, components, status: { indicator: worst, description: INDICATOR_TEXT[worst] ?? worst } };
}
