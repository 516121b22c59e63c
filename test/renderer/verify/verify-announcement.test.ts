import { describe, expect, it } from 'vitest';
import { verifiedAnnouncement } from '../../../renderer/src/screens/verify/verify-announcement.ts';

describe('verifiedAnnouncement', () => {
  it('names the contract and what its verification came to', () => {
    expect(verifiedAnnouncement({ name: 'Counter', status: 'perfect' })).toBe('Counter verified: perfect match');
    expect(verifiedAnnouncement({ name: 'Storage', status: 'partial' })).toBe('Storage verified: partial match');
    expect(verifiedAnnouncement({ name: 'Poll', status: 'error' })).toBe('Poll not verified');
  });

  it('says nothing of a contract not verified yet', () => {
    expect(verifiedAnnouncement({ name: 'Counter', status: 'pending' })).toBe('');
  });
});
