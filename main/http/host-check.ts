/**
 * DNS-rebinding guard: a page on another site can make a browser send requests to
 * 127.0.0.1 under its own host name. Only loopback names are accepted in `Host`.
 */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** What the local APIs answer (with 403) to a request whose Host is not a loopback name. */
export const FOREIGN_HOST_MESSAGE = 'Forbidden: requests must address a loopback host name';

/** True when the Host header names a loopback address (any port). */
export function isLoopbackHost(hostHeader: string | undefined): boolean {
  if (!hostHeader) return false;
  const host = hostHeader.trim().toLowerCase();
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!;
  if (LOOPBACK_HOSTS.has(name)) return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name) && name.split('.').every((part) => Number(part) <= 255);
}
