import { splitFlag } from '../cli/flag-value.ts';

/**
 * The switches Electron documents (docs/api/command-line-switches.md: its own, and the Node.js
 * ones it takes), without their `--`. Chromium has hundreds more and no complete list, so this
 * is no gate: it only tells an unknown flag meant for Electron (`--no-sandbox`, the `--inspect=0`
 * and `--remote-debugging-port=0` a test harness adds) from one that is likely a mistyped
 * Mirrordesk flag (`--mirror-prot`), which is then named in the log.
 */
const ELECTRON_SWITCHES: ReadonlySet<string> = new Set([
  'auth-server-whitelist', 'auth-negotiate-delegate-whitelist', 'disable-ntlm-v2', 'disable-http-cache', 'disable-http2',
  'disable-geolocation', 'disable-renderer-backgrounding', 'disk-cache-size', 'enable-logging', 'force-fieldtrials',
  'host-rules', 'host-resolver-rules', 'ignore-certificate-errors', 'ignore-connections-limit', 'js-flags', 'lang',
  'log-file', 'log-net-log', 'log-level', 'no-proxy-server', 'no-sandbox', 'no-stdio-init', 'proxy-bypass-list',
  'proxy-pac-url', 'proxy-server', 'remote-debugging-port', 'v', 'vmodule', 'force_high_performance_gpu',
  'force_low_power_gpu', 'xdg-portal-required-version',
  // Node.js flags Electron supports, with their aliases.
  'inspect', 'inspect-brk', 'inspect-brk-node', 'inspect-port', 'inspect-publish-uid', 'debug', 'debug-brk', 'debug-port',
  'experimental-network-inspection', 'no-deprecation', 'throw-deprecation', 'trace-deprecation', 'trace-warnings',
  'dns-result-order', 'diagnostic-dir', 'no-experimental-global-navigator',
]);

/** Whether `arg` (`--name` or `--name=value`) is one of the switches Electron documents. */
export function isElectronSwitch(arg: string): boolean {
  if (!arg.startsWith('--')) return false;
  return ELECTRON_SWITCHES.has(splitFlag(arg)[0].slice(2));
}
