import type { ClosingCalls } from './closing-calls.ts';

export interface QuitParts {
  services: { close(): Promise<void> };
  /** The window's calls (closing-calls.ts). */
  calls: Pick<ClosingCalls, 'close'>;
  hideWindow(): void;
  /** Tray, notifications, sleep watch: they read the services, so they go before anything closes. */
  cleanups: ReadonlyArray<() => void>;
}

/**
 * What the desktop app does once a quit is asked, in `serve`'s order (its web UI first): at once,
 * the window's calls are refused (`unavailable: the app is shutting down`), the window is hidden and
 * the status tray and notifications are removed; the services close only once the calls already
 * under way have answered. The quit may take up to 10 s (quit-after-close.ts): meanwhile nothing
 * is shown that could still reach the services, which used to answer from closed databases.
 * Returns what `quitAfterClose` closes. Plain (no Electron), so the order is tested.
 */
export function startQuitting(parts: QuitParts): { close(): Promise<void> } {
  const callsAnswered = parts.calls.close();
  parts.hideWindow();
  for (const cleanup of parts.cleanups) cleanup();
  return {
    close: async () => {
      await callsAnswered;
      await parts.services.close();
    },
  };
}
