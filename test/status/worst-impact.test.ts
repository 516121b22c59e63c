import { describe, expect, it } from 'vitest';
import { worstImpactOf } from '../../main/status/status-snapshot.ts';

describe('the worst open impact', () => {
  it('reads an impact left out (null or absent) as none, as the Status screen\'s "No impact" badge does', () => {
    expect(worstImpactOf([{ id: 'a', impact: null }])).toBe('none');
    expect(worstImpactOf([{ id: 'a' }])).toBe('none');
    expect(worstImpactOf([{ id: 'a', impact: null }, { id: 'b', impact: 'major' }])).toBe('major');
  });

  it('takes the worst of Statuspage\'s words, and a word it does not use as minor (something is open)', () => {
    expect(worstImpactOf([])).toBe('none');
    expect(worstImpactOf([{ id: 'a', impact: 'none' }, { id: 'b', impact: 'critical' }, { id: 'c', impact: 'minor' }])).toBe('critical');
    expect(worstImpactOf([{ id: 'a', impact: 'severe' }])).toBe('minor');
  });
});
