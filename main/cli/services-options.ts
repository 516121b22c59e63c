import type { AppServicesOptions } from '../services/app-services-types.ts';
import type { ServeArgs } from './serve-args.ts';

/** What the shell (`serve` or the desktop app) adds itself: where data lives, which shell, how it checks the network, where it logs. */
type ShellOptions = 'dataDir' | 'shell' | 'isOnline' | 'log';

/** The service options that come straight from the `serve` flags, the same in both shells. */
export function servicesOptionsOf(args: ServeArgs): Omit<AppServicesOptions, ShellOptions> {
  return {
    network: args.network,
    demoAccounts: args.demoAccounts,
    ports: { mirror: args.ports.mirror, status: args.ports.status, verify: args.ports.verify },
    ...(args.verify ? { verify: args.verify } : {}),
    statusUpstream: args.statusUpstream,
    upstreamMirror: args.upstreamMirror,
    chainId: args.chainId,
    syncRate: args.syncRate,
    hostCheck: args.hostCheck,
  };
}
