import { describe, expect, it } from 'vitest';
import type { VerifySessionContract, VerifySessionView } from '../../../main/common/verify-types.ts';
import { distinctContracts } from '../../../renderer/src/screens/verify/distinct-contracts.ts';

const entry = (verificationId: string, name: string) => ({ verificationId, name }) as unknown as VerifySessionContract;
const viewOf = (contracts: VerifySessionContract[]): VerifySessionView => ({ contracts, unused: [], files: ['a.sol'], bytes: 1, maxBytes: 10, revision: 1 });

describe('distinctContracts', () => {
  it('keeps the first entry of a repeated verificationId, in order, so the keyed card list cannot fail', () => {
    const view = viewOf([entry('b', 'Counter'), entry('a', 'Poll'), entry('b', 'Counter copy')]);
    expect(distinctContracts(view).contracts.map((c) => c.name)).toEqual(['Counter', 'Poll']);
    expect(distinctContracts(view).files).toEqual(['a.sol']);
  });

  it('hands back the very view when its ids are distinct already', () => {
    const view = viewOf([entry('a', 'Poll'), entry('b', 'Counter')]);
    expect(distinctContracts(view)).toBe(view);
  });
});
