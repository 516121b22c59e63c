import { describe, expect, it } from 'vitest';
import { parseDesktopArgs } from '../../main/desktop/desktop-args.ts';
import { alreadyRunningLine, flagsOfSecondLaunch, secondLaunchData, secondLaunchNotice } from '../../main/desktop/second-launch.ts';

/** What `npm start -- …` run while the app runs hands the running app, as electron-main builds it. */
const launchedWith = (...flags: string[]) => secondLaunchData(parseDesktopArgs(['/usr/bin/electron', '/work/app', '--inspect=0', ...flags]).given);

describe('a second launch while the app runs', () => {
  it('hands the running app the names of its flags, but the user-data folder both share', () => {
    expect(launchedWith('--network', 'testnet', '--mirror-port=0', '--user-data-dir', '/tmp/p')).toEqual({ flags: ['--network', '--mirror-port'] });
    expect(launchedWith()).toEqual({ flags: [] });
  });

  it('never says a flag\'s value, which may hold credentials: not in the terminal, the log nor the notification', () => {
    const secret = '296=https://user:s3cret@rpc.example/v2/APIKEY123?key=abc';
    const data = launchedWith('--chain-rpc', secret, '--network', 'testnet');
    expect(data).toEqual({ flags: ['--chain-rpc', '--network'] });
    const notice = secondLaunchNotice(flagsOfSecondLaunch(data))!;
    const said = [alreadyRunningLine(data.flags), notice.log, notice.title, notice.body];
    for (const words of said) for (const part of ['s3cret', 'APIKEY123', 'key=abc', 'rpc.example', 'testnet']) expect(words, words).not.toContain(part);
    expect(notice.body).toBe('The flags of the second launch (--chain-rpc, --network) were not applied: quit Mirrordesk first to start it with them, or pick the network profile in its menu.');
    // A launch of an older version sent each flag with its value: the running app cuts it to the name.
    expect(flagsOfSecondLaunch({ flags: [`--chain-rpc ${secret}`, '--network=testnet', '--network testnet'] })).toEqual(['--chain-rpc', '--network']);
  });

  it('says in its own terminal that its flags are not applied, and how to have them', () => {
    expect(alreadyRunningLine(launchedWith('--network', 'testnet').flags)).toBe('Mirrordesk is already running (for this user-data folder): its window is brought to the front; '
      + 'the flags given here (--network) are not applied to it: quit Mirrordesk first to start it with them, or pick the network profile in its menu');
    expect(alreadyRunningLine(launchedWith('--mirror-port', '0', '--sync-rate=5').flags)).toMatch(/\(--mirror-port, --sync-rate\) are not applied to it: quit Mirrordesk first to start it with them$/);
    expect(alreadyRunningLine([])).toBe('Mirrordesk is already running (for this user-data folder): its window is brought to the front');
  });

  it('has the running app say so in its log and a notification, and only when flags came', () => {
    const flags = flagsOfSecondLaunch(launchedWith('--network', 'testnet'));
    expect(secondLaunchNotice(flags)).toEqual({
      log: 'a second launch came with --network: not applied, the app is already running',
      title: 'Mirrordesk is already running',
      body: 'The flags of the second launch (--network) were not applied: quit Mirrordesk first to start it with them, or pick the network profile in its menu.',
    });
    expect(secondLaunchNotice(flagsOfSecondLaunch(launchedWith()))).toBeNull();
  });

  it('takes from the other process only a bounded list of strings', () => {
    expect(flagsOfSecondLaunch(undefined)).toEqual([]);
    expect(flagsOfSecondLaunch({ flags: 'x' })).toEqual([]);
    expect(flagsOfSecondLaunch({ flags: ['--network', 3, null, 'not a flag', '--'] })).toEqual(['--network']);
    expect(flagsOfSecondLaunch({ flags: Array.from({ length: 100 }, (_, i) => `--flag-${i}`) })).toHaveLength(40);
    expect(flagsOfSecondLaunch({ flags: [`--${'z'.repeat(1000)}`] })[0]).toHaveLength(300);
  });
});
