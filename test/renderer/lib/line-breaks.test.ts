import { describe, expect, it } from 'vitest';
import { piecesAfter } from '../../../renderer/src/lib/line-breaks.ts';

describe('piecesAfter', () => {
  it('cuts after each separator, keeping it, so the pieces join to the text again', () => {
    expect(piecesAfter('INSUFFICIENT_PAYER_BALANCE', '_')).toEqual(['INSUFFICIENT_', 'PAYER_', 'BALANCE']);
    expect(piecesAfter('0.0.2-1700000000-000000001', '-')).toEqual(['0.0.2-', '1700000000-', '000000001']);
    for (const text of ['SUCCESS', '', '_a__b_', '—']) expect(piecesAfter(text, '_').join('')).toBe(text);
  });
});
