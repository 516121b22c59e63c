import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { buildMenuTemplate, mirrorApiPage } from '../../main/desktop/menu.ts';

function template(platform: NodeJS.Platform, isPackaged = true) {
  const calls: string[] = [];
  const items = buildMenuTemplate({ platform, appName: 'Mirrordesk', isPackaged, actions: { openMirrorApi: () => calls.push('open'), copyMirrorUrl: () => calls.push('copy') } });
  return { items, calls };
}

const roles = (items: MenuItemConstructorOptions[] | undefined): string[] => (items ?? []).map((item) => item.role ?? item.type ?? item.id ?? '?');
const submenu = (item: MenuItemConstructorOptions | undefined): MenuItemConstructorOptions[] => (item?.submenu ?? []) as MenuItemConstructorOptions[];

describe('the application menu', () => {
  it('has File, Edit, View, Window and Help on Windows and Linux', () => {
    for (const platform of ['win32', 'linux'] as const) {
      const { items } = template(platform);
      expect(items.map((item) => item.label)).toEqual(['File', 'Edit', 'View', 'Window', 'Help']);
      expect(roles(submenu(items[0]))).toEqual(['quit']);
    }
  });

  it('adds the app menu on macOS, where File closes the window instead of quitting', () => {
    const { items } = template('darwin');
    expect(items.map((item) => item.label)).toEqual(['Mirrordesk', 'File', 'Edit', 'View', 'Window', 'Help']);
    expect(items[0]!.role).toBe('appMenu');
    expect(roles(submenu(items[1]))).toEqual(['close']);
  });

  it('uses the standard roles for Edit and Window', () => {
    const { items } = template('linux');
    expect(items[1]!.role).toBe('editMenu');
    expect(items[3]!.role).toBe('windowMenu');
  });

  it('leaves reload and developer tools out of packaged builds', () => {
    expect(roles(submenu(template('linux', true).items[2]))).toEqual(['resetZoom', 'zoomIn', 'zoomOut', 'separator', 'togglefullscreen']);
    expect(roles(submenu(template('linux', false).items[2]))).toEqual(expect.arrayContaining(['reload', 'toggleDevTools']));
  });

  it('has Help items that open and copy the mirror REST API URL', () => {
    const { items, calls } = template('linux');
    const help = submenu(items[4]);
    expect(help.map((item) => item.id)).toEqual(['open-mirror-api', 'copy-mirror-url']);
    for (const item of help) (item.click as () => void)();
    expect(calls).toEqual(['open', 'copy']);
  });

  it('points the Help item at a real endpoint', () => {
    expect(mirrorApiPage('http://127.0.0.1:47801')).toBe('http://127.0.0.1:47801/api/v1/accounts');
  });
});
