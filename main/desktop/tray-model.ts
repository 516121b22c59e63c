import type { MenuItemConstructorOptions } from 'electron';
import type { StatusImpact, StatusSnapshot } from '../common/status-types.ts';
import type { TrayTone } from './status-icon.ts';

export interface TrayActions {
  /** Shows the app window (creating it if needed) at a hash route. */
  openIncident: (id: string) => void;
  openStatus: () => void;
  openApp: () => void;
  pollNow: () => void;
  quit: () => void;
}

/** Menus get long and unreadable past this; the Status screen lists them all. */
export const MAX_MENU_INCIDENTS = 8;
/** Tooltips are cut by the OS somewhere around here (Windows: 127 characters). */
const MAX_TOOLTIP = 120;

const IMPACT_WORDS: Record<StatusImpact, string> = {
  none: 'all systems operational',
  maintenance: 'maintenance in progress',
  minor: 'minor incident',
  major: 'major incident',
  critical: 'critical incident',
};

function pageName(snapshot: StatusSnapshot): string {
  return typeof snapshot.page?.name === 'string' && snapshot.page.name ? snapshot.page.name : snapshot.source.label;
}

/**
 * No poll of the page has succeeded yet (a new profile, an edited page address): nothing is known
 * of it, which is not "all clear". A switch draws the tray at once from such a page's empty
 * snapshot, and its first poll may be a minute away (or failing); the status API answers 503 then.
 */
function isWaitingForFirstPoll(snapshot: StatusSnapshot): boolean {
  return snapshot.poll.lastSuccessAt === null;
}

/** The dot's tone: grey while the page was never polled (not the green of "nothing open"), else the worst open impact. */
export function trayTone(snapshot: StatusSnapshot): TrayTone {
  return isWaitingForFirstPoll(snapshot) ? 'unknown' : snapshot.worstImpact;
}

/** `Mirrordesk: Demo Network — major incident (2 open)`, or the upstream error when polls fail. */
export function trayTooltip(snapshot: StatusSnapshot, appName = 'Mirrordesk'): string {
  const open = snapshot.unresolved.length;
  const state = isWaitingForFirstPoll(snapshot) ? 'waiting for the first status poll' : IMPACT_WORDS[snapshot.worstImpact];
  let text = `${appName}: ${pageName(snapshot)}: ${state}${open > 0 ? ` (${open} open)` : ''}`;
  if (snapshot.poll.lastError) text += ' · status page unreachable';
  return text.length > MAX_TOOLTIP ? `${text.slice(0, MAX_TOOLTIP - 1)}…` : text;
}

function incidentLabel(incident: StatusSnapshot['unresolved'][number]): string {
  const impact = typeof incident.impact === 'string' && incident.impact !== 'none' ? `[${incident.impact}] ` : '';
  const status = String(incident.status).replace(/_/g, ' ');
  const name = incident.name.length > 60 ? `${incident.name.slice(0, 59)}…` : incident.name;
  return `${impact}${name} — ${status}`;
}

/**
 * The tray's context menu as plain data. Linux ignores clicks on the tray icon itself, so every
 * action lives here: each unresolved incident (opens it), the Status screen, the app, a poll, quit.
 */
export function trayMenuTemplate(snapshot: StatusSnapshot, actions: TrayActions): MenuItemConstructorOptions[] {
  const items: MenuItemConstructorOptions[] = [{ label: trayTooltip(snapshot), enabled: false }, { type: 'separator' }];
  const open = snapshot.unresolved;
  if (open.length === 0) items.push({ id: 'no-incidents', label: isWaitingForFirstPoll(snapshot) ? 'Waiting for the first status poll' : 'No open incidents', enabled: false });
  for (const incident of open.slice(0, MAX_MENU_INCIDENTS)) {
    items.push({ id: `incident:${incident.id}`, label: incidentLabel(incident), click: () => actions.openIncident(incident.id) });
  }
  if (open.length > MAX_MENU_INCIDENTS) items.push({ id: 'more-incidents', label: `${open.length - MAX_MENU_INCIDENTS} more…`, click: () => actions.openStatus() });
  const upcoming = snapshot.upcoming.length;
  if (upcoming > 0) items.push({ id: 'upcoming', label: `${upcoming} upcoming maintenance${upcoming === 1 ? '' : 's'}…`, click: () => actions.openStatus() });
  items.push(
    { type: 'separator' },
    { id: 'open-status', label: 'Network Status…', click: () => actions.openStatus() },
    { id: 'poll-now', label: 'Check Status Now', click: () => actions.pollNow() },
    { id: 'open-app', label: 'Open Mirrordesk', click: () => actions.openApp() },
    { type: 'separator' },
    { id: 'quit', label: 'Quit Mirrordesk', click: () => actions.quit() },
  );
  return items;
}
