import { BrowserWindow, type BrowserWindowConstructorOptions } from 'electron';
import { APP_ENTRY_URL } from './app-protocol.ts';

/**
 * The one window's options. Every security-relevant preference is spelled out even where it is
 * Electron's default, so a reader (and a test) sees the posture without knowing the defaults.
 */
export function mainWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 820,
    minWidth: 800,
    minHeight: 520,
    title: 'Mirrordesk',
    show: false,
    backgroundColor: '#101418',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
    },
  };
}

/**
 * Creates the window and loads the renderer from `app://`, at a hash route when given (a clicked
 * notification opens its incident); shown once it has painted.
 */
export function createMainWindow(preloadPath: string, hash = ''): BrowserWindow {
  const window = new BrowserWindow(mainWindowOptions(preloadPath));
  window.once('ready-to-show', () => window.show());
  void window.loadURL(`${APP_ENTRY_URL}${hash.startsWith('#/') ? hash : ''}`);
  return window;
}
