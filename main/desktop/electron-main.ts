/**
 * The desktop shell's entry (bundled to dist/main/electron-main.js). It owns the app lifecycle;
 * the services are the same plain-Node composition root `serve` uses, with `shell: 'desktop'`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, clipboard, dialog, Menu, protocol, session, shell } from 'electron';
import { startAppServices, type AppServices } from '../services/app-services.ts';
import { APP_SCHEME, createAppProtocolHandler } from './app-protocol.ts';
import { parseDesktopArgs, profilesDir, type DesktopArgs } from './desktop-args.ts';
import { denyAllPermissions, guardWebContents } from './guards.ts';
import { forwardEvents, registerApiIpc } from './ipc.ts';
import { buildMenuTemplate, mirrorApiPage } from './menu.ts';
import { createMainWindow } from './window.ts';

const APP_NAME = 'Mirrordesk';
// This file runs from dist/main/; the renderer and preload are built next to it.
const RENDERER_DIR = fileURLToPath(new URL('../renderer', import.meta.url));
const PRELOAD_PATH = fileURLToPath(new URL('../preload/preload.cjs', import.meta.url));
const log = (line: string): void => console.error(`mirrordesk: ${line}`);

const args = readArgs();
// Before anything reads userData: the same folder `serve` defaults to (see defaultDataDir).
app.setName(APP_NAME);
app.setPath('userData', args.userDataDir ?? path.join(app.getPath('appData'), APP_NAME));
const dataDir = args.explicitDataDir ? args.services.dataDir : profilesDir(app.getPath('userData'));

// Privileges must be registered before `ready`: standard + secure gives app:// a real origin.
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }]);

let services: AppServices | null = null;
let mainWindow: BrowserWindow | null = null;

if (!app.requestSingleInstanceLock()) {
  // Another Mirrordesk owns the data folder and ports; it focuses its window (second-instance).
  app.quit();
} else {
  app.on('second-instance', () => focusWindow());
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, { openExternal: (url) => void shell.openExternal(url), log }));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (services && BrowserWindow.getAllWindows().length === 0) openWindow(services);
  });
  installShutdown();
  void start();
}

async function start(): Promise<void> {
  await app.whenReady();
  denyAllPermissions(session.defaultSession);
  protocol.handle(APP_SCHEME, createAppProtocolHandler(RENDERER_DIR));
  try {
    services = await startAppServices({
      dataDir,
      network: args.services.network,
      demoAccounts: args.services.demoAccounts,
      ports: { mirror: args.services.ports.mirror },
      hostCheck: args.services.hostCheck,
      shell: 'desktop',
      log,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log(`could not start: ${message}`);
    dialog.showErrorBox(`${APP_NAME} could not start`, message);
    app.exit(1);
    return;
  }
  const running = services;
  log(`mirror: ${running.urls.mirror} (data in ${dataDir})`);
  registerApiIpc({ dispatch: running.dispatch, trustedContents: () => (mainWindow && !mainWindow.isDestroyed() ? mainWindow.webContents : null), log });
  Menu.setApplicationMenu(Menu.buildFromTemplate(buildMenuTemplate({
    platform: process.platform,
    appName: APP_NAME,
    isPackaged: app.isPackaged,
    actions: {
      // Our own loopback URL, chosen by main: the https-only rule is for links from the page.
      openMirrorApi: () => void shell.openExternal(mirrorApiPage(running.urls.mirror)),
      copyMirrorUrl: () => clipboard.writeText(running.urls.mirror),
    },
  })));
  openWindow(running);
}

/** A bad flag is a start-up failure like any other: say which one, then stop before `ready`. */
function readArgs(): DesktopArgs {
  try {
    return parseDesktopArgs(process.argv);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log(message);
    dialog.showErrorBox(`${APP_NAME} could not start`, message);
    process.exit(2);
  }
}

function openWindow(running: AppServices): void {
  const window = createMainWindow(PRELOAD_PATH);
  mainWindow = window;
  forwardEvents(running.events, window.webContents);
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = null;
  });
}

function focusWindow(): void {
  if (!mainWindow) return;
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.focus();
}

/** Holds the quit until the services have closed their servers and databases (WAL checkpoint). */
function installShutdown(): void {
  let closed = false;
  app.on('before-quit', (event) => {
    if (closed || !services) return;
    event.preventDefault();
    const running = services;
    services = null;
    running.close().catch((error: unknown) => log(`shutdown: ${error instanceof Error ? error.message : String(error)}`)).finally(() => {
      closed = true;
      app.quit();
    });
  });
}
