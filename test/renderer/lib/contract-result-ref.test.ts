import { describe, expect, it } from 'vitest';
import { contractResultRef } from '../../../renderer/src/lib/contract-result-ref.ts';

const HASH = `0x${'ab'.repeat(32)}`;

describe('contractResultRef', () => {
  it('takes a transaction id in either form and a 32-byte hash, as the mirror takes them', () => {
    expect(contractResultRef('0.0.1234-1700000000-000000001')).toEqual({ ok: true, id: '0.0.1234-1700000000-000000001' });
    expect(contractResultRef('0.0.1234@1700000000.1')).toEqual({ ok: true, id: '0.0.1234-1700000000-000000001' });
    expect(contractResultRef(HASH)).toEqual({ ok: true, id: HASH });
    expect(contractResultRef(HASH.slice(2).toUpperCase())).toEqual({ ok: true, id: HASH });
  });

  it('says what a short hash is short of, in terms of what was typed', () => {
    expect(contractResultRef('0xdead')).toEqual({ ok: false, problem: '0xdead is neither a transaction id nor a 32-byte Ethereum hash: a hash has 64 hex digits after 0x, this has 4.' });
  });

  it('sends a 48-byte transaction hash to the search, and names both forms for anything else', () => {
    expect(contractResultRef(`0x${'cd'.repeat(48)}`)).toMatchObject({ ok: false, problem: expect.stringContaining('is a 48-byte transaction hash') });
    expect(contractResultRef('0.0.1234')).toEqual({ ok: false, problem: '0.0.1234 is neither a transaction id (like 0.0.1234-1700000000-000000000) nor a 32-byte Ethereum hash (0x and 64 hex digits).' });
  });
});
