import { describe, expect, it } from 'vitest';
import { actionFailure, actionKind, actionParty, contractActionsPath, type ContractAction } from '../../../renderer/src/lib/contract-actions.ts';

const call: ContractAction = {
  call_depth: 0, call_operation_type: 'CALL', call_type: 'CALL', caller: '0.0.1016', from: '0x00000000000000000000000000000000000003f8',
  gas: 100000, gas_used: 21000, index: 0, recipient: '0.0.1018', result_data: '0x', result_data_type: 'OUTPUT', to: '0x00000000000000000000000000000000000003fa', value: 0,
};

describe('contract actions', () => {
  it('reads the actions of a result by the id its page has', () => {
    expect(contractActionsPath('0xabc')).toBe('/api/v1/contracts/results/0xabc/actions?limit=50');
  });

  it('marks reverted and erroneous actions only', () => {
    expect(actionFailure(call)).toBeNull();
    expect(actionFailure({ ...call, result_data_type: 'REVERT_REASON' })).toBe('reverted');
    expect(actionFailure({ ...call, result_data_type: 'ERROR' })).toBe('error');
  });

  it('names the call by its operation where that says more', () => {
    expect(actionKind(call)).toBe('CALL');
    expect(actionKind({ ...call, call_operation_type: 'DELEGATECALL' })).toBe('DELEGATECALL');
    expect(actionKind({ ...call, call_type: 'CREATE', call_operation_type: 'CREATE2' })).toBe('CREATE2');
    expect(actionKind({ ...call, call_type: 'PRECOMPILE', call_operation_type: 'STATICCALL' })).toBe('PRECOMPILE · STATICCALL');
    expect(actionKind({ ...call, call_type: null, call_operation_type: null })).toBe('UNKNOWN');
  });

  it('links a party by its entity id, its long-zero address, or else its EVM address', () => {
    expect(actionParty('0.0.1016', call.from)).toBe('0.0.1016');
    expect(actionParty(null, '0x00000000000000000000000000000000000003f8')).toBe('0.0.1016');
    expect(actionParty(null, '0x1111111111111111111111111111111111111111')).toBe('0x1111111111111111111111111111111111111111');
    expect(actionParty(null, null)).toBeNull();
  });
});
