import { describe, expect, it } from 'vitest';
import { repeatLimitedLog } from '../../main/http/repeat-limited-log.ts';

describe('repeatLimitedLog', () => {
  it('writes a failure once, stays quiet about the same one for the quiet period, then says how many it left out', () => {
    const lines: string[] = [];
    let now = 0;
    const log = repeatLimitedLog((line) => void lines.push(line), 60_000, () => now);
    for (let i = 0; i < 1000; i++) log('SQLITE_CORRUPT', `GET /a/${i} failed`);
    expect(lines).toEqual(['GET /a/0 failed']);
    now = 60_000;
    log('SQLITE_CORRUPT', 'GET /b failed');
    expect(lines).toEqual(['GET /a/0 failed', 'GET /b failed (and 999 more times since the last such line)']);
    now = 120_000;
    log('SQLITE_CORRUPT', 'GET /c failed');
    expect(lines.at(-1)).toBe('GET /c failed');
  });

  it('writes a different failure at once', () => {
    const lines: string[] = [];
    const log = repeatLimitedLog((line) => void lines.push(line), 60_000, () => 0);
    log('SQLITE_CORRUPT', 'one');
    log('SQLITE_FULL', 'two');
    log('SQLITE_CORRUPT', 'one again');
    expect(lines).toEqual(['one', 'two']);
  });

  it('remembers a bounded number of failures, forgetting the oldest first', () => {
    const lines: string[] = [];
    const log = repeatLimitedLog((line) => void lines.push(line), 60_000, () => 0);
    for (let i = 0; i < 300; i++) log(`kind ${i}`, `line ${i}`);
    // The first ones were forgotten to make room: written again; the latest are still quiet.
    log('kind 0', 'line 0 again');
    log('kind 299', 'line 299 again');
    expect(lines.slice(300)).toEqual(['line 0 again']);
  });
});
