import type { JsonObject } from '../feed/status-json.ts';
import type { Transition } from './transitions.ts';

function latestUpdateBody(record: JsonObject): string | null {
  const updates = Array.isArray(record.incident_updates) ? (record.incident_updates as JsonObject[]) : [];
  const first = updates[0];
  return first && typeof first.body === 'string' ? first.body : null;
}

function statusWord(status: unknown): string {
  const text = String(status ?? '').replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The title and body a desktop or in-app notification shows for a transition. */
export function describeTransition(transition: Transition, pageName: string): { title: string; body: string } {
  const { record, update } = transition;
  const name = String(record.name);
  switch (transition.kind) {
    case 'incident.new':
      return { title: `${pageName}: ${name}`, body: latestUpdateBody(record) ?? `${statusWord(record.status)} (impact: ${String(record.impact ?? 'none')})` };
    case 'incident.update':
      return { title: `${statusWord(update?.status)}: ${name}`, body: typeof update?.body === 'string' ? update.body : statusWord(update?.status) };
    case 'incident.resolved':
      return { title: `Resolved: ${name}`, body: latestUpdateBody(record) ?? 'This incident has been resolved.' };
    case 'maintenance.new':
      return { title: `Maintenance scheduled: ${name}`, body: `${pageName}, from ${String(record.scheduled_for ?? 'a time to be announced')}${record.scheduled_until ? ` until ${String(record.scheduled_until)}` : ''}` };
  }
}
