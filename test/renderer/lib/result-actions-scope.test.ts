import { describe, expect, it } from 'vitest';
import { resultActionsScope } from '../../../renderer/src/lib/result-actions-scope.ts';

describe('resultActionsScope', () => {
  it('calls a top-level result\'s actions its own', () => {
    expect(resultActionsScope(null)).toEqual({ heading: 'Actions', empty: 'No actions recorded for this call' });
    expect(resultActionsScope('0')).toEqual({ heading: 'Actions', empty: 'No actions recorded for this call' });
  });

  it('says a child result\'s actions are the whole transaction\'s, which is all the mirror keeps', () => {
    expect(resultActionsScope('1')).toEqual({ heading: 'Actions of the whole transaction', empty: 'No actions recorded for this transaction' });
    expect(resultActionsScope('12')).toMatchObject({ heading: 'Actions of the whole transaction' });
  });
});
