// The Electron binary cannot run here, so `electron` is replaced by a stand-in Notification that
// records what is shown and lets the test fire its events. The notifications themselves are real
// (raised by the status service on the demo feed) and travel over the real API event bus.
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StatusNotification } from '../../main/common/status-types.ts';
import { ApiEventBus } from '../../main/services/event-bus.ts';
import { demoStatusSnapshots } from '../helpers/demo-status.ts';

const fake = vi.hoisted(() => {
  class FakeNotification {
    static supported = true;
    static instances: FakeNotification[] = [];
    static isSupported() { return FakeNotification.supported; }
    readonly options: { title: string; body: string; urgency?: string };
    readonly listeners = new Map<string, (...args: unknown[]) => void>();
    shown = false;
    constructor(options: { title: string; body: string; urgency?: string }) {
      this.options = options;
      FakeNotification.instances.push(this);
    }
    on(event: string, listener: (...args: unknown[]) => void) { this.listeners.set(event, listener); return this; }
    show() { this.shown = true; }
    fire(event: string, ...args: unknown[]) { this.listeners.get(event)?.(...args); }
  }
  return { FakeNotification };
});

vi.mock('electron', () => ({ Notification: fake.FakeNotification }));

const { MAX_KEPT_NOTIFICATIONS, showStatusNotifications } = await import('../../main/desktop/status-notifications.ts');

let raised: StatusNotification;
beforeAll(async () => {
  raised = (await demoStatusSnapshots()).raised[0]!;
});

const opened: string[] = [];
const logged: string[] = [];
const deps = (events: ApiEventBus) => ({ events, openHash: (hash: string) => opened.push(hash), log: (line: string) => logged.push(line) });

beforeEach(() => {
  opened.length = 0;
  logged.length = 0;
  fake.FakeNotification.instances.length = 0;
  fake.FakeNotification.supported = true;
});

describe('desktop status notifications', () => {
  it('shows each status/notification with its title and body, and keeps it referenced until clicked', () => {
    const events = new ApiEventBus();
    const shown = showStatusNotifications(deps(events));
    events.emit('status/notification', raised);
    const notification = fake.FakeNotification.instances[0]!;
    expect(notification.shown).toBe(true);
    expect(notification.options).toEqual({ title: raised.title, body: raised.body, urgency: 'normal' });
    expect(shown.kept()).toBe(1);

    notification.fire('click');
    expect(opened).toEqual(['#/status?incident=mdkdemolive0000']);
    expect(shown.kept()).toBe(0);
    shown.stop();
    events.emit('status/notification', raised);
    expect(fake.FakeNotification.instances).toHaveLength(1);
  });

  it('opens the Status screen when a summary of many incidents is clicked', () => {
    const events = new ApiEventBus();
    const shown = showStatusNotifications(deps(events));
    events.emit('status/notification', { ...raised, kind: 'poll.summary', id: '', title: '5 incidents opened or changed on Demo network' });
    fake.FakeNotification.instances[0]!.fire('click');
    expect(opened).toEqual(['#/status']);
    shown.stop();
  });

  it('releases closed and failed notifications, and bounds how many it keeps', () => {
    const events = new ApiEventBus();
    const shown = showStatusNotifications(deps(events));
    events.emit('status/notification', { ...raised, impact: 'critical' });
    expect(fake.FakeNotification.instances[0]!.options.urgency).toBe('critical');
    fake.FakeNotification.instances[0]!.fire('close');
    events.emit('status/notification', raised);
    fake.FakeNotification.instances[1]!.fire('failed', {}, 'no daemon');
    expect(shown.kept()).toBe(0);
    expect(logged).toEqual(['status: notification failed: no daemon']);
    for (let i = 0; i < MAX_KEPT_NOTIFICATIONS + 5; i++) events.emit('status/notification', raised);
    expect(shown.kept()).toBe(MAX_KEPT_NOTIFICATIONS);
    shown.stop();
  });

  it('says once when the desktop has no notification service, and shows nothing', () => {
    fake.FakeNotification.supported = false;
    const events = new ApiEventBus();
    showStatusNotifications(deps(events)).stop();
    events.emit('status/notification', raised);
    expect(fake.FakeNotification.instances).toHaveLength(0);
    expect(logged[0]).toMatch(/no notification service/);
  });
});
