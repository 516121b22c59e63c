import { describe, expect, it } from 'vitest';
import { parseDesktopArgs } from '../../main/desktop/desktop-args.ts';
import { alreadyRunningLine, flagsOfSecondLaunch, secondLaunchData, secondLaunchNotice } from '../../main/desktop/second-launch.ts';

/** What `npm start -- …` run while the app runs hands the running app, as electron-main builds it. */
const launchedWith = (...flags: string[]) => secondLaunchData(parseDesktopArgs(['/usr/bin/electron', '/work/app', '--inspect=0', ...flags]).given);

describe('a second launch while the app runs', () => {
  it('hands the running app its flags as given, but the user-data folder both share', () => {
    expect(launchedWith('--network', 'testnet', '--mirror-port=0', '--user-data-dir', '/tmp/p')).toEqual({ flags: ['--network testnet', '--mirror-port 0'] });
    expect(launchedWith()).toEqual({ flags: [] });
  });

  it('says in its own terminal that its flags are not applied, and how to have them', () => {
    expect(alreadyRunningLine(launchedWith('--network', 'testnet').flags)).toBe('Mirrordesk is already running (for this user-data folder): its window is brought to the front; '
      + 'the flags given here (--network testnet) are not applied to it: quit Mirrordesk first to start it with them, or pick the network profile in its menu');
    expect(alreadyRunningLine(launchedWith('--mirror-port', '0').flags)).toMatch(/\(--mirror-port 0\) are not applied to it: quit Mirrordesk first to start it with them$/);
    expect(alreadyRunningLine([])).toBe('Mirrordesk is already running (for this user-data folder): its window is brought to the front');
  });

  it('has the running app say so in its log and a notification, and only when flags came', () => {
    const flags = flagsOfSecondLaunch(launchedWith('--network', 'testnet'));
    expect(secondLaunchNotice(flags)).toEqual({
      log: 'a second launch asked for --network testnet: not applied, the app is already running',
      title: 'Mirrordesk is already running',
      body: 'The flags of the second launch (--network testnet) were not applied: quit Mirrordesk first to start it with them, or pick the network profile in its menu.',
    });
    expect(secondLaunchNotice(flagsOfSecondLaunch(launchedWith()))).toBeNull();
  });

  it('takes from the other process only a bounded list of strings', () => {
    expect(flagsOfSecondLaunch(undefined)).toEqual([]);
    expect(flagsOfSecondLaunch({ flags: 'x' })).toEqual([]);
    expect(flagsOfSecondLaunch({ flags: ['--network a', 3, null] })).toEqual(['--network a']);
    expect(flagsOfSecondLaunch({ flags: Array.from({ length: 100 }, () => 'y'.repeat(1000)) })).toHaveLength(40);
    expect(flagsOfSecondLaunch({ flags: ['z'.repeat(1000)] })[0]).toHaveLength(300);
  });
});
