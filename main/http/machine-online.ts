import os from 'node:os';

/**
 * Whether the machine has a network to reach an upstream with: some interface other than loopback
 * has an address. It is the same test a browser's `navigator.onLine` makes; `serve` uses it where
 * Electron's `net.isOnline()` is not available, so polls and syncs wait instead of failing.
 */
export function machineHasNetwork(interfaces: NodeJS.Dict<os.NetworkInterfaceInfo[]> = os.networkInterfaces()): boolean {
  return Object.values(interfaces).some((addresses) => (addresses ?? []).some((address) => !address.internal));
}
