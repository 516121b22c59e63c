import { describe, expect, it } from 'vitest';
import { SERVE_FLAGS } from '../../main/cli/serve-args.ts';
import { editDistance, meantFlag, OWN_FLAG_PREFIXES } from '../../main/desktop/mistyped-flag.ts';

const APP_FLAGS = [...SERVE_FLAGS, '--user-data-dir'];

describe('a mistyped flag told from a Chromium switch', () => {
  it('counts a letter added, dropped, changed or two swapped as one edit', () => {
    expect(editDistance('--mirror-port', '--mirror-port')).toBe(0);
    expect(editDistance('--mirror-prot', '--mirror-port')).toBe(1);
    expect(editDistance('--mirror-ports', '--mirror-port')).toBe(1);
    expect(editDistance('--mirrorport', '--mirror-port')).toBe(1);
    expect(editDistance('--netwrk', '--network')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('names the app flag meant by a flag a few edits from it, in any spelling', () => {
    expect(meantFlag('--mirror-prot', APP_FLAGS)).toBe('--mirror-port');
    expect(meantFlag('--netwrok=testnet', APP_FLAGS)).toBe('--network');
    expect(meantFlag('-network', APP_FLAGS)).toBe('--network');
    expect(meantFlag('--Data-Dir', APP_FLAGS)).toBe('--data-dir');
    expect(meantFlag('--data_dir', APP_FLAGS)).toBe('--data-dir');
    expect(meantFlag('--explorers', APP_FLAGS)).toBe('--explorer');
    expect(meantFlag('--user-data=/tmp/p', APP_FLAGS)).toBe('--user-data-dir');
    expect(meantFlag('--mirror', APP_FLAGS)).toBe('--mirror-port');
  });

  it('names the closest flag of the same start for one that starts as only the app\'s flags do', () => {
    expect(meantFlag('--upstream-mirror-url', APP_FLAGS)).toBe('--upstream-mirror');
    expect(meantFlag('--status-page=https://status.example', APP_FLAGS)).toBe('--status-port');
    expect(meantFlag('--demo-accounts-count', APP_FLAGS)).toBe('--demo-accounts');
  });

  it('takes Chromium\'s switches for what they are', () => {
    for (const chromium of ['--disable-gpu', '--ozone-platform=wayland', '--ozone-platform-hint=auto', '--enable-features=UseOzonePlatform', '--disable-gpu-sandbox',
      '--user-agent=x', '--host-rules=MAP * 127.0.0.1', '--sync-url=https://x', '--ui-disable-partial-swap', '--lang=de', '-v']) {
      expect(meantFlag(chromium, APP_FLAGS), chromium).toBeNull();
    }
  });

  it('has each start it claims begin one of the app\'s flags', () => {
    for (const prefix of OWN_FLAG_PREFIXES) expect(APP_FLAGS.some((flag) => flag.startsWith(prefix)), prefix).toBe(true);
  });
});
