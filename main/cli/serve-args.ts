import os from 'node:os';
import path from 'node:path';
import { MAX_CHAIN_ID } from '../common/profile-types.ts';
import { urlForMessage } from '../http/url-for-message.ts';
import { sharedPortProblem } from '../services/taken-ports.ts';
import { DEFAULT_REQUESTS_PER_SECOND } from '../sync/sync-engine.ts';
import { applyVerifyFlag, VERIFY_FLAGS, VERIFY_FLAGS_USAGE, type VerifyArgs } from '../verify/verify-args.ts';
import { flagValue, splitFlag } from './flag-value.ts';

export interface ServeArgs {
  dataDir: string;
  network: string;
  ports: { mirror: number; verify: number; status: number; ui: number };
  hostCheck: boolean;
  demoAccounts: number;
  /** A Statuspage to watch instead of the profile's own (`--status-upstream URL`); null: the profile's. */
  statusUpstream: string | null;
  /** `--network custom`: the upstream mirror node (`--upstream-mirror URL`) and EVM chain id (`--chain-id N`). */
  upstreamMirror: string | null;
  chainId: number | null;
  /** Most requests a second the sync sends its upstream (`--sync-rate N`, 0: no limit). */
  syncRate: number;
  /** Verification flags (`--compilers`, `--solc-bin-mirror`, `--chain-rpc`, `--explorer`); absent when none given. */
  verify?: VerifyArgs;
}

/**
 * Default ports: fixed, so tools can be pointed at them once, and clear of the ports a
 * Hiero local node or Solo use (5551, 5600, 7546, 8090, 8545, 37546, 38080, 38081).
 */
export const DEFAULT_PORTS = { ui: 47800, mirror: 47801, verify: 47802, status: 47803 } as const;
export const DEFAULT_DEMO_ACCOUNTS = 20_000;
export const DEFAULT_SYNC_RATE = DEFAULT_REQUESTS_PER_SECOND;
const MAX_DEMO_ACCOUNTS = 50_000_000;

/** Every flag `parseServeArgs` takes (each with a value); the desktop shell derives its own set from it. */
export const SERVE_FLAGS: readonly string[] = ['--data-dir', '--network', '--mirror-port', '--verify-port', '--status-port', '--ui-port', '--host-check',
  '--demo-accounts', '--status-upstream', '--upstream-status', '--upstream-mirror', '--chain-id', '--sync-rate', ...VERIFY_FLAGS];

export const SERVE_USAGE = `usage: npm run serve -- [--data-dir DIR] [--network NAME] [--mirror-port N] [--verify-port N]
                      [--status-port N] [--ui-port N] [--host-check on|off] [--demo-accounts N] [--status-upstream URL]
                      [--sync-rate N] [--network custom --upstream-mirror URL [--upstream-status URL] [--chain-id N]]
                      ${VERIFY_FLAGS_USAGE}`;

/** The folder Electron's app.getPath('userData') uses, so `serve` and the app share profiles. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  const home = os.homedir();
  if (platform === 'win32') return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'Mirrordesk', 'profiles');
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'Mirrordesk', 'profiles');
  return path.join(env.XDG_CONFIG_HOME ?? path.join(home, '.config'), 'Mirrordesk', 'profiles');
}

/** What the shell parsing the flags runs besides the services: `serve` its web UI, the desktop app none. */
export interface ServeShell {
  webUi: boolean;
}

/**
 * Parses `serve` arguments; throws an Error with a one-line message on bad input. Ports are
 * checked against each other for the services `shell` listens on: the desktop app never binds
 * `--ui-port`, so a service may have its default there.
 */
export function parseServeArgs(argv: string[], shell: ServeShell = { webUi: true }): ServeArgs {
  const args: ServeArgs = {
    dataDir: defaultDataDir(),
    network: 'demo',
    ports: { ...DEFAULT_PORTS },
    hostCheck: true,
    demoAccounts: DEFAULT_DEMO_ACCOUNTS,
    statusUpstream: null,
    upstreamMirror: null,
    chainId: null,
    syncRate: DEFAULT_SYNC_RATE,
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const [name, inline] = splitFlag(flag);
    const value = (): string => flagValue(name, inline ?? argv[++i]);
    switch (name) {
      case '--data-dir': args.dataDir = path.resolve(value()); break;
      case '--network': args.network = value(); break;
      case '--mirror-port': args.ports.mirror = parsePort(name, value()); break;
      case '--verify-port': args.ports.verify = parsePort(name, value()); break;
      case '--status-port': args.ports.status = parsePort(name, value()); break;
      case '--ui-port': args.ports.ui = parsePort(name, value()); break;
      case '--host-check': args.hostCheck = parseOnOff(name, value()); break;
      case '--demo-accounts': args.demoAccounts = parseWhole(name, value(), 1, MAX_DEMO_ACCOUNTS); break;
      case '--status-upstream':
      case '--upstream-status': args.statusUpstream = parseStatusPageUrl(name, value()); break;
      case '--upstream-mirror': args.upstreamMirror = parseMirrorUrl(name, value()); break;
      case '--chain-id': args.chainId = parseWhole(name, value(), 1, MAX_CHAIN_ID); break;
      case '--sync-rate': args.syncRate = parseWhole(name, value(), 0, 10_000); break;
      default:
        if (!applyVerifyFlag(args, name, value, (p) => path.resolve(p))) throw new Error(`unknown option ${name}`);
    }
  }
  if (args.network === 'custom' && args.upstreamMirror === null) throw new Error('--network custom needs --upstream-mirror URL');
  if (args.upstreamMirror !== null && args.network !== 'custom') throw new Error('--upstream-mirror needs --network custom');
  if (args.chainId !== null && args.network !== 'custom') throw new Error('--chain-id needs --network custom');
  const { ui, ...services } = args.ports;
  const listened = Object.entries(shell.webUi ? { ui, ...services } : services).map(([service, port]) => ({ service, port }));
  const shared = sharedPortProblem(listened);
  if (shared !== null) throw new Error(shared);
  return args;
}

/**
 * A mirror node REST base URL (`https://testnet.mirrornode.hedera.com`, or a path prefix
 * under which `/api/v1/...` lives). Same rules as a status page: http(s), nothing appended.
 */
export function parseMirrorUrl(flag: string, text: string): string {
  try {
    return parseStatusPageUrl(flag, text);
  } catch (error) {
    throw new Error((error as Error).message.replace('of a status page', 'of a mirror node').replace('status page address', 'mirror node address'));
  }
}

function parseWhole(flag: string, text: string, min: number, max: number): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < min || n > max) throw new Error(`${flag} must be a whole number from ${min} to ${max}, not "${text}"`);
  return n;
}

function parsePort(flag: string, text: string): number {
  const port = Number(text);
  if (!/^\d{1,5}$/.test(text) || port > 65535) throw new Error(`${flag} must be a port number from 0 to 65535 (0 picks a free port), not "${text}"`);
  return port;
}

/**
 * A Statuspage origin (`https://status.example.com`, or a path prefix under which `/api/v2/...`
 * lives). http is allowed for pages on a local network; credentials, queries and fragments are not,
 * because the feed paths are appended to it.
 */
export function parseStatusPageUrl(flag: string, text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${flag} must be an http(s) URL of a status page, not "${urlForMessage(text)}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${flag} must be an http(s) URL of a status page, not "${urlForMessage(text)}"`);
  if (url.username || url.password || url.search || url.hash) throw new Error(`${flag} must be a plain status page address without credentials, query or fragment, not "${urlForMessage(text)}"`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function parseOnOff(flag: string, text: string): boolean {
  if (text !== 'on' && text !== 'off') throw new Error(`${flag} must be "on" or "off", not "${text}"`);
  return text === 'on';
}

