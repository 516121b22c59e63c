import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  /** Opens the local mirror REST API in the user's browser. */
  openMirrorApi: () => void;
  /** Copies the mirror REST API base URL, for pasting into scripts and SDK configs. */
  copyMirrorUrl: () => void;
}

export interface MenuOptions {
  platform: NodeJS.Platform;
  appName: string;
  /** Packaged builds leave out reload and developer tools. */
  isPackaged: boolean;
  actions: MenuActions;
}

/**
 * The application menu as plain data: File, Edit, View, Window, Help (plus the app menu on
 * macOS), built from standard roles so shortcuts and platform conventions come for free.
 */
export function buildMenuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const mac = options.platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [];
  if (mac) template.push({ label: options.appName, role: 'appMenu' });
  template.push({ label: 'File', submenu: [mac ? { role: 'close' } : { role: 'quit' }] });
  template.push({ label: 'Edit', role: 'editMenu' });
  template.push({
    label: 'View',
    submenu: [
      ...(options.isPackaged ? [] : [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, { type: 'separator' }] satisfies MenuItemConstructorOptions[]),
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  });
  template.push({ label: 'Window', role: 'windowMenu' });
  template.push({
    label: 'Help',
    role: 'help',
    submenu: [
      { id: 'open-mirror-api', label: 'Open Mirror REST API in Browser', click: () => options.actions.openMirrorApi() },
      { id: 'copy-mirror-url', label: 'Copy Mirror REST API URL', click: () => options.actions.copyMirrorUrl() },
    ],
  });
  return template;
}

/** The page the Help item opens: a real endpoint, so the user sees data rather than a 404. */
export function mirrorApiPage(mirrorUrl: string): string {
  return `${mirrorUrl}/api/v1/accounts`;
}
