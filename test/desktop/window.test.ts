// The Electron binary cannot run here, so `electron` is replaced by a stand-in; only the
// options our window is created with are checked, which is where its security posture lives.
import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => ({ BrowserWindow: class {} }));
const { mainWindowOptions } = await import('../../main/desktop/window.ts');

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
});
