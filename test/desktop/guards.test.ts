import type { Session, WebContents } from 'electron';
import { describe, expect, it } from 'vitest';
import { decideNavigation, decideWindowOpen, grantOnlyClipboardWrites, guardWebContents, isSafeExternalUrl, statusPageOrigin } from '../../main/desktop/guards.ts';

describe('which links may open in the browser', () => {
  it.each([
    ['https://docs.hedera.com/', true],
    ['https://hashscan.io/mainnet/account/0.0.2', true],
    ['http://example.com/', false],
    ['http://127.0.0.1:47801/api/v1/accounts', false],
    ['https://user:pass@example.com/', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['smb://server/share', false],
    ['app://mirrordesk/index.html', false],
    ['https://', false],
    ['', false],
  ])('%s -> %s', (url, expected) => {
    expect(isSafeExternalUrl(url)).toBe(expected);
  });
});

describe('plain http links to the open profile\'s status page', () => {
  const LAN_PAGE = { label: 'http://status.lan:8080/hedera', demo: false };

  it('are let out to the browser for the status page\'s origin only', () => {
    const origin = statusPageOrigin(LAN_PAGE);
    expect(origin).toBe('http://status.lan:8080');
    expect(isSafeExternalUrl('http://status.lan:8080/', origin)).toBe(true);
    expect(isSafeExternalUrl('http://status.lan:8080/incidents/abc', origin)).toBe(true);
    expect(isSafeExternalUrl('http://status.lan:8081/', origin)).toBe(false);
    expect(isSafeExternalUrl('http://other.lan:8080/', origin)).toBe(false);
    expect(isSafeExternalUrl('http://user:pass@status.lan:8080/', origin)).toBe(false);
    expect(isSafeExternalUrl('https://hashscan.io/', origin)).toBe(true);
    expect(decideWindowOpen('http://status.lan:8080/incidents/abc', origin)).toBe('open-external');
    expect(decideNavigation('http://status.lan:8080/', origin)).toBe('open-external');
  });

  it('are refused without a status page, for the demo\'s sample history, and for a page on https', () => {
    expect(statusPageOrigin(null)).toBeNull();
    expect(statusPageOrigin({ label: 'demo network (sample data)', demo: true })).toBeNull();
    expect(statusPageOrigin({ label: 'not a url', demo: false })).toBeNull();
    expect(isSafeExternalUrl('http://status.hedera.com/', statusPageOrigin({ label: 'https://status.hedera.com', demo: false }))).toBe(false);
  });
});

describe('navigation decisions', () => {
  it('allows in-app navigation only', () => {
    expect(decideNavigation('app://mirrordesk/index.html#/accounts')).toBe('allow');
    expect(decideNavigation('app://elsewhere/index.html')).toBe('deny');
  });

  it('sends https away to the browser and refuses everything else', () => {
    expect(decideNavigation('https://hashscan.io/')).toBe('open-external');
    expect(decideNavigation('http://example.com/')).toBe('deny');
    expect(decideNavigation('file:///tmp/x.html')).toBe('deny');
  });

  it('never opens a new app window, not even for app:// URLs', () => {
    expect(decideWindowOpen('app://mirrordesk/index.html')).toBe('deny');
    expect(decideWindowOpen('https://hashscan.io/')).toBe('open-external');
    expect(decideWindowOpen('about:blank')).toBe('deny');
  });
});

/** A stand-in webContents that records listeners, enough to fire the guard events by hand. */
function fakeContents(): { contents: WebContents; fire: (name: string, event: object) => boolean; openHandler: (url: string) => unknown } {
  const listeners = new Map<string, (event: object) => void>();
  let openHandler: ((details: { url: string }) => unknown) | null = null;
  const contents = {
    on(name: string, listener: (event: object) => void) {
      listeners.set(name, listener);
      return contents;
    },
    setWindowOpenHandler(handler: (details: { url: string }) => unknown) {
      openHandler = handler;
    },
  } as unknown as WebContents;
  return {
    contents,
    fire(name, event) {
      let prevented = false;
      listeners.get(name)!({ ...event, preventDefault: () => { prevented = true; } });
      return prevented;
    },
    openHandler: (url) => openHandler!({ url }),
  };
}

describe('the guards on a webContents', () => {
  const setup = () => {
    const opened: string[] = [];
    const logged: string[] = [];
    const fake = fakeContents();
    guardWebContents(fake.contents, { openExternal: (url) => opened.push(url), log: (line) => logged.push(line) });
    return { ...fake, opened, logged };
  };

  it('lets in-app navigation through and stops the rest, opening https links externally', () => {
    const guard = setup();
    expect(guard.fire('will-navigate', { url: 'app://mirrordesk/index.html' })).toBe(false);
    expect(guard.fire('will-navigate', { url: 'https://hashscan.io/' })).toBe(true);
    expect(guard.fire('will-navigate', { url: 'file:///etc/passwd' })).toBe(true);
    expect(guard.opened).toEqual(['https://hashscan.io/']);
    expect(guard.logged).toEqual(['blocked navigation to file:///etc/passwd']);
  });

  it('blocks sub-frame navigation and redirects that leave app://', () => {
    const guard = setup();
    expect(guard.fire('will-frame-navigate', { url: 'https://evil.example/', isMainFrame: false })).toBe(true);
    expect(guard.fire('will-frame-navigate', { url: 'app://mirrordesk/x.html', isMainFrame: false })).toBe(false);
    expect(guard.fire('will-redirect', { url: 'https://evil.example/' })).toBe(true);
    expect(guard.opened).toEqual([]);
  });

  it('denies every window.open, opening only https links externally', () => {
    const guard = setup();
    expect(guard.openHandler('https://hashscan.io/')).toEqual({ action: 'deny' });
    expect(guard.openHandler('app://mirrordesk/index.html')).toEqual({ action: 'deny' });
    expect(guard.openHandler('http://example.com/')).toEqual({ action: 'deny' });
    expect(guard.opened).toEqual(['https://hashscan.io/']);
  });

  it('opens http links to the open profile\'s status page externally, reading it at each link', () => {
    const opened: string[] = [];
    const logged: string[] = [];
    let source: { label: string; demo: boolean } | null = { label: 'http://status.lan:8080', demo: false };
    const fake = fakeContents();
    guardWebContents(fake.contents, { openExternal: (url) => opened.push(url), log: (line) => logged.push(line), statusSource: () => source });
    expect(fake.openHandler('http://status.lan:8080/incidents/abc')).toEqual({ action: 'deny' });
    expect(fake.fire('will-navigate', { url: 'http://status.lan:8080/' })).toBe(true);
    // A switch to a profile without a status page: the same link is refused.
    source = null;
    fake.openHandler('http://status.lan:8080/incidents/abc');
    expect(opened).toEqual(['http://status.lan:8080/incidents/abc', 'http://status.lan:8080/']);
    expect(logged).toEqual(['blocked window.open of http://status.lan:8080/incidents/abc']);
  });

  it('prevents <webview> from attaching', () => {
    expect(setup().fire('will-attach-webview', {})).toBe(true);
  });
});

describe('permissions', () => {
  it("grants clipboard writes (the copy buttons) to the app's pages and refuses every other request and check", () => {
    let requestHandler: ((c: unknown, p: string, callback: (granted: boolean) => void, details: { requestingUrl?: string }) => void) | null = null;
    let checkHandler: ((c: unknown, p: string, origin: string) => boolean) | null = null;
    const session = {
      setPermissionRequestHandler: (handler: typeof requestHandler) => { requestHandler = handler; },
      setPermissionCheckHandler: (handler: typeof checkHandler) => { checkHandler = handler; },
    } as unknown as Session;
    grantOnlyClipboardWrites(session);
    const permissions = ['media', 'geolocation', 'notifications', 'clipboard-read', 'clipboard-sanitized-write', 'unknown'];
    const request = (permission: string, requestingUrl: string) => {
      let answer: boolean | null = null;
      requestHandler!(null, permission, (granted) => { answer = granted; }, { requestingUrl });
      return answer;
    };
    expect(permissions.map((permission) => request(permission, 'app://mirrordesk/index.html'))).toEqual([false, false, false, false, true, false]);
    expect(permissions.map((permission) => checkHandler!(null, permission, 'app://mirrordesk'))).toEqual([false, false, false, false, true, false]);
    // Another origin (a page the guards somehow let in) gets nothing.
    expect(request('clipboard-sanitized-write', 'https://example.com/')).toBe(false);
    expect(checkHandler!(null, 'clipboard-sanitized-write', 'https://example.com')).toBe(false);
  });
});
