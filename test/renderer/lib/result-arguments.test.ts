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
});
