import { ApiFailure } from '../bridge/api-error.ts';
import { LOOPBACK } from '../http/listen.ts';
import type { NetworkProfile } from './network-profiles.ts';

/** The app's own local HTTP services, by base URL (null: not running, or its port not known yet). */
export interface OwnServiceUrls {
  mirror: string | null;
  status: string | null;
  verify: string | null;
}

type OwnService = keyof OwnServiceUrls;

const SERVICE_NAMES: Readonly<Record<OwnService, string>> = {
  mirror: 'mirror API',
  status: 'status API',
  verify: 'verification API',
};

/** Where a service on a configured port answers; null for port 0 (a free port, not known before it is bound). */
export function loopbackUrl(port: number | undefined): string | null {
  return port ? `http://${LOOPBACK}:${port}` : null;
}

/**
 * What is wrong with giving `url` as a profile's mirror node or status page when it is one of this
 * app's own services: a profile syncing from the app's mirror API copies the open profile into
 * itself and reads as "up to date"; one watching its status API watches itself. Null: it is not.
 */
export function ownServiceProblem(url: string, role: 'mirror' | 'status', own: OwnServiceUrls): string | null {
  const service = ownServiceAt(url, own);
  if (service === null) return null;
  const name = `this app's own ${SERVICE_NAMES[service]}`;
  if (role === 'mirror' && service === 'mirror') {
    return `${url} is ${name}: it serves the open profile's data, not a network, so a profile syncing from it would copy from itself. Give the address of a network's mirror node, e.g. http://127.0.0.1:5551 for a local node.`;
  }
  if (role === 'status' && service === 'status') {
    return `${url} is ${name}: it reports the open profile's status page, not a network's, so a profile watching it would watch itself. Give the network's own status page, e.g. https://status.hedera.com.`;
  }
  return `${url} is ${name}, not ${role === 'mirror' ? "a network's mirror node" : "a network's status page"}.`;
}

/**
 * Refuses (an `invalid-input` ApiFailure naming each URL) a profile whose mirror node or status page
 * is one of the app's own services: at a check, at a save, at a switch to one saved before this was
 * refused (or written into the file by hand), and for the profile a run starts on.
 */
export function refuseOwnServiceUrls(profile: Pick<NetworkProfile, 'mirrorUrl' | 'statusUrl'>, own: OwnServiceUrls): void {
  const problems = [
    profile.mirrorUrl === null ? null : ownServiceProblem(profile.mirrorUrl, 'mirror', own),
    profile.statusUrl === null ? null : ownServiceProblem(profile.statusUrl, 'status', own),
  ].filter((problem): problem is string => problem !== null);
  if (problems.length > 0) throw new ApiFailure('invalid-input', problems.join(' '), problems);
}

/** Which of the app's own services `url` reaches: a loopback host and one of their ports (its path does not matter). */
function ownServiceAt(url: string, own: OwnServiceUrls): OwnService | null {
  const target = parsed(url);
  if (target === null || !reachesThisMachine(target.hostname)) return null;
  for (const service of Object.keys(own) as OwnService[]) {
    const ownUrl = own[service] === null ? null : parsed(own[service]);
    if (ownUrl !== null && portOf(ownUrl) === portOf(target)) return service;
  }
  return null;
}

function parsed(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

function portOf(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

/**
 * Host names that reach this machine's loopback interface, where the app's services listen. The URL
 * parser has already turned `127.1`, `2130706433` and `[0:0:0:0:0:0:0:1]` into their usual forms;
 * `0.0.0.0` and `[::]` connect to the local machine too.
 */
function reachesThisMachine(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost')
    || /^127\.\d+\.\d+\.\d+$/.test(host) || host === '0.0.0.0'
    || host === '[::1]' || host === '[::]' || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(host);
}
