// The Electron binary cannot run here, so `electron` is replaced by a stand-in; only the
// options our window is created with are checked, which is where its security posture lives.
import { describe, expect, it, vi } from 'vitest';

// The stand-in BrowserWindow records the URL it is asked to load.
const loaded = vi.hoisted(() => [] as string[]);
vi.mock('electron', () => ({
  BrowserWindow: class {
    once() {}
    show() {}
    loadURL(url: string) { loaded.push(url); return Promise.resolve(); }
  },
}));
const { createMainWindow, mainWindowOptions } = await import('../../main/desktop/window.ts');

describe('the main window options', () => {
  it('isolates and sandboxes the renderer, with no Node and full web security', () => {
    const { webPreferences } = mainWindowOptions('/app/dist/preload/preload.cjs');
    expect(webPreferences).toMatchObject({
      preload: '/app/dist/preload/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('stays hidden until the first paint', () => {
    expect(mainWindowOptions('/p').show).toBe(false);
  });

  it('opens at a hash route when asked (a clicked notification opens its incident), and only at one', () => {
    loaded.length = 0;
    createMainWindow('/p');
    createMainWindow('/p', '#/status?incident=abc');
    createMainWindow('/p', 'https://evil.example/');
    expect(loaded).toEqual(['app://mirrordesk/index.html', 'app://mirrordesk/index.html#/status?incident=abc', 'app://mirrordesk/index.html']);
  });
});
