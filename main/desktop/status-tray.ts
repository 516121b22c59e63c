import { Menu, nativeImage, Tray, type NativeImage } from 'electron';
import type { StatusSnapshot } from '../common/status-types.ts';
import type { ApiEventBus } from '../services/event-bus.ts';
import { statusIconPng, type TrayTone } from './status-icon.ts';
import { trayMenuTemplate, trayTone, trayTooltip, type TrayActions } from './tray-model.ts';

/** What the tray reads of a status service: its snapshot now. */
interface TrayStatusSource {
  snapshot(): StatusSnapshot;
}

export interface StatusTrayDeps {
  /**
   * The open profile's status service, null while it has no status page. Read at start and at
   * every `network/changed` (a profile switch replaces the service), so pass a getter.
   */
  openStatus: () => TrayStatusSource | null;
  events: ApiEventBus;
  actions: TrayActions;
  /**
   * Told whenever the tray appears or goes (not when the returned function removes it): the app
   * keeps running without a window only while there is one (quit-when-nothing-shown.ts).
   */
  onShown?: (shown: boolean) => void;
}

/** A 16 px icon with a 32 px representation, so HiDPI panels get a sharp dot. */
export function trayImage(tone: TrayTone): NativeImage {
  const image = nativeImage.createFromBuffer(statusIconPng(tone, 16), { scaleFactor: 1 });
  image.addRepresentation({ scaleFactor: 2, buffer: statusIconPng(tone, 32) });
  return image;
}

interface TrayIcon {
  render(snapshot: StatusSnapshot): void;
  remove(): void;
}

/** The icon itself: its colour (trayTone) and tooltip follow the worst open impact, its menu lists the unresolved incidents. */
function openTrayIcon(initial: StatusSnapshot, actions: TrayActions): TrayIcon {
  let tone = trayTone(initial);
  const tray = new Tray(trayImage(tone));
  const render = (snapshot: StatusSnapshot): void => {
    if (tray.isDestroyed()) return;
    if (trayTone(snapshot) !== tone) {
      tone = trayTone(snapshot);
      tray.setImage(trayImage(tone));
    }
    tray.setToolTip(trayTooltip(snapshot));
    tray.setContextMenu(Menu.buildFromTemplate(trayMenuTemplate(snapshot, actions)));
  };
  render(initial);
  // Windows and macOS do act on a click: open the Status screen, the tray's subject.
  tray.on('click', () => actions.openStatus());
  return {
    render,
    remove: () => {
      if (!tray.isDestroyed()) tray.destroy();
    },
  };
}

/**
 * The status tray of whichever profile is open, at start-up and after every switch: shown while
 * that profile has a status page, drawn from its service's snapshot at once (its first poll may be
 * a minute away, and until then the tray would show the previous profile's page), redrawn on each
 * `status/updated`, and gone while the open profile has no status page (nothing to watch: with no
 * window either, the app quits, quit-when-nothing-shown.ts). Returns the function that removes it.
 */
export function createStatusTray(deps: StatusTrayDeps): () => void {
  let following: TrayStatusSource | null = null;
  let icon: TrayIcon | null = null;
  const follow = (): void => {
    const status = deps.openStatus();
    if (status === following) return;
    following = status;
    if (status === null) {
      icon?.remove();
      icon = null;
      deps.onShown?.(false);
    } else if (icon) {
      icon.render(status.snapshot());
    } else {
      icon = openTrayIcon(status.snapshot(), deps.actions);
      deps.onShown?.(true);
    }
  };
  follow();
  const stops = [
    deps.events.on('network/changed', follow),
    deps.events.on('status/updated', (snapshot) => {
      // Only the open profile's service is heard (a replaced one is silenced first); following it
      // first keeps the tray right whichever of the two events a switch delivers first.
      follow();
      icon?.render(snapshot);
    }),
  ];
  return () => {
    for (const stop of stops.splice(0)) stop();
    icon?.remove();
    icon = null;
  };
}
