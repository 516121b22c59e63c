/**
 * A URL as an error message may show it: its scheme and host, `…@` where a user name or password
 * was, the first segment of its path and `/…` for the rest, and `?…` (`#…`) for its query
 * (fragment). API keys travel in all of these (`https://mainnet.infura.io/v3/KEY`, `…/v2/KEY`,
 * `?apikey=`), and messages end up in terminals, logs and bug reports.
 * Works on any text: messages quote what the user typed, a URL that does not parse included
 * (`296:https://me:secret@rpc…`), and a parser reads credentials where the text has no `//`
 * (`https:/me:secret@host`, `https:\\me:secret@host`).
 */
export function urlForMessage(text: string): string {
  const url = parsedUrl(text);
  if (url !== null) {
    // A parser gives `https://host` the path `/`: shown as typed, without it, unless `?…` follows.
    const shownPath = url.pathname === '/' && !url.search && !url.hash ? '' : shortPath(url.pathname);
    return `${url.protocol}//${url.username || url.password ? '…@' : ''}${url.host}${shownPath}${url.search ? '?…' : ''}${url.hash ? '#…' : ''}`;
  }
  return text
    .replace(URL_IN_TEXT, (_match, scheme: string, credentials: string | undefined, host: string, path: string) => `${scheme}${credentials ? '…@' : ''}${host}${shortPath(path)}`)
    .replace(/\?.*$/s, '?…')
    .replace(/#.*$/s, '#…');
}

/**
 * A scheme anywhere in the text, then what a parser might take for credentials (up to an `@`),
 * the host, and the path up to a query, a fragment or a space.
 */
const URL_IN_TEXT = /([a-z][\w+.-]*:[/\\]*)([^\s@]*@)?([^/\\?#\s]*)([^?#\s]*)/gi;

/**
 * Longer first segments are not shown: names such as `wasm`, `v3` or `api` are short, while keys
 * put first in the path (`https://…quiknode.pro/TOKEN/`, `https://…blastapi.io/PROJECT_ID`) are
 * 32 characters and more.
 */
const MAX_SHOWN_SEGMENT = 16;

/** The text as a URL with a host (`http://h/…`, `foo://h`); null where it has none (`mailto:x`, `sepolia=https://…`). */
function parsedUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.host === '' ? null : url;
  } catch {
    return null;
  }
}

/** `/v3/KEY` → `/v3/…`, `/wasm/` as it is, a long first segment `/…`. */
function shortPath(path: string): string {
  const match = /^([/\\])([^/\\]*)([/\\]?)(.*)$/s.exec(path);
  if (!match) return path;
  const [, slash, first, next, rest] = match as unknown as [string, string, string, string, string];
  if (first.length > MAX_SHOWN_SEGMENT) return `${slash}…`;
  return `${slash}${first}${next}${rest ? '…' : ''}`;
}
