import { describe, expect, it } from 'vitest';
import type { AbiParameter } from '../../../main/common/verify-types.ts';
import { argumentsLine } from '../../../renderer/src/lib/result-arguments.ts';

const line = (text: string) => ({ label: '', text, address: null });

describe('argumentsLine', () => {
  it('shows a number whole, its digits grouped, and nothing cut means no fuller text', () => {
    const parameters: AbiParameter[] = [{ type: 'uint256', name: 'value' }, { type: 'int64', name: 'delta' }];
    expect(argumentsLine(parameters, [line('1022782362000000'), line('-1234567')])).toEqual({
      text: 'value 1,022,782,362,000,000, delta -1,234,567',
      full: 'value 1,022,782,362,000,000, delta -1,234,567',
    });
  });

  it('cuts only hex to its ends, by place when unnamed, the full line holding every value whole', () => {
    const to = '0x000000000000000000000000000000000000b8f0';
    const parameters: AbiParameter[] = [{ type: 'address', name: '' }, { type: 'uint256', name: 'value' }, { type: 'string', name: 'memo' }, { type: 'bool', name: 'ok' }];
    const { text, full } = argumentsLine(parameters, [line(to), line('5000'), line('"a long note of the call, kept whole"'), line('true')]);
    expect(text).toBe('#1 0x000000…00b8f0, value 5,000, memo "a long note of the call, kept whole", ok true');
    expect(full).toBe(`#1 ${to}, value 5,000, memo "a long note of the call, kept whole", ok true`);
  });

  it('cuts a long string, array or tuple to its ends, the full line holding it whole', () => {
    const memo = `"${'a memo that goes on '.repeat(10)}"`;
    const amounts = `[${Array.from({ length: 30 }, (_, i) => String(1000 + i)).join(', ')}]`;
    const pair = '(0.0.1234, "the second field of the tuple")';
    const parameters: AbiParameter[] = [{ type: 'string', name: 'memo' }, { type: 'uint256[]', name: 'amounts' }, { type: 'tuple', name: 'pair' }, { type: 'string', name: 'short' }];
    const { text, full } = argumentsLine(parameters, [line(memo), line(amounts), line(pair), line(`"${'x'.repeat(38)}"`)]);
    // The first 20 characters and the last 18; a value of 40 is kept whole.
    expect(text).toBe(`memo "a memo that goes on…emo that goes on ", amounts [1000, 1001, 1002, 1… 1027, 1028, 1029], pair (0.0.1234, "the seco…eld of the tuple"), short "${'x'.repeat(38)}"`);
    expect(full).toBe(`memo ${memo}, amounts ${amounts}, pair ${pair}, short "${'x'.repeat(38)}"`);
  });
});
