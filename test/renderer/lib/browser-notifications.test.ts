import { describe, expect, it } from 'vitest';
import type { StatusNotification } from '../../../main/common/status-types.ts';
import { browserNotifyState, showBrowserNotification, type NotificationApi } from '../../../renderer/src/lib/browser-notifications.ts';

const NOTIFICATION: StatusNotification = {
  seq: 1, kind: 'incident.update', id: 'inc1', updateId: 'upd2', title: 'Identified: API errors', body: 'A fix is rolling out.',
  impact: 'major', componentIds: [], raisedAt: '2026-11-20T12:00:00Z', delivered: true,
};

/** A stand-in for the browser's Notification constructor with a chosen permission. */
function fakeApi(permission: NotificationApi['permission'], throws = false) {
  const shown: Array<{ title: string; options: { body: string; tag: string }; onclick: ((event: unknown) => void) | null; closed: boolean }> = [];
  const api = class {
    static permission = permission;
    static requestPermission = async () => permission;
    onclick: ((event: unknown) => void) | null = null;
    closed = false;
    constructor(title: string, options: { body: string; tag: string }) {
      if (throws) throw new TypeError('Illegal constructor');
      shown.push(Object.assign(this, { title, options }) as never);
    }
    close() { this.closed = true; }
  } as unknown as NotificationApi;
  return { api, shown };
}

describe('browser notifications', () => {
  it('shows one when permitted, tagged per update; clicking focuses the tab and opens the incident', () => {
    const { api, shown } = fakeApi('granted');
    const opened: string[] = [];
    let focused = 0;
    expect(showBrowserNotification(api, NOTIFICATION, (hash) => opened.push(hash), () => { focused += 1; })).toBe(true);
    expect(shown[0]).toMatchObject({ title: 'Identified: API errors', options: { body: 'A fix is rolling out.', tag: 'inc1:upd2' } });
    shown[0]!.onclick!({});
    expect(opened).toEqual(['#/status?incident=inc1']);
    expect(focused).toBe(1);
    expect(shown[0]!.closed).toBe(true);
  });

  it('opens the Status screen for a summary of many incidents', () => {
    const { api, shown } = fakeApi('granted');
    const opened: string[] = [];
    showBrowserNotification(api, { ...NOTIFICATION, kind: 'poll.summary', id: '', updateId: null }, (hash) => opened.push(hash), () => undefined);
    shown[0]!.onclick!({});
    expect(opened).toEqual(['#/status']);
  });

  it('tags each poll\'s summary apart, so a later one does not replace an unread earlier one, while one summary shown again keeps its tag', () => {
    const { api, shown } = fakeApi('granted');
    const summary = { ...NOTIFICATION, kind: 'poll.summary' as const, id: '', updateId: null };
    showBrowserNotification(api, { ...summary, seq: 30 }, () => undefined, () => undefined);
    showBrowserNotification(api, { ...summary, seq: 35 }, () => undefined, () => undefined);
    showBrowserNotification(api, { ...summary, seq: 35 }, () => undefined, () => undefined);
    expect(shown.map((notification) => notification.options.tag)).toEqual(['summary:30', 'summary:35', 'summary:35']);
  });

  it('shows nothing without permission, without the API, or where construction is not allowed', () => {
    expect(showBrowserNotification(fakeApi('default').api, NOTIFICATION, () => undefined, () => undefined)).toBe(false);
    expect(showBrowserNotification(fakeApi('denied').api, NOTIFICATION, () => undefined, () => undefined)).toBe(false);
    expect(showBrowserNotification(undefined, NOTIFICATION, () => undefined, () => undefined)).toBe(false);
    expect(showBrowserNotification(fakeApi('granted', true).api, NOTIFICATION, () => undefined, () => undefined)).toBe(false);
    expect(browserNotifyState(undefined)).toBe('unsupported');
    expect(browserNotifyState(fakeApi('denied').api)).toBe('denied');
  });
});
