import { Menu, nativeImage, Tray, type NativeImage } from 'electron';
import type { StatusImpact, StatusSnapshot } from '../common/status-types.ts';
import type { ApiEventBus } from '../services/event-bus.ts';
import { statusIconPng } from './status-icon.ts';
import { trayMenuTemplate, trayTooltip, type TrayActions } from './tray-model.ts';

export interface StatusTrayDeps {
  /** The snapshot now (the tray's first look); later ones arrive as `status/updated` events. */
  initial: StatusSnapshot | null;
  events: ApiEventBus;
  actions: TrayActions;
}

/** A 16 px icon with a 32 px representation, so HiDPI panels get a sharp dot. */
export function trayImage(impact: StatusImpact): NativeImage {
  const image = nativeImage.createFromBuffer(statusIconPng(impact, 16), { scaleFactor: 1 });
  image.addRepresentation({ scaleFactor: 2, buffer: statusIconPng(impact, 32) });
  return image;
}

/**
 * The tray icon: its colour and tooltip follow the worst open impact, its menu lists the
 * unresolved incidents. Returns the function that removes it.
 */
export function createStatusTray(deps: StatusTrayDeps): () => void {
  let impact = deps.initial?.worstImpact ?? 'none';
  const tray = new Tray(trayImage(impact));
  const render = (snapshot: StatusSnapshot | null): void => {
    if (tray.isDestroyed()) return;
    const next = snapshot?.worstImpact ?? 'none';
    if (next !== impact) {
      impact = next;
      tray.setImage(trayImage(next));
    }
    tray.setToolTip(trayTooltip(snapshot));
    tray.setContextMenu(Menu.buildFromTemplate(trayMenuTemplate(snapshot, deps.actions)));
  };
  render(deps.initial);
  // Windows and macOS do act on a click: open the Status screen, the tray's subject.
  tray.on('click', () => deps.actions.openStatus());
  const stop = deps.events.on('status/updated', render);
  return () => {
    stop();
    if (!tray.isDestroyed()) tray.destroy();
  };
}
