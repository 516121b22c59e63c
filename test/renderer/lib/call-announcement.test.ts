import { describe, expect, it } from 'vitest';
import { callAnnouncement } from '../../../renderer/src/lib/call-announcement.ts';

describe('callAnnouncement', () => {
  it('says how many values a call returned', () => {
    expect(callAnnouncement({ values: 0, gas: null }, false)).toBe('Call returned nothing');
    expect(callAnnouncement({ values: 1, gas: null }, false)).toBe('Call returned 1 value');
    expect(callAnnouncement({ values: 2, gas: null }, false)).toBe('Call returned 2 values');
  });

  it('says what a simulation returned and the gas it would take, or that it was not estimated', () => {
    expect(callAnnouncement({ values: 0, gas: 26_431n }, true)).toBe('Simulation returned nothing; estimated gas 26,431');
    expect(callAnnouncement({ values: 1, gas: null }, true)).toBe('Simulation returned 1 value; gas not estimated');
  });
});
