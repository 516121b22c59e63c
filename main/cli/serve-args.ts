import os from 'node:os';
import path from 'node:path';

export interface ServeArgs {
  dataDir: string;
  network: string;
  ports: { mirror: number; verify: number; status: number; ui: number };
  hostCheck: boolean;
  demoAccounts: number;
}

/**
 * Default ports: fixed, so tools can be pointed at them once, and clear of the ports a
 * Hiero local node or Solo use (5551, 5600, 7546, 8090, 8545, 37546, 38080, 38081).
 */
export const DEFAULT_PORTS = { ui: 47800, mirror: 47801, verify: 47802, status: 47803 } as const;
export const DEFAULT_DEMO_ACCOUNTS = 20_000;
const MAX_DEMO_ACCOUNTS = 50_000_000;

export const SERVE_USAGE = `usage: npm run serve -- [--data-dir DIR] [--network NAME] [--mirror-port N] [--verify-port N]
                      [--status-port N] [--ui-port N] [--host-check on|off] [--demo-accounts N]`;

/** The folder Electron's app.getPath('userData') uses, so `serve` and the app share profiles. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  const home = os.homedir();
  if (platform === 'win32') return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'Mirrordesk', 'profiles');
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'Mirrordesk', 'profiles');
  return path.join(env.XDG_CONFIG_HOME ?? path.join(home, '.config'), 'Mirrordesk', 'profiles');
}

/** Parses `serve` arguments; throws an Error with a one-line message on bad input. */
export function parseServeArgs(argv: string[]): ServeArgs {
  const args: ServeArgs = {
    dataDir: defaultDataDir(),
    network: 'demo',
    ports: { ...DEFAULT_PORTS },
    hostCheck: true,
    demoAccounts: DEFAULT_DEMO_ACCOUNTS,
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const [name, inline] = flag.includes('=') ? [flag.slice(0, flag.indexOf('=')), flag.slice(flag.indexOf('=') + 1)] : [flag, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined || v.startsWith('--')) throw new Error(`${name} needs a value`);
      return v;
    };
    switch (name) {
      case '--data-dir': args.dataDir = path.resolve(value()); break;
      case '--network': args.network = value(); break;
      case '--mirror-port': args.ports.mirror = parsePort(name, value()); break;
      case '--verify-port': args.ports.verify = parsePort(name, value()); break;
      case '--status-port': args.ports.status = parsePort(name, value()); break;
      case '--ui-port': args.ports.ui = parsePort(name, value()); break;
      case '--host-check': args.hostCheck = parseOnOff(name, value()); break;
      case '--demo-accounts': args.demoAccounts = parseCount(name, value()); break;
      default: throw new Error(`unknown option ${flag}`);
    }
  }
  return args;
}

function parsePort(flag: string, text: string): number {
  const port = Number(text);
  if (!/^\d{1,5}$/.test(text) || port > 65535) throw new Error(`${flag} must be a port number from 0 to 65535 (0 picks a free port), not "${text}"`);
  return port;
}

function parseOnOff(flag: string, text: string): boolean {
  if (text !== 'on' && text !== 'off') throw new Error(`${flag} must be "on" or "off", not "${text}"`);
  return text === 'on';
}

function parseCount(flag: string, text: string): number {
  const count = Number(text);
  if (!/^\d+$/.test(text) || count < 1 || count > MAX_DEMO_ACCOUNTS) throw new Error(`${flag} must be a whole number from 1 to ${MAX_DEMO_ACCOUNTS}, not "${text}"`);
  return count;
}
