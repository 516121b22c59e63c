import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PORTS, defaultDataDir, SERVE_FLAGS } from '../../main/cli/serve-args.ts';
import { argsForServe, checkStartArgs, parseDesktopArgs, profilesDir, unknownFlagsLine } from '../../main/desktop/desktop-args.ts';

describe('desktop arguments', () => {
  it('skips what Electron, Chromium and test harnesses put in argv', () => {
    const args = parseDesktopArgs(['/usr/bin/electron', '--inspect=0', '--remote-debugging-port=0', '/work/app', '--no-sandbox']);
    expect(args.services.ports.mirror).toBe(DEFAULT_PORTS.mirror);
    expect(args.services.network).toBe('demo');
    expect(args.userDataDir).toBeNull();
    expect(args.explicitDataDir).toBe(false);
  });

  it('reads the serve flags that apply, in both spellings', () => {
    const args = parseDesktopArgs(['electron', '.', '--data-dir', '/tmp/md', '--mirror-port=0', '--demo-accounts', '400', '--host-check', 'off']);
    expect(args.services).toMatchObject({ dataDir: path.resolve('/tmp/md'), ports: { mirror: 0 }, demoAccounts: 400, hostCheck: false });
    expect(args.explicitDataDir).toBe(true);
  });

  it('reads the flags of a custom profile and the sync rate, as serve does', () => {
    const args = parseDesktopArgs(['electron', '.', '--network', 'custom', '--upstream-mirror', 'http://127.0.0.1:5551', '--chain-id', '298',
      '--sync-rate', '5', '--upstream-status', 'http://127.0.0.1:5552']);
    expect(args.services).toMatchObject({ network: 'custom', upstreamMirror: 'http://127.0.0.1:5551', chainId: 298, syncRate: 5, statusUpstream: 'http://127.0.0.1:5552' });
    expect(args.ignored).toEqual([]);
  });

  it('names the web UI port as not used, with its value taken so it is not read as a flag', () => {
    const args = parseDesktopArgs(['electron', '.', '--ui-port', '47802', '--mirror-port', '0']);
    expect(args.ignored).toEqual(['--ui-port']);
    expect(args.services.ports.mirror).toBe(0);
  });

  it('knows every serve flag (an unknown one would be skipped, not asked for its value)', () => {
    for (const flag of SERVE_FLAGS) expect(() => parseDesktopArgs(['electron', '.', flag]), flag).toThrow(`${flag} needs a value`);
  });

  it('takes a separate Electron user-data folder', () => {
    expect(parseDesktopArgs(['electron', '.', '--user-data-dir', '/tmp/profile']).userDataDir).toBe(path.resolve('/tmp/profile'));
  });

  it('checks values with the serve parser', () => {
    expect(() => parseDesktopArgs(['electron', '.', '--mirror-port', 'eighty'])).toThrow(/--mirror-port must be a port number/);
    expect(() => parseDesktopArgs(['electron', '.', '--data-dir'])).toThrow(/--data-dir needs a value/);
  });

  it('refuses a port given to two services, but not one the web UI would have used', () => {
    expect(() => parseDesktopArgs(['electron', '.', '--mirror-port', '48000', '--verify-port', '48000'])).toThrow('--mirror-port and --verify-port are both 48000');
    expect(parseDesktopArgs(['electron', '.', '--mirror-port', String(DEFAULT_PORTS.ui)]).services.ports.mirror).toBe(DEFAULT_PORTS.ui);
    expect(parseDesktopArgs(['electron', '.', '--ui-port', '48000', '--mirror-port', '48000']).services.ports.mirror).toBe(48000);
  });

  it('lists the names of the app\'s flags given, never their values, and every other argument, in order', () => {
    const args = parseDesktopArgs(['/usr/bin/electron', '/work/app', '--inspect=0', '--network', 'testnet', '--mirror-prot', '5000', '--ui-port=1',
      '--chain-rpc', '296=https://user:s3cret@rpc.example/v2/APIKEY123?key=abc', '--chain-rpc=297=https://rpc.example/KEY2']);
    expect(args.given).toEqual(['--network', '--ui-port', '--chain-rpc']);
    expect(args.unknown).toEqual(['/usr/bin/electron', '/work/app', '--inspect=0', '--mirror-prot', '5000']);
  });

  it('keeps profiles where serve looks for them by default', () => {
    const linuxUserData = path.join(process.env.XDG_CONFIG_HOME ?? path.join(process.env.HOME ?? '', '.config'), 'Mirrordesk');
    if (process.platform === 'linux') expect(profilesDir(linuxUserData)).toBe(defaultDataDir());
    expect(profilesDir('/data/Mirrordesk')).toBe(path.join('/data/Mirrordesk', 'profiles'));
  });
});

describe('npm start\'s arguments', () => {
  it('takes the app\'s flags and the switches Electron documents', () => {
    expect(() => checkStartArgs([])).not.toThrow();
    expect(() => checkStartArgs(['--network', 'testnet', '--mirror-port=0', '--ui-port', '1', '--user-data-dir', '/tmp/p'])).not.toThrow();
    expect(() => checkStartArgs(['--no-sandbox', '--inspect=9229', '--enable-logging'])).not.toThrow();
  });

  it('passes Chromium\'s switches on, the usual fixes for Wayland and virtual machines among them', () => {
    for (const chromium of ['--disable-gpu', '--ozone-platform=wayland', '--ozone-platform-hint=auto', '--enable-features=UseOzonePlatform,WaylandWindowDecorations',
      '--disable-gpu-sandbox', '--force-device-scale-factor=1.5', '--user-agent=x', '--host-resolver-rules=MAP * 127.0.0.1', '-v=1']) {
      expect(() => checkStartArgs(['--network', 'testnet', chromium]), chromium).not.toThrow();
    }
  });

  it('refuses a flag that looks like a mistyped one of the app\'s, naming the flag meant but not the value', () => {
    expect(() => checkStartArgs(['--mirror-prot', '5000'])).toThrow(/^unknown option --mirror-prot \(did you mean --mirror-port\?\)$/);
    expect(() => checkStartArgs(['--netwrok=testnet'])).toThrow(/^unknown option --netwrok \(did you mean --network\?\)$/);
    expect(() => checkStartArgs(['--chain-rpcs=296=https://user:s3cret@rpc.example'])).toThrow(/^unknown option --chain-rpcs \(did you mean --chain-rpc\?\)$/);
    expect(() => checkStartArgs(['-network', 'testnet'])).toThrow(/^unknown option -network \(did you mean --network\?\)$/);
    expect(() => checkStartArgs(['--upstream-mirror-url', 'http://127.0.0.1:5551'])).toThrow(/^unknown option --upstream-mirror-url \(did you mean --upstream-mirror\?\)$/);
    expect(() => checkStartArgs(['--user-data', '/tmp/p'])).toThrow(/did you mean --user-data-dir\?/);
  });

  it('refuses an argument that is no flag, which the app takes none of, and what serve refuses, in its words', () => {
    expect(() => checkStartArgs(['testnet'])).toThrow(/^unknown option testnet$/);
    // Chromium reads a switch's value only after `=`: this one's is a stray argument.
    expect(() => checkStartArgs(['--ozone-platform', 'wayland'])).toThrow(/^unknown option wayland$/);
    expect(() => checkStartArgs(['--'])).toThrow(/^unknown option --$/);
    expect(() => checkStartArgs(['--mirror-port', 'eighty'])).toThrow(/^--mirror-port must be a port number/);
    expect(() => checkStartArgs(['--network', 'custom'])).toThrow('--network custom needs --upstream-mirror URL');
  });
});

describe('the log line for flags the desktop app does not know', () => {
  it('names the flags that are neither the app\'s nor Electron\'s, without their values', () => {
    const { unknown } = parseDesktopArgs(['/usr/bin/electron', '/work/app', '--inspect=0', '--remote-debugging-port=0', '--mirror-prot', '5000', '--netwrok=testnet']);
    expect(unknownFlagsLine(unknown)).toBe('--mirror-prot, --netwrok are not flags of Mirrordesk and not used by the app (its flags: npm start -- --help); passed on to Chromium, which ignores switches it does not know');
    expect(unknownFlagsLine(['--mirror-prot'])).toMatch(/^--mirror-prot is not a flag of Mirrordesk/);
  });

  it('says nothing when there are none', () => {
    expect(unknownFlagsLine(parseDesktopArgs(['/usr/bin/electron', '/work/app', '--no-sandbox', '--network', 'demo']).unknown)).toBeNull();
  });

  it('gives serve, run in Electron\'s stead, only the flags it takes', () => {
    const args = ['--disable-gpu', '--network', 'testnet', '--user-data-dir', '/tmp/x', '--ozone-platform=wayland', '--ui-port=0', '--no-sandbox'];
    expect(argsForServe(args)).toEqual({
      kept: ['--network', 'testnet', '--ui-port=0'],
      dropped: ['--disable-gpu', '--user-data-dir', '--ozone-platform', '--no-sandbox'],
    });
  });
});
