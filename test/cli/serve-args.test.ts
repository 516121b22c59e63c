import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_ACCOUNTS, DEFAULT_PORTS, defaultDataDir, parseServeArgs, SERVE_FLAGS, SERVE_USAGE } from '../../main/cli/serve-args.ts';

describe('serve arguments', () => {
  it('defaults to the demo profile on the fixed ports with the host check on', () => {
    const args = parseServeArgs([]);
    expect(args).toMatchObject({ network: 'demo', ports: DEFAULT_PORTS, hostCheck: true, demoAccounts: DEFAULT_DEMO_ACCOUNTS });
    expect(args.dataDir).toBe(defaultDataDir());
  });

  it('reads every flag, in both --flag value and --flag=value form', () => {
    const args = parseServeArgs(['--data-dir', 'x/y', '--network=demo', '--mirror-port', '0', '--verify-port=1', '--status-port', '2',
      '--ui-port', '65535', '--host-check', 'off', '--demo-accounts', '3000', '--status-upstream', 'https://status.example.com/']);
    expect(args).toEqual({ dataDir: path.resolve('x/y'), network: 'demo', ports: { mirror: 0, verify: 1, status: 2, ui: 65535 }, hostCheck: false, demoAccounts: 3000,
      statusUpstream: 'https://status.example.com', upstreamMirror: null, chainId: null, syncRate: 20 });
  });

  it('reads a one-off custom profile: upstream mirror, status page, chain id and sync rate', () => {
    const args = parseServeArgs(['--network', 'custom', '--upstream-mirror', 'http://localhost:5551/', '--upstream-status', 'http://localhost:8080',
      '--chain-id', '298', '--sync-rate', '0']);
    expect(args).toMatchObject({ network: 'custom', upstreamMirror: 'http://localhost:5551', statusUpstream: 'http://localhost:8080', chainId: 298, syncRate: 0 });
  });

  it.each([
    [['--mirror-port', '65536'], /--mirror-port must be a port number/],
    [['--ui-port', '-1'], /--ui-port needs a value|--ui-port must be/],
    [['--ui-port', '8o'], /--ui-port must be a port number/],
    [['--host-check', 'yes'], /--host-check must be "on" or "off"/],
    [['--demo-accounts', '0'], /--demo-accounts must be a whole number/],
    [['--data-dir'], /--data-dir needs a value/],
    [['--data-dir', '--network', 'demo'], /--data-dir needs a value/],
    [['--data-dir='], /--data-dir needs a value/],
    [['--data-dir', ''], /--data-dir needs a value/],
    [['--compilers='], /--compilers needs a value/],
    [['--verbose'], /unknown option --verbose/],
    [['--status-upstream', 'status.example.com'], /--status-upstream must be an http\(s\) URL/],
    [['--status-upstream', 'file:///etc/passwd'], /--status-upstream must be an http\(s\) URL/],
    [['--status-upstream', 'https://user:pw@status.example.com'], /without credentials, query or fragment/],
    [['--status-upstream', 'https://status.example.com/?x=1'], /without credentials, query or fragment/],
    [['--network', 'custom'], /--network custom needs --upstream-mirror URL/],
    [['--upstream-mirror', 'http://localhost:5551'], /--upstream-mirror needs --network custom/],
    [['--network', 'custom', '--upstream-mirror', 'localhost:5551'], /--upstream-mirror must be an http\(s\) URL of a mirror node/],
    [['--network', 'custom', '--upstream-mirror', 'http://x', '--chain-id', '0'], /--chain-id must be a whole number/],
    [['--network', 'custom', '--upstream-mirror', 'http://x', '--chain-id', '4294967296'], /--chain-id must be a whole number from 1 to 4294967295/],
    [['--sync-rate', 'fast'], /--sync-rate must be a whole number from 0/],
  ])('rejects %j with a one-line message', (argv, message) => {
    expect(() => parseServeArgs(argv)).toThrow(message);
  });

  it.each([
    [['--status-upstream', 'https://user:pw@status.example.com/?key=k'], '--status-upstream must be a plain status page address without credentials, query or fragment, not "https://…@status.example.com/?…"'],
    [['--status-upstream', 'ftp://user:pw@status.example.com'], '--status-upstream must be an http(s) URL of a status page, not "ftp://…@status.example.com"'],
    [['--network', 'custom', '--upstream-mirror', 'https://user:pw@mirror.example.com'], '--upstream-mirror must be a plain mirror node address without credentials, query or fragment, not "https://…@mirror.example.com"'],
    [['--chain-rpc', 'sepolia=https://user:pw@rpc.example.com/?key=k'], '--chain-rpc must be CHAIN_ID=URL, not "sepolia=…"'],
    [['--bogus=https://user:pw@x.example.com'], 'unknown option --bogus'],
  ])('does not echo the credentials in %j', (argv, message) => {
    expect(() => parseServeArgs(argv)).toThrow(new Error(message));
  });

  it('refuses one fixed port given to two services, the web UI\'s default included, and takes 0 for all of them', () => {
    expect(() => parseServeArgs(['--mirror-port', '48000', '--status-port', '48000'])).toThrow(
      new Error('--mirror-port and --status-port are both 48000: each service needs a port of its own (0 picks a free port)'));
    expect(() => parseServeArgs(['--verify-port', '48000', '--mirror-port', '48000'])).toThrow('--mirror-port and --verify-port are both 48000');
    expect(() => parseServeArgs(['--mirror-port', String(DEFAULT_PORTS.ui)])).toThrow(`--ui-port and --mirror-port are both ${DEFAULT_PORTS.ui}`);
    expect(parseServeArgs(['--mirror-port', '0', '--ui-port', '0', '--status-port', '0', '--verify-port', '0']).ports).toEqual({ mirror: 0, ui: 0, status: 0, verify: 0 });
    // The desktop app binds no web UI: its default port is free for a service there.
    expect(parseServeArgs(['--mirror-port', String(DEFAULT_PORTS.ui)], { webUi: false }).ports.mirror).toBe(DEFAULT_PORTS.ui);
    expect(() => parseServeArgs(['--status-port', '48000', '--verify-port', '48000'], { webUi: false })).toThrow('--verify-port and --status-port are both 48000');
  });

  it('defaults to the profile\'s own status page and keeps a path prefix of a given one', () => {
    expect(parseServeArgs([]).statusUpstream).toBeNull();
    expect(parseServeArgs(['--status-upstream', 'http://127.0.0.1:9000/pages/x/']).statusUpstream).toBe('http://127.0.0.1:9000/pages/x');
  });

  it('lists exactly the flags it takes and its usage names', () => {
    // A listed flag the parser did not know would fail as "unknown option", not for its missing value.
    for (const flag of SERVE_FLAGS) expect(() => parseServeArgs([flag]), flag).toThrow(`${flag} needs a value`);
    expect(new Set(SERVE_USAGE.match(/--[a-z-]+/g))).toEqual(new Set(SERVE_FLAGS));
  });

  it('puts profiles where Electron keeps userData on each platform', () => {
    expect(defaultDataDir({ XDG_CONFIG_HOME: '/cfg' }, 'linux')).toBe(path.join('/cfg', 'Mirrordesk', 'profiles'));
    expect(defaultDataDir({ APPDATA: 'C:/Users/a/AppData/Roaming' }, 'win32')).toBe(path.join('C:/Users/a/AppData/Roaming', 'Mirrordesk', 'profiles'));
    expect(defaultDataDir({}, 'darwin')).toMatch(/Library[/\\]Application Support[/\\]Mirrordesk[/\\]profiles$/);
  });
});
