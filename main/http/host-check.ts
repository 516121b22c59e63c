/**
 * DNS-rebinding guard: a page on another site can make a browser send requests to
 * 127.0.0.1 under its own host name. Only loopback names are accepted in `Host`.
 */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** What the local APIs answer (with 403) to a request whose Host is not a loopback name. */
export const FOREIGN_HOST_MESSAGE = 'Forbidden: requests must address a loopback host name';

/** A Host header as RFC 9110 has it: a name, an IPv4 address or a bracketed IPv6 one, then an optional port. */
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/;

/**
 * True when the Host header names a loopback address (any port). Anything else in the header
 * (userinfo, a path, a second host) is refused rather than read past: no browser sends it.
 */
export function isLoopbackHost(hostHeader: string | undefined): boolean {
  if (!hostHeader) return false;
  const match = HOST_HEADER.exec(hostHeader.trim().toLowerCase());
  if (!match) return false;
  const name = match[1]!;
  if (match[2] !== undefined && Number(match[2]) > 65_535) return false;
  if (LOOPBACK_HOSTS.has(name)) return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name) && name.split('.').every((part) => Number(part) <= 255);
}
