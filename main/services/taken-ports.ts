import net from 'node:net';
import { describeListenError, LOOPBACK } from '../http/listen.ts';

/** A port a start will listen on, and the service it is for (as describeListenError names it). */
export interface PlannedPort {
  service: string;
  port: number;
}

/**
 * Why `port` cannot be listened on at the loopback address the services use (the listen error,
 * its `code` kept: EADDRINUSE, EACCES); null when it can. Binds the port and lets it go at once.
 * Port 0 is always free: the system picks one when the service listens.
 */
export async function portListenError(port: number): Promise<Error | null> {
  if (port === 0) return null;
  const probe = net.createServer();
  return new Promise((resolve) => {
    probe.once('error', (error) => resolve(error));
    probe.listen(port, LOOPBACK, () => probe.close(() => resolve(null)));
  });
}

/**
 * Refuses a start one of whose fixed ports cannot be had, with the line a failed listen gives
 * (describeListenError), the first such port's. Called before the data folder's stores open: a
 * start that failed at its listen had opened and migrated them by then, and an older Mirrordesk
 * still running on the folder (one from before the folder lock, which takes none) then found a
 * store it cannot read. A port taken between this check and the listen still fails there, as before.
 */
export async function refuseTakenPorts(ports: readonly PlannedPort[]): Promise<void> {
  for (const { service, port } of ports) {
    const error = await portListenError(port);
    if (error) throw describeListenError(error, service, port);
  }
}

/**
 * Why `ports` cannot all be listened on together: two services given the same fixed port (0 is
 * never shared: each listen picks its own). The per-port check passes such a pair, as nothing holds
 * the port yet, and the second service would fail only at its listen, after the stores had opened
 * and been migrated. Null when every fixed port is its own.
 */
export function sharedPortProblem(ports: readonly PlannedPort[]): string | null {
  for (const [index, { service, port }] of ports.entries()) {
    if (port === 0) continue;
    const first = ports.slice(0, index).find((earlier) => earlier.port === port);
    if (first) return `--${first.service}-port and --${service}-port are both ${port}: each service needs a port of its own (0 picks a free port)`;
  }
  return null;
}
