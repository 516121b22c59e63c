import { beforeAll, describe, expect, it } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import type { StatusSnapshot } from '../../main/common/status-types.ts';
import { MAX_MENU_INCIDENTS, trayMenuTemplate, trayTone, trayTooltip, type TrayActions } from '../../main/desktop/tray-model.ts';
import { demoStatusSnapshots } from '../helpers/demo-status.ts';

let calm: StatusSnapshot;
let open: StatusSnapshot;
beforeAll(async () => ({ calm, open } = await demoStatusSnapshots()));

function actions(): TrayActions & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    openIncident: (id) => calls.push(`incident:${id}`),
    openStatus: () => calls.push('status'),
    openApp: () => calls.push('app'),
    pollNow: () => calls.push('poll'),
    quit: () => calls.push('quit'),
  };
}

/** A page no poll has reached yet (a new profile, an edited page address): its service's empty snapshot. */
const neverPolled = (): StatusSnapshot => ({ ...calm, page: null, indicator: null, recent: [], upcoming: [], components: [], poll: { ...calm.poll, lastSuccessAt: null } });

const click = (item: MenuItemConstructorOptions | undefined) => (item?.click as (() => void) | undefined)?.();
const byId = (items: MenuItemConstructorOptions[], id: string) => items.find((item) => item.id === id);

describe('tray tooltip', () => {
  it('names the page and the worst open impact', () => {
    expect(trayTooltip(calm)).toBe('Mirrordesk: Demo Network (sample status data): all systems operational');
    expect(trayTooltip(open)).toBe('Mirrordesk: Demo Network (sample status data): minor incident (1 open)');
    expect(trayTooltip({ ...open, worstImpact: 'critical' })).toContain('critical incident');
  });

  it('says when the status page cannot be reached, and stays short', () => {
    expect(trayTooltip({ ...calm, poll: { ...calm.poll, lastError: 'HTTP 503' } })).toMatch(/status page unreachable$/);
    expect(trayTooltip({ ...calm, page: { name: 'x'.repeat(300) } }).length).toBeLessThanOrEqual(120);
  });

  it('draws a grey dot before a first poll of the page has succeeded, the worst open impact after', () => {
    expect(trayTone(neverPolled())).toBe('unknown');
    expect(trayTone(calm)).toBe('none');
  });

  it('before a first poll of the page has succeeded, says it is waiting, not that all is well', () => {
    expect(trayTooltip(neverPolled())).toBe('Mirrordesk: demo network (sample data): waiting for the first status poll');
    expect(trayTooltip({ ...neverPolled(), poll: { ...calm.poll, lastSuccessAt: null, lastError: 'HTTP 503' } })).toBe('Mirrordesk: demo network (sample data): waiting for the first status poll · status page unreachable');
  });
});

describe('tray menu', () => {
  it('lists each unresolved incident; clicking one opens it in the app', () => {
    const spy = actions();
    const items = trayMenuTemplate(open, spy);
    const incident = byId(items, 'incident:mdkdemolive0000');
    expect(incident?.label).toBe('[minor] Slow token balance queries (demo) — investigating');
    click(incident);
    expect(spy.calls).toEqual(['incident:mdkdemolive0000']);
    expect(byId(items, 'no-incidents')).toBeUndefined();
  });

  it('says when nothing is open, and always offers status, poll, app and quit', () => {
    const spy = actions();
    const items = trayMenuTemplate(calm, spy);
    expect(byId(items, 'no-incidents')).toMatchObject({ label: 'No open incidents', enabled: false });
    for (const id of ['open-status', 'poll-now', 'open-app', 'quit', 'upcoming']) click(byId(items, id));
    expect(spy.calls).toEqual(['status', 'poll', 'app', 'quit', 'status']);
  });

  it('keeps long lists short and points to the Status screen for the rest', () => {
    const many = Array.from({ length: MAX_MENU_INCIDENTS + 3 }, (_, i) => ({ ...open.unresolved[0]!, id: `inc${i}` }));
    const items = trayMenuTemplate({ ...open, unresolved: many }, actions());
    expect(items.filter((item) => item.id?.startsWith('incident:'))).toHaveLength(MAX_MENU_INCIDENTS);
    expect(byId(items, 'more-incidents')?.label).toBe('3 more…');
  });

  it('before a first poll of the page has succeeded says it is waiting, not that nothing is open', () => {
    const items = trayMenuTemplate(neverPolled(), actions());
    expect(byId(items, 'no-incidents')?.label).toBe('Waiting for the first status poll');
  });
});
