import { describe, expect, it } from 'vitest';
import type { VerifySessionContract, VerifySessionView } from '../../../main/common/verify-types.ts';
import { verifyingElsewhere } from '../../../renderer/src/screens/verify/verifying-elsewhere.ts';

const view = (verifying: Record<string, boolean>): VerifySessionView => ({
  contracts: Object.entries(verifying).map(([verificationId, busy]) => ({ verificationId, verifying: busy }) as VerifySessionContract),
  unused: [], files: [], bytes: 0, maxBytes: 1, revision: 1,
});

describe('verifyingElsewhere', () => {
  it('is true for a contract being verified by a request this page is not waiting for', () => {
    expect(verifyingElsewhere(view({ a: false, b: true }), new Set())).toBe(true);
    expect(verifyingElsewhere(view({ a: false, b: true }), new Set(['a']))).toBe(true);
  });

  it('is false when the page waits for every verification under way itself, or none runs', () => {
    expect(verifyingElsewhere(view({ a: true, b: false }), new Set(['a']))).toBe(false);
    expect(verifyingElsewhere(view({ a: false }), new Set())).toBe(false);
  });
});
