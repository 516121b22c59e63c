export interface QuitWhenNothingShownDeps {
  /** `process.platform`: macOS apps keep running with no window (the dock brings one back). */
  platform: NodeJS.Platform;
  /** How many app windows are open (Electron's `BrowserWindow.getAllWindows().length`). */
  openWindows: () => number;
  quit: () => void;
}

export interface QuitWhenNothingShown {
  /** The status tray appeared or went (`createStatusTray`'s `onShown`). */
  trayShown(shown: boolean): void;
  /** The last window was closed (Electron's `window-all-closed`). */
  allWindowsClosed(): void;
}

/**
 * When the desktop app quits on its own: on Windows and Linux, once neither a window nor the status
 * tray is left, whichever of the two goes last. The tray's menu is what reopens the window or quits
 * once the window is closed; with neither, the app would run on unseen, with no way back to it.
 * The tray can go after the window: closing it while a switch to a profile without a status page
 * is under way leaves the tray up until the switch completes. Plain (no Electron) so it can be tested.
 */
export function quitWhenNothingShown(deps: QuitWhenNothingShownDeps): QuitWhenNothingShown {
  let trayShown = false;
  const quitIfNothingShown = (): void => {
    if (deps.platform !== 'darwin' && !trayShown && deps.openWindows() === 0) deps.quit();
  };
  return {
    trayShown(shown) {
      trayShown = shown;
      if (!shown) quitIfNothingShown();
    },
    allWindowsClosed: quitIfNothingShown,
  };
}
