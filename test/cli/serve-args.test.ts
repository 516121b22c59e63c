import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_ACCOUNTS, DEFAULT_PORTS, defaultDataDir, parseServeArgs } from '../../main/cli/serve-args.ts';

describe('serve arguments', () => {
  it('defaults to the demo profile on the fixed ports with the host check on', () => {
    const args = parseServeArgs([]);
    expect(args).toMatchObject({ network: 'demo', ports: DEFAULT_PORTS, hostCheck: true, demoAccounts: DEFAULT_DEMO_ACCOUNTS });
    expect(args.dataDir).toBe(defaultDataDir());
  });

  it('reads every flag, in both --flag value and --flag=value form', () => {
    const args = parseServeArgs(['--data-dir', 'x/y', '--network=demo', '--mirror-port', '0', '--verify-port=1', '--status-port', '2',
      '--ui-port', '65535', '--host-check', 'off', '--demo-accounts', '3000']);
    expect(args).toEqual({ dataDir: path.resolve('x/y'), network: 'demo', ports: { mirror: 0, verify: 1, status: 2, ui: 65535 }, hostCheck: false, demoAccounts: 3000 });
  });

  it.each([
    [['--mirror-port', '65536'], /--mirror-port must be a port number/],
    [['--ui-port', '-1'], /--ui-port needs a value|--ui-port must be/],
    [['--ui-port', '8o'], /--ui-port must be a port number/],
    [['--host-check', 'yes'], /--host-check must be "on" or "off"/],
    [['--demo-accounts', '0'], /--demo-accounts must be a whole number/],
    [['--data-dir'], /--data-dir needs a value/],
    [['--data-dir', '--network', 'demo'], /--data-dir needs a value/],
    [['--verbose'], /unknown option --verbose/],
  ])('rejects %j with a one-line message', (argv, message) => {
    expect(() => parseServeArgs(argv)).toThrow(message);
  });

  it('puts profiles where Electron keeps userData on each platform', () => {
    expect(defaultDataDir({ XDG_CONFIG_HOME: '/cfg' }, 'linux')).toBe(path.join('/cfg', 'Mirrordesk', 'profiles'));
    expect(defaultDataDir({ APPDATA: 'C:/Users/a/AppData/Roaming' }, 'win32')).toBe(path.join('C:/Users/a/AppData/Roaming', 'Mirrordesk', 'profiles'));
    expect(defaultDataDir({}, 'darwin')).toMatch(/Library[/\\]Application Support[/\\]Mirrordesk[/\\]profiles$/);
  });
});
