import { describe, expect, it } from 'vitest';
import { scheduleExpiry, scheduleState, unexecutedText } from '../../../renderer/src/lib/schedule-state.ts';

const CREATED = '1700000000.123456789';
const base = { consensus_timestamp: CREATED, executed_timestamp: null, deleted: false, expiration_time: '1700086400.000000001' };
const at = (seconds: number) => seconds * 1000;

describe('schedule state', () => {
  it('reads executed and deleted from the mirror, whatever the clock', () => {
    expect(scheduleState({ ...base, executed_timestamp: '1700000100.000000000' }, at(1_800_000_000))).toBe('executed');
    expect(scheduleState({ ...base, deleted: true }, at(1_800_000_000))).toBe('deleted');
    // Executed at its expiry (wait_for_expiry) is executed, not expired.
    expect(scheduleState({ ...base, executed_timestamp: base.expiration_time }, at(1_800_000_000))).toBe('executed');
  });

  it('is pending until its expiration time, expired from then on', () => {
    expect(scheduleState(base, at(1_700_086_399))).toBe('pending');
    expect(scheduleState(base, at(1_700_086_401))).toBe('expired');
  });

  it('without an expiration time, expires 30 minutes after its creation', () => {
    const unset = { ...base, expiration_time: null };
    expect(scheduleExpiry(unset)).toBe('1700001800.123456789');
    expect(scheduleState(unset, at(1_700_001_799))).toBe('pending');
    expect(scheduleState(unset, at(1_700_001_801))).toBe('expired');
    expect(scheduleExpiry(base)).toBe(base.expiration_time);
  });

  it('keeps a malformed answer pending rather than guessing its expiry', () => {
    const odd = { ...base, expiration_time: null, consensus_timestamp: 'soon' };
    expect(scheduleExpiry(odd)).toBe('soon');
    expect(scheduleState(odd, at(1_800_000_000))).toBe('pending');
  });

  it('says "not yet" of an execution only while the schedule may still run', () => {
    expect(unexecutedText('pending')).toBe('not yet');
    expect(unexecutedText('deleted')).toBe('never (deleted)');
    expect(unexecutedText('expired')).toBe('never (expired)');
  });
});
