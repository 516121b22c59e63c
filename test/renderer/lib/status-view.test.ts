import { describe, expect, it } from 'vitest';
import { statusIncidentHash } from '../../../main/common/app-routes.ts';
import { componentTone, focusedIncident, impactLabel, impactTone, incidentDuration, overallView, relativeTime, safeLink, words } from '../../../renderer/src/lib/status-view.ts';
import { formatInstant } from '../../../renderer/src/lib/format.ts';

const NOW = Date.parse('2026-11-20T12:00:00Z');

describe('status view helpers', () => {
  it('picks the overall state: open incidents first, then the upstream indicator, then all clear', () => {
    const incident = { id: 'a' } as never;
    const polled = { poll: { lastSuccessAt: '2026-11-20T11:59:00Z' } as never, page: null };
    expect(overallView({ ...polled, worstImpact: 'major', unresolved: [incident, incident], indicator: { indicator: 'none', description: 'All Systems Operational' } }))
      .toEqual({ tone: 'major', text: '2 open incidents (major)' });
    expect(overallView({ ...polled, worstImpact: 'none', unresolved: [], indicator: { indicator: 'minor', description: 'Partially Degraded Service' } }))
      .toEqual({ tone: 'minor', text: 'Partially Degraded Service' });
    expect(overallView({ ...polled, worstImpact: 'none', unresolved: [], indicator: { indicator: 'none', description: 'All Systems Operational' } }))
      .toEqual({ tone: 'ok', text: 'All Systems Operational' });
    expect(overallView({ ...polled, worstImpact: 'none', unresolved: [], indicator: null })).toEqual({ tone: 'ok', text: 'All systems operational' });
    expect(overallView({ ...polled, worstImpact: 'none', unresolved: [incident], indicator: null }).tone).toBe('minor');
  });

  it('says open incidents of no impact (or none given) in the words of their badges, not as minor ones', () => {
    const polled = { poll: { lastSuccessAt: '2026-11-20T11:59:00Z' } as never, page: null };
    const incident = { id: 'a' } as never;
    expect(impactLabel(null)).toBe('No impact');
    expect(impactTone(null)).toBe(impactTone('none'));
    expect(overallView({ ...polled, worstImpact: 'none', unresolved: [incident], indicator: { indicator: 'none', description: 'All Systems Operational' } }))
      .toEqual({ tone: impactTone('none'), text: '1 open incident (no impact)' });
    expect(overallView({ ...polled, worstImpact: 'none', unresolved: [incident, incident], indicator: null }).text).toBe('2 open incidents (no impact)');
  });

  it('says nothing is known before a first poll succeeded, not "all clear" (an unreachable status page)', () => {
    const unpolled = { poll: { lastSuccessAt: null } as never, page: null, worstImpact: 'none' as const, unresolved: [], indicator: null };
    expect(overallView(unpolled)).toEqual({ tone: 'unknown', text: 'Waiting for the first poll…' });
    // Kept data from an earlier run counts as known, even while polls fail now.
    expect(overallView({ ...unpolled, page: { name: 'Hedera' } as never }).tone).toBe('ok');
  });

  it('turns Statuspage words into tones and labels', () => {
    expect(componentTone('operational')).toBe('ok');
    expect(componentTone('major_outage')).toBe('critical');
    expect(componentTone('partial_outage')).toBe('major');
    expect(componentTone('degraded_performance')).toBe('minor');
    expect(componentTone('under_maintenance')).toBe('maintenance');
    expect(componentTone('mystery')).toBe('unknown');
    expect(impactTone('none')).toBe('minor');
    expect(impactTone(null)).toBe('minor');
    expect(impactTone('severe')).toBe('unknown');
    expect(impactLabel('critical')).toBe('Critical');
    expect(impactLabel(null)).toBe('No impact');
    expect(words('degraded_performance')).toBe('Degraded performance');
  });

  it('shows upstream timestamps as instants in a zone, and unparseable text as it came', () => {
    // The same instant written with two offsets (a DST change inside one body) shows the same.
    expect(formatInstant('2026-03-08T01:30:00.000-06:00')).toBe('2026-03-08 07:30 UTC');
    expect(formatInstant('2026-03-08T03:30:00.000-04:00', 'UTC')).toBe('2026-03-08 07:30 UTC');
    expect(formatInstant('2026-03-08T07:30:00Z', 'America/Chicago')).toBe('2026-03-08 01:30 America/Chicago');
    expect(formatInstant('soon', 'UTC')).toBe('soon');
    expect(formatInstant(null)).toBe('—');
  });

  it('says roughly how far away an instant is', () => {
    expect(relativeTime('2026-11-20T11:59:50Z', NOW)).toBe('just now');
    expect(relativeTime('2026-11-20T12:00:20Z', NOW)).toBe('just now');
    expect(relativeTime('2026-11-20T11:55:00Z', NOW)).toBe('5 min ago');
    expect(relativeTime('2026-11-20T15:00:00Z', NOW)).toBe('in 3 h');
    expect(relativeTime('2026-11-17T12:00:00Z', NOW)).toBe('3 days ago');
    expect(relativeTime('garbage', NOW)).toBe('');
  });

  it('measures how long an incident lasted or has been open', () => {
    expect(incidentDuration({ created_at: '2026-11-20T10:00:00Z', resolved_at: '2026-11-20T10:44:00Z' }, NOW)).toBe('44 min');
    expect(incidentDuration({ created_at: '2026-11-20T09:00:00Z', resolved_at: '2026-11-20T10:20:00-00:00' }, NOW)).toBe('1 h 20 min');
    expect(incidentDuration({ created_at: '2026-11-20T10:00:00Z', resolved_at: null }, NOW)).toBe('2 h');
    expect(incidentDuration({ created_at: 'x', resolved_at: null }, NOW)).toBe('');
  });

  it('says an incident open for days in days and hours, not thousands of hours', () => {
    const openSince = (hoursAgo: number, minutesMore = 0) => ({ created_at: new Date(NOW - hoursAgo * 3_600_000 - minutesMore * 60_000).toISOString(), resolved_at: null });
    expect(incidentDuration(openSince(30, 20), NOW)).toBe('30 h');
    expect(incidentDuration(openSince(47, 59), NOW)).toBe('47 h');
    expect(incidentDuration(openSince(48), NOW)).toBe('2 days');
    expect(incidentDuration(openSince(50, 40), NOW)).toBe('2 days 2 h');
    expect(incidentDuration(openSince(3591), NOW)).toBe('149 days 15 h');
    expect(incidentDuration({ created_at: '2026-01-01T00:00:00Z', resolved_at: '2026-01-11T00:00:00Z' }, NOW)).toBe('10 days');
  });

  it('makes only plain http(s) links from the untrusted feed clickable', () => {
    expect(safeLink('https://stspg.io/abc')).toBe('https://stspg.io/abc');
    expect(safeLink('http://status.local/x')).toBe('http://status.local/x');
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', 'not a url', null, 42, `https://x.io/${'a'.repeat(3000)}`]) expect(safeLink(bad)).toBeNull();
  });

  it('routes to one incident and reads it back from the screen query', () => {
    expect(statusIncidentHash('abc 1')).toBe('#/status?incident=abc%201');
    expect(focusedIncident('incident=abc%201')).toBe('abc 1');
    expect(focusedIncident('')).toBeNull();
    expect(focusedIncident(`incident=${'x'.repeat(65)}`)).toBeNull();
  });
});
