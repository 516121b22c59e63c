// The Electron binary cannot run here, so `electron` is replaced by a stand-in: Tray, Menu and
// nativeImage record what our code asks of them. The snapshots are real (the status service on
// the demo feed) and travel over the real API event bus.
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import type { StatusSnapshot } from '../../main/common/status-types.ts';
import { ApiEventBus } from '../../main/services/event-bus.ts';
import { demoStatusSnapshots } from '../helpers/demo-status.ts';

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

describe('status tray', () => {
  it('starts with the current snapshot: a 16 px icon with a 32 px HiDPI representation, tooltip and menu', () => {
    const remove = createStatusTray({ initial: calm, events: new ApiEventBus(), actions });
    const tray = fake.FakeTray.instances[0]!;
    expect(tray.image.representations).toEqual([{ scaleFactor: 1, size: 16 }, { scaleFactor: 2, size: 32 }]);
    expect(tray.tooltip).toBe('Mirrordesk: Demo Network (sample status data): all systems operational');
    expect(tray.menu.find((item) => item.id === 'no-incidents')).toBeDefined();
    remove();
    expect(tray.destroyed).toBe(true);
  });

  it('follows status/updated: new icon, tooltip and incident items when an incident opens, and back', () => {
    const events = new ApiEventBus();
    const remove = createStatusTray({ initial: calm, events, actions });
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
    const remove = createStatusTray({ initial: null, events: new ApiEventBus(), actions });
    fake.FakeTray.instances[0]!.listeners.get('click')!();
    expect(calls).toEqual(['status']);
    expect(fake.FakeTray.instances[0]!.tooltip).toBe('Mirrordesk: starting…');
    remove();
  });
});
