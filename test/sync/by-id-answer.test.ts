import { describe, expect, it } from 'vitest';
import { byIdRecordOf } from '../../main/sync/by-id-answer.ts';
import { UpstreamFormatError } from '../../main/sync/upstream-values.ts';

describe('byIdRecordOf: a by-id answer as it may be stored', () => {
  it('is the entity asked for, or a malformed answer naming what came instead', () => {
    expect(byIdRecordOf('token', '0.0.1275', { token_id: '0.0.1275', name: 'A' })).toEqual({ token_id: '0.0.1275', name: 'A' });
    expect(() => byIdRecordOf('token', '0.0.1275', { token_id: '0.0.1980' })).toThrow(new UpstreamFormatError('the upstream answered token 0.0.1275 with another token (0.0.1980)'));
    expect(() => byIdRecordOf('contract', '0.0.7', { contract_id: null })).toThrow(new UpstreamFormatError('the upstream answered contract 0.0.7 without naming it (no "contract_id")'));
    expect(() => byIdRecordOf('topic', '0.0.7', [])).toThrow(new UpstreamFormatError('the upstream answered topic 0.0.7 with a list, not an object'));
    expect(() => byIdRecordOf('schedule', '0.0.7', { schedule_id: 'seven' })).toThrow(UpstreamFormatError);
  });

  it('asked for by alias or EVM address, is whichever entity it names', () => {
    const address = `0x${'ab'.repeat(20)}`;
    expect(byIdRecordOf('account', address, { account: '0.0.1001' })).toEqual({ account: '0.0.1001' });
  });
});
