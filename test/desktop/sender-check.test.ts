import { describe, expect, it } from 'vitest';
import { checkIpcSender, type IpcSenderInfo } from '../../main/desktop/sender-check.ts';

const WINDOW_ID = 7;
const fromWindow = (frame: IpcSenderInfo['senderFrame'], id = WINDOW_ID): IpcSenderInfo => ({ sender: { id }, senderFrame: frame });

describe('the IPC sender check', () => {
  it('accepts the top-level app:// frame of our window', () => {
    expect(checkIpcSender(fromWindow({ url: 'app://mirrordesk/index.html#/accounts', parent: null }), WINDOW_ID)).toEqual({ ok: true });
  });

  it('rejects another webContents, even on app://', () => {
    expect(checkIpcSender(fromWindow({ url: 'app://mirrordesk/index.html', parent: null }, 8), WINDOW_ID)).toMatchObject({ ok: false, reason: /window/ });
  });

  it('rejects every call while there is no window', () => {
    expect(checkIpcSender(fromWindow({ url: 'app://mirrordesk/index.html', parent: null }), null).ok).toBe(false);
  });

  it('rejects sub-frames', () => {
    expect(checkIpcSender(fromWindow({ url: 'app://mirrordesk/index.html', parent: {} }), WINDOW_ID)).toMatchObject({ ok: false, reason: /top-level/ });
  });

  it.each(['https://evil.example/', 'file:///tmp/index.html', 'app://other/index.html', 'about:blank', 'devtools://devtools/bundled/x.html'])('rejects a frame showing %s', (url) => {
    expect(checkIpcSender(fromWindow({ url, parent: null }), WINDOW_ID)).toMatchObject({ ok: false, reason: /app:\/\// });
  });

  it('rejects a call whose frame is gone', () => {
    expect(checkIpcSender(fromWindow(null), WINDOW_ID)).toMatchObject({ ok: false, reason: /gone/ });
  });
});
