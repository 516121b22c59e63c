// The Electron binary cannot run here, so `electron` is replaced by a stand-in: Tray, Menu and
// nativeImage record what our code asks of them. The snapshots are real (the status service on
// the demo feed) and travel over the real API event bus; the last suite switches profiles on the
// real app services, as the desktop shell wires the tray to them (electron-main.ts, installStatus).
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import type { StatusSnapshot } from '../../main/common/status-types.ts';
import type { NetworkInfo } from '../../main/common/api-contract.ts';
import { ApiEventBus } from '../../main/services/event-bus.ts';
import { demoStatusSnapshots } from '../helpers/demo-status.ts';
import { call, saveProfiles, startApp, useProfileSuitePeers } from '../services/profile-switch-fixture.ts';

const fake = vi.hoisted(() => {
  class FakeImage {
    readonly representations: { scaleFactor: number; size: number }[] = [];
    constructor(png: Buffer, scaleFactor: number) {
      this.representations.push({ scaleFactor, size: png.readUInt32BE(16) });
      this.png = png;
    }
    png: Buffer;
    addRepresentation(options: { scaleFactor: number; buffer: Buffer }) {
      this.representations.push({ scaleFactor: options.scaleFactor, size: options.buffer.readUInt32BE(16) });
    }
  }
  class FakeTray {
    static instances: FakeTray[] = [];
    image: FakeImage;
    images: FakeImage[] = [];
    tooltip = '';
    menu: MenuItemConstructorOptions[] = [];
    destroyed = false;
    listeners = new Map<string, () => void>();
    constructor(image: FakeImage) {
      this.image = image;
      this.images.push(image);
      FakeTray.instances.push(this);
    }
    setImage(image: FakeImage) { this.image = image; this.images.push(image); }
    setToolTip(text: string) { this.tooltip = text; }
    setContextMenu(menu: { template: MenuItemConstructorOptions[] }) { this.menu = menu.template; }
    on(event: string, listener: () => void) { this.listeners.set(event, listener); }
    isDestroyed() { return this.destroyed; }
    destroy() { this.destroyed = true; }
  }
  return { FakeImage, FakeTray };
});

vi.mock('electron', () => ({
  Tray: fake.FakeTray,
  Menu: { buildFromTemplate: (template: MenuItemConstructorOptions[]) => ({ template }) },
  nativeImage: { createFromBuffer: (png: Buffer, options: { scaleFactor: number }) => new fake.FakeImage(png, options.scaleFactor) },
}));

const { createStatusTray } = await import('../../main/desktop/status-tray.ts');
const { quitWhenNothingShown } = await import('../../main/desktop/quit-when-nothing-shown.ts');
const { createStatusService } = await import('../../main/status/status-service.ts');

let calm: StatusSnapshot;
let open: StatusSnapshot;
beforeAll(async () => ({ calm, open } = await demoStatusSnapshots()));

const calls: string[] = [];
const actions = {
  openIncident: (id: string) => calls.push(`incident:${id}`),
  openStatus: () => calls.push('status'),
  openApp: () => calls.push('app'),
  pollNow: () => calls.push('poll'),
  quit: () => calls.push('quit'),
};

beforeEach(() => {
  calls.length = 0;
  fake.FakeTray.instances.length = 0;
});

/** A stand-in for a profile's status service: the tray only reads its snapshot. */
const serving = (snapshot: StatusSnapshot) => ({ snapshot: () => snapshot });

describe('status tray', () => {
  it('starts with the current snapshot: a 16 px icon with a 32 px HiDPI representation, tooltip and menu', () => {
    const remove = createStatusTray({ openStatus: () => serving(calm), events: new ApiEventBus(), actions });
    const tray = fake.FakeTray.instances[0]!;
    expect(tray.image.representations).toEqual([{ scaleFactor: 1, size: 16 }, { scaleFactor: 2, size: 32 }]);
    expect(tray.tooltip).toBe('Mirrordesk: Demo Network (sample status data): all systems operational');
    expect(tray.menu.find((item) => item.id === 'no-incidents')).toBeDefined();
    remove();
    expect(tray.destroyed).toBe(true);
  });

  it('follows status/updated: new icon, tooltip and incident items when an incident opens, and back', () => {
    const events = new ApiEventBus();
    const status = serving(calm);
    const remove = createStatusTray({ openStatus: () => status, events, actions });
    const tray = fake.FakeTray.instances[0]!;
    const calmIcon = tray.image.png;

    events.emit('status/updated', open);
    expect(tray.tooltip).toContain('minor incident (1 open)');
    expect(tray.image.png.equals(calmIcon)).toBe(false);
    const item = tray.menu.find((entry) => entry.id === 'incident:mdkdemolive0000');
    (item?.click as () => void)();
    expect(calls).toEqual(['incident:mdkdemolive0000']);

    // The same impact again does not rebuild the icon; a calm page brings the calm icon back.
    const count = tray.images.length;
    events.emit('status/updated', open);
    expect(tray.images).toHaveLength(count);
    events.emit('status/updated', calm);
    expect(tray.image.png.equals(calmIcon)).toBe(true);

    remove();
    events.emit('status/updated', open);
    expect(tray.tooltip).toContain('all systems operational');
  });

  it('a click on the icon (Windows, macOS) opens the Status screen', () => {
    const remove = createStatusTray({ openStatus: () => serving(calm), events: new ApiEventBus(), actions });
    fake.FakeTray.instances[0]!.listeners.get('click')!();
    expect(calls).toEqual(['status']);
    remove();
  });
});

/** A profile switch as the tray hears it (it reads the open profile itself, not the payload). */
const switched = (events: ApiEventBus) => events.emit('network/changed', {} as NetworkInfo);

describe('status tray across profile switches', () => {
  it('appears when a switch opens a profile with a status page, after a start on one without, and goes with the next switch to one without', () => {
    const events = new ApiEventBus();
    let openStatus: ReturnType<typeof serving> | null = null;
    const shown: boolean[] = [];
    const remove = createStatusTray({ openStatus: () => openStatus, events, actions, onShown: (value) => shown.push(value) });
    expect(fake.FakeTray.instances).toHaveLength(0);

    openStatus = serving(open);
    switched(events);
    const tray = fake.FakeTray.instances[0]!;
    expect(tray.tooltip).toContain('minor incident (1 open)');
    expect(shown).toEqual([true]);

    openStatus = null;
    switched(events);
    expect(tray.destroyed).toBe(true);
    expect(shown).toEqual([true, false]);
    // Nothing of the replaced profile brings it back.
    events.emit('status/updated', open);
    expect(fake.FakeTray.instances).toHaveLength(1);
    remove();
  });

  it('after a switch to a page never polled yet (a new profile, an edited address) says it is waiting for it, not that all is well', async () => {
    const events = new ApiEventBus();
    let openStatus = serving(open);
    const remove = createStatusTray({ openStatus: () => openStatus, events, actions });
    const tray = fake.FakeTray.instances[0]!;
    // The real service of a page nothing has polled yet: its snapshot is empty, worst impact none.
    const fresh = createStatusService({ file: ':memory:', source: { upstreamUrl: 'http://127.0.0.1:9/status' } });
    try {
      openStatus = serving(fresh.snapshot());
      switched(events);
      expect(tray.tooltip).toMatch(/: waiting for the first status poll$/);
      expect(tray.tooltip).not.toContain('operational');
      expect(tray.menu.find((item) => item.id === 'no-incidents')?.label).toBe('Waiting for the first status poll');
    } finally {
      await fresh.close();
      remove();
    }
  });

  it('redraws at once from the newly open profile\'s snapshot, not waiting for its first poll', () => {
    const events = new ApiEventBus();
    let openStatus = serving(open);
    const remove = createStatusTray({ openStatus: () => openStatus, events, actions });
    const tray = fake.FakeTray.instances[0]!;
    const openIcon = tray.image.png;
    openStatus = serving(calm);
    switched(events);
    expect(fake.FakeTray.instances).toHaveLength(1);
    expect(tray.tooltip).toContain('all systems operational');
    expect(tray.image.png.equals(openIcon)).toBe(false);
    expect(tray.menu.filter((item) => item.id?.startsWith('incident:'))).toEqual([]);
    remove();
  });
});

// Electron's app and windows are stood in for by a count of open windows and a recorded quit: the
// same decision electron-main.ts makes on window-all-closed and on the tray's onShown.
describe('the app with neither a window nor the tray', () => {
  const started = (platform: NodeJS.Platform, windows: { open: number }) => {
    const quits: string[] = [];
    const lifetime = quitWhenNothingShown({ platform, openWindows: () => windows.open, quit: () => quits.push('quit') });
    const events = new ApiEventBus();
    let openStatus: ReturnType<typeof serving> | null = serving(calm);
    const remove = createStatusTray({ openStatus: () => openStatus, events, actions, onShown: (shown) => lifetime.trayShown(shown) });
    const switchTo = (status: ReturnType<typeof serving> | null) => {
      openStatus = status;
      switched(events);
    };
    return { quits, lifetime, switchTo, remove };
  };

  it('quits when the tray goes after the window was closed (a switch to a profile without a status page, under way as the window closed)', () => {
    const windows = { open: 1 };
    const app = started('linux', windows);
    windows.open = 0;
    app.lifetime.allWindowsClosed();
    expect(app.quits, 'the tray keeps it running').toEqual([]);
    app.switchTo(null);
    expect(app.quits).toEqual(['quit']);
    app.remove();
  });

  it('keeps running while a window is open, or on macOS, when the tray goes; quits when the last window closes with no tray', () => {
    const windows = { open: 1 };
    const app = started('win32', windows);
    app.switchTo(null);
    expect(app.quits).toEqual([]);
    windows.open = 0;
    app.lifetime.allWindowsClosed();
    expect(app.quits).toEqual(['quit']);
    app.remove();

    const mac = started('darwin', { open: 0 });
    mac.lifetime.allWindowsClosed();
    mac.switchTo(null);
    expect(mac.quits).toEqual([]);
    mac.remove();
  });
});

describe('status tray on the real app services', () => {
  const peers = useProfileSuitePeers('mirrordesk-tray-switch-', 'inc0tray');

  it('follows every switch: none on a profile without a status page, the watched page, the demo, none again', async () => {
    const dataDir = saveProfiles(`${peers.dir}/app`, [
      { name: 'plain', mirrorUrl: peers.upstream.urls.mirror },
      { name: 'watched', mirrorUrl: peers.upstream.urls.mirror, statusUrl: peers.statusPage.url },
    ]);
    const app = await startApp({ dataDir, network: 'plain' });
    const shown: boolean[] = [];
    const remove = createStatusTray({ openStatus: () => app.status, events: app.events, actions, onShown: (value) => shown.push(value) });
    expect(fake.FakeTray.instances).toHaveLength(0);

    const firstPoll = new Promise<void>((resolve) => {
      const stop = app.events.on('status/updated', (snapshot) => {
        if (snapshot.unresolved.length > 0) resolve(stop());
      });
    });
    await call(app, 'network/switch', { name: 'watched' });
    const tray = fake.FakeTray.instances[0]!;
    await firstPoll;
    expect(tray.tooltip).toBe('Mirrordesk: Test Network: major incident (1 open)');
    expect(tray.menu.map((item) => item.id)).toContain('incident:inc0tray');

    await call(app, 'network/switch', { name: 'demo' });
    expect(fake.FakeTray.instances).toHaveLength(1);
    expect(tray.tooltip).not.toContain('Test Network');
    expect(tray.menu.map((item) => item.id)).not.toContain('incident:inc0tray');

    await call(app, 'network/switch', { name: 'plain' });
    expect(tray.destroyed).toBe(true);
    expect(shown).toEqual([true, false]);
    remove();
  }, 60_000);
});
