import { SourcifyLibError, type SourcifyLibErrorParameters } from '@ethereum-sourcify/lib-sourcify';
import { describe, expect, it } from 'vitest';
import { CompilerCrashError } from '../../../main/verify/compilers/compiler-errors.ts';
import { toVerifyError } from '../../../main/verify/engine/verify-error.ts';

// lib-sourcify's errors keep their own code on the VerifyError (APIv2 jobs report it as Sourcify
// does), whatever kind (and so HTTP status and message) the v1 API gives them.

describe('toVerifyError of a lib-sourcify error', () => {
  it.each([
    [{ code: 'bytecode_length_mismatch' }, 'no_match'],
    [{ code: 'creation_bytecode_match_error' }, 'no_match'],
    [{ code: 'compiled_bytecode_is_zero' }, 'no_match'],
    [{ code: 'onchain_runtime_bytecode_not_available' }, 'no_match'],
    [{ code: 'no_match' }, 'no_match'],
    [{ code: 'invalid_compilation_target', compilationTargets: ['A.sol', 'B.sol'] }, 'bad_request'],
    [{ code: 'contract_not_found_in_compiler_output' }, 'bad_request'],
    [{ code: 'invalid_compiler_version' }, 'bad_request'],
    [{ code: 'missing_source', missingSources: ['A.sol'] }, 'missing_sources'],
    [{ code: 'contract_not_deployed', address: '0x1', chainId: '1' }, 'not_deployed'],
    [{ code: 'cannot_fetch_bytecode', address: '0x1', chainId: '1' }, 'chain_unavailable'],
    [{ code: 'extra_file_input_bug' }, 'extra_file_input_bug'],
    [{ code: 'compiler_error', compilerErrorMessage: 'boom' }, 'compiler_failed'],
    [{ code: 'compiler_error', compilerErrorMessage: 'the compiler crashed on this input (memory access out of bounds); compiler 0.8.37+commit.f401782d was restarted for the next compile. Is the input too large?' }, 'compile_errors'],
  ] as Array<[SourcifyLibErrorParameters, string]>)('keeps %o as its code (kind %s)', (parameters, kind) => {
    const error = toVerifyError(new SourcifyLibError(parameters));
    expect(error).toMatchObject({ code: parameters.code, kind });
  });
});

describe('toVerifyError of our compiler\'s crash', () => {
  it('answers a CompilerCrashError thrown as is (not wrapped by lib-sourcify) as the input\'s fault, a 400, keeping its words', () => {
    const crash = new CompilerCrashError('0.8.37+commit.f401782d', 'memory access out of bounds');
    expect(toVerifyError(crash)).toMatchObject({ kind: 'compile_errors', httpStatus: 400, message: crash.message });
  });
});
