/**
 * The desktop shell's entry (bundled to dist/main/electron-main.js). It owns the app lifecycle;
 * the services are the same plain-Node composition root `serve` uses, with `shell: 'desktop'`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, clipboard, dialog, Menu, net, Notification, powerMonitor, protocol, session, shell } from 'electron';
import { servicesOptionsOf } from '../cli/services-options.ts';
import { STATUS_HASH, statusIncidentHash } from '../common/app-routes.ts';
import { startAppServices, type AppServices } from '../services/app-services.ts';
import { lockDataDir, type DataDirLock } from '../services/data-dir-lock.ts';
import { APP_SCHEME, createAppProtocolHandler } from './app-protocol.ts';
import { closingCalls, type ClosingCalls } from './closing-calls.ts';
import { parseDesktopArgs, profilesDir, unknownFlagsLine, type DesktopArgs } from './desktop-args.ts';
import { grantOnlyClipboardWrites, guardWebContents } from './guards.ts';
import { forwardEvents, registerApiIpc } from './ipc.ts';
import { eventIpcChannel } from './ipc-names.ts';
import { buildMenuTemplate, mirrorApiPage } from './menu.ts';
import { quitAfterClose } from './quit-after-close.ts';
import { startQuitting } from './quit-in-order.ts';
import { quitWhenNothingShown } from './quit-when-nothing-shown.ts';
import { alreadyRunningLine, flagsOfSecondLaunch, secondLaunchData, secondLaunchNotice } from './second-launch.ts';
import { showStatusNotifications } from './status-notifications.ts';
import { createStatusTray } from './status-tray.ts';
import { createMainWindow } from './window.ts';

const APP_NAME = 'Mirrordesk';
// This file runs from dist/main/; the renderer and preload are built next to it.
const RENDERER_DIR = fileURLToPath(new URL('../renderer', import.meta.url));
const PRELOAD_PATH = fileURLToPath(new URL('../preload/preload.cjs', import.meta.url));
const log = (line: string): void => console.error(`mirrordesk: ${line}`);

const args = readArgs();
for (const flag of args.ignored) log(`${flag} is for the web UI of npm run serve; the desktop app has none, so it is not used`);
// Unknown arguments are skipped (Chromium's switches are among them): a mistyped flag is still named.
const unknownFlags = unknownFlagsLine(args.unknown);
if (unknownFlags) log(unknownFlags);
// Before anything reads userData: the same folder `serve` defaults to (see defaultDataDir).
app.setName(APP_NAME);
app.setPath('userData', args.userDataDir ?? path.join(app.getPath('appData'), APP_NAME));
const dataDir = args.explicitDataDir ? args.services.dataDir : profilesDir(app.getPath('userData'));

// Privileges must be registered before `ready`: standard + secure gives app:// a real origin.
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }]);

/**
 * The running services and the window's way to them (closing-calls.ts), shut first when the app
 * quits: set together, so a quit always finds both.
 */
let started: { services: AppServices; calls: ClosingCalls } | null = null;
/** The data folder taken for this run: `serve` on the same folder is refused while the app runs, and the app while it does. */
let dataDirLock: DataDirLock | null = null;
let mainWindow: BrowserWindow | null = null;
/** Tray and notification subscriptions, removed before the services close. */
const statusCleanups: Array<() => void> = [];
/** Closing the last window leaves the app running while the status tray is shown; the tray going then quits it. */
const lifetime = quitWhenNothingShown({ platform: process.platform, openWindows: () => BrowserWindow.getAllWindows().length, quit: () => app.quit() });

const launchData = secondLaunchData(args.given);
if (!app.requestSingleInstanceLock(launchData)) {
  // Another Mirrordesk owns the data folder and ports; it focuses its window (second-instance).
  log(alreadyRunningLine(launchData.flags));
  app.quit();
} else {
  // Starting the app again shows it, also when only the tray kept it running; flags it came with are not applied.
  app.on('second-instance', (_event, _argv, _workingDirectory, additionalData) => {
    if (started) showAt(started.services, '');
    const notice = secondLaunchNotice(flagsOfSecondLaunch(additionalData));
    if (!notice) return;
    log(notice.log);
    if (Notification.isSupported()) new Notification({ title: notice.title, body: notice.body }).show();
  });
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, {
    openExternal: (url) => void shell.openExternal(url),
    log,
    // Plain http links are let out only to the open profile's status page (a page on a local network).
    statusSource: () => started?.services.status?.source ?? null,
  }));
  // With a tray the app keeps watching the network's status; its menu reopens the window or quits.
  app.on('window-all-closed', () => lifetime.allWindowsClosed());
  app.on('activate', () => {
    if (started && BrowserWindow.getAllWindows().length === 0) openWindow(started.services);
  });
  installShutdown();
  void start();
}

async function start(): Promise<void> {
  await app.whenReady();
  grantOnlyClipboardWrites(session.defaultSession);
  protocol.handle(APP_SCHEME, createAppProtocolHandler(RENDERER_DIR));
  let running: AppServices;
  try {
    // Before anything opens in the folder; the single-instance lock above keeps out only another desktop app.
    dataDirLock = lockDataDir(dataDir, 'desktop', log);
    running = await startAppServices({
      ...servicesOptionsOf(args.services),
      dataDir,
      shell: 'desktop',
      // No status polls while the machine has no network (they would only fail and back off).
      isOnline: () => net.isOnline(),
      log,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log(`could not start: ${message}`);
    dataDirLock?.release();
    dialog.showErrorBox(`${APP_NAME} could not start`, message);
    app.exit(1);
    return;
  }
  const calls = closingCalls(running.dispatch);
  started = { services: running, calls };
  log(`mirror: ${running.urls.mirror} (data in ${dataDir})`);
  if (running.urls.status) log(`status: ${running.urls.status}`);
  if (running.urls.verify) log(`verify: ${running.urls.verify}`);
  registerApiIpc({ dispatch: calls.dispatch, trustedContents: () => (mainWindow && !mainWindow.isDestroyed() ? mainWindow.webContents : null), log });
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
  installStatus(running);
  openWindow(running);
}

/**
 * Tray icon, OS notifications and sleep awareness for the open profile's status feed. Installed
 * whatever the profile at start-up: a switch can bring a status page to a profile that had none,
 * or take it away. A switch replaces the status service, so the tray and sleep handling reach
 * whichever one is open when they act (`running.status` is a getter), never the start-up one.
 */
function installStatus(running: AppServices): void {
  const openHash = (hash: string): void => showAt(running, hash);
  statusCleanups.push(showStatusNotifications({ events: running.events, openHash, log }).stop);
  statusCleanups.push(createStatusTray({
    openStatus: () => running.status,
    events: running.events,
    actions: {
      openIncident: (id) => openHash(statusIncidentHash(id)),
      openStatus: () => openHash(STATUS_HASH),
      openApp: () => showAt(running, ''),
      pollNow: () => void running.status?.poller.pollNow(),
      quit: () => app.quit(),
    },
    // Removing the tray at quit (its cleanup) does not call onShown: that is no reason to quit again.
    onShown: (shown) => lifetime.trayShown(shown),
  }));
  // A sleeping machine must not poll; on wake the poller catches up (never within 10 s of the last poll).
  const suspend = (): void => running.status?.poller.suspend();
  const resume = (): void => running.status?.poller.resume();
  powerMonitor.on('suspend', suspend);
  powerMonitor.on('resume', resume);
  statusCleanups.push(() => {
    powerMonitor.off('suspend', suspend);
    powerMonitor.off('resume', resume);
  });
}

/** Brings the window up (creating it if there is none) and, given a hash, shows that place in the app. */
function showAt(running: AppServices, hash: string): void {
  if (!mainWindow || mainWindow.isDestroyed()) {
    openWindow(running, hash);
    return;
  }
  focusWindow();
  if (hash) mainWindow.webContents.send(eventIpcChannel('app/navigate'), { hash });
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

function openWindow(running: AppServices, hash = ''): void {
  const window = createMainWindow(PRELOAD_PATH, hash);
  mainWindow = window;
  forwardEvents(running.events, window.webContents);
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = null;
  });
}

function focusWindow(): void {
  if (!mainWindow) return;
  if (mainWindow.isMinimized()) mainWindow.restore();
  if (!mainWindow.isVisible()) mainWindow.show();
  mainWindow.focus();
}

/**
 * Holds the quit until the services have closed their servers and databases (WAL checkpoint),
 * for at most the limit `serve` has on Ctrl-C (quit-after-close.ts). First, at once, the window's
 * calls are refused and the window hidden, as `serve` closes its web UI first (quit-in-order.ts).
 * A second quit meanwhile (the tray's Quit again) goes through at once.
 */
function installShutdown(): void {
  app.on('before-quit', quitAfterClose({
    takeServices: () => {
      const running = started;
      if (!running) return null;
      started = null;
      return startQuitting({
        services: running.services,
        calls: running.calls,
        hideWindow: () => {
          if (mainWindow && !mainWindow.isDestroyed()) mainWindow.hide();
        },
        cleanups: statusCleanups.splice(0),
      });
    },
    quit: () => app.quit(),
    log,
  }));
  // Once the services have closed (the quit above waits for them).
  app.on('quit', () => dataDirLock?.release());
}
