import type { Session, WebContents } from 'electron';
import type { StatusSnapshot } from '../common/status-types.ts';
import { isAppUrl } from './app-protocol.ts';

/** What to do when the page tries to go to `url`. */
export type NavigationDecision = 'allow' | 'open-external' | 'deny';

/**
 * Only https links may leave the app, and only to the user's browser: the window itself never
 * shows remote content, and file/custom schemes are refused outright. Plain http only to
 * `httpOrigin`, the open profile's status page when the user configured one there (a Statuspage
 * on a local network, which `--status-upstream` and a profile's `statusUrl` accept): the Status
 * screen links to that page and its incidents, as the web UI does.
 */
export function isSafeExternalUrl(url: string, httpOrigin: string | null = null): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.hostname === '' || parsed.username !== '' || parsed.password !== '') return false;
  return parsed.protocol === 'https:' || (parsed.protocol === 'http:' && parsed.origin === httpOrigin);
}

/**
 * The origin of the status page a status service watches, for `isSafeExternalUrl`; null for none,
 * and for the demo's sample history (its label names no page).
 */
export function statusPageOrigin(source: StatusSnapshot['source'] | null): string | null {
  if (source === null || source.demo || !URL.canParse(source.label)) return null;
  const { origin, protocol } = new URL(source.label);
  return protocol === 'http:' || protocol === 'https:' ? origin : null;
}

/** In-window navigation: stay on `app://mirrordesk`; anything else goes to the browser or nowhere. */
export function decideNavigation(url: string, httpOrigin: string | null = null): NavigationDecision {
  if (isAppUrl(url)) return 'allow';
  return isSafeExternalUrl(url, httpOrigin) ? 'open-external' : 'deny';
}

/** `window.open` and `target=_blank`: never a new Electron window. */
export function decideWindowOpen(url: string, httpOrigin: string | null = null): Exclude<NavigationDecision, 'allow'> {
  return isSafeExternalUrl(url, httpOrigin) ? 'open-external' : 'deny';
}

export interface GuardDeps {
  openExternal: (url: string) => void;
  log: (line: string) => void;
  /** What the open profile's status service watches (null: no status page), read at each link: a switch changes it. */
  statusSource?: () => StatusSnapshot['source'] | null;
}

/**
 * Wires the decisions above into one webContents: navigation, redirects, new windows and
 * `<webview>`. Applied to every webContents the app creates (see `web-contents-created`).
 */
export function guardWebContents(contents: WebContents, deps: GuardDeps): void {
  const httpOrigin = (): string | null => statusPageOrigin(deps.statusSource?.() ?? null);
  const onNavigate = (event: { preventDefault(): void }, url: string): void => {
    const decision = decideNavigation(url, httpOrigin());
    if (decision === 'allow') return;
    event.preventDefault();
    if (decision === 'open-external') deps.openExternal(url);
    else deps.log(`blocked navigation to ${url}`);
  };
  contents.on('will-navigate', (event) => onNavigate(event, event.url));
  contents.on('will-frame-navigate', (event) => {
    // The main frame is handled by will-navigate above (which may open the link externally).
    if (!event.isMainFrame && !isAppUrl(event.url)) {
      event.preventDefault();
      deps.log(`blocked frame navigation to ${event.url}`);
    }
  });
  contents.on('will-redirect', (event) => {
    if (!isAppUrl(event.url)) {
      event.preventDefault();
      deps.log(`blocked redirect to ${event.url}`);
    }
  });
  contents.setWindowOpenHandler(({ url }) => {
    if (decideWindowOpen(url, httpOrigin()) === 'open-external') deps.openExternal(url);
    else deps.log(`blocked window.open of ${url}`);
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    deps.log('blocked a <webview>');
  });
}

/**
 * The one permission the renderer uses: writing text to the clipboard (its copy buttons), which
 * Chromium checks as `clipboard-sanitized-write` and refused while every check answered false.
 * Granted to the app's own pages only. It needs no camera, notifications-from-web, geolocation or
 * clipboard reads: those are refused.
 */
const GRANTED: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

export function grantOnlyClipboardWrites(session: Session): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => callback(GRANTED.has(permission) && isAppUrl(details.requestingUrl ?? '')));
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) => GRANTED.has(permission) && isAppUrl(requestingOrigin));
}
