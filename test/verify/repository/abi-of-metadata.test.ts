import { describe, expect, it } from 'vitest';
import { abiOfMetadata } from '../../../main/verify/repository/abi-of-metadata.ts';

describe('abiOfMetadata', () => {
  it("reads the named functions, events, errors and the constructor of output.abi, keeping what their signatures need", () => {
    const metadata = JSON.stringify({
      compiler: { version: '0.8.24' }, language: 'Solidity',
      output: { abi: [
        { type: 'function', name: 'set', stateMutability: 'nonpayable', inputs: [{ internalType: 'uint256', name: 'x', type: 'uint256' }], outputs: [] },
        { type: 'function', name: 'get', stateMutability: 'view', inputs: [], outputs: [{ internalType: 'uint256', name: '', type: 'uint256' }, { name: 'who', type: 'address' }] },
        { type: 'event', name: 'Set', anonymous: false, inputs: [{ indexed: true, internalType: 'struct S', name: 's', type: 'tuple', components: [{ name: 'a', type: 'address' }] }] },
        { type: 'constructor', inputs: [] }, { type: 'error', name: 'NotOwner', inputs: [{ internalType: 'address', name: 'caller', type: 'address' }] }, { type: 'fallback' },
      ] },
    });
    expect(abiOfMetadata(metadata)).toEqual([
      { type: 'function', name: 'set', inputs: [{ type: 'uint256', name: 'x' }], stateMutability: 'nonpayable' },
      { type: 'function', name: 'get', inputs: [], outputs: [{ type: 'uint256' }, { type: 'address', name: 'who' }], stateMutability: 'view' },
      { type: 'event', name: 'Set', inputs: [{ type: 'tuple', name: 's', components: [{ type: 'address', name: 'a' }], indexed: true }] },
      { type: 'constructor', name: 'constructor', inputs: [] },
      { type: 'error', name: 'NotOwner', inputs: [{ type: 'address', name: 'caller' }] },
    ]);
  });

  it('answers null without an ABI and drops malformed entries', () => {
    expect(abiOfMetadata('not json')).toBeNull();
    expect(abiOfMetadata('{"output":{}}')).toBeNull();
    expect(abiOfMetadata('null')).toBeNull();
    const metadata = JSON.stringify({ output: { abi: [
      null, 7, { type: 5 }, { type: 'function', name: 'bad', inputs: [{ type: 'uint256); DROP' }] },
      { type: 'function', name: 'deep', inputs: [{ type: 'tuple', components: 'no' }] },
      { type: 'function', name: 'x(y)', inputs: [] },
      { type: 'function', name: 'ok', inputs: [{ type: 'bool', name: 'a b' }], outputs: [{ type: 'bad type' }], stateMutability: 'sneaky' },
      { type: 'constructor', inputs: [{ type: 'string memory' }] },
    ] } });
    // A malformed output list or mutability is left out; the function stays, for its name.
    expect(abiOfMetadata(metadata)).toEqual([{ type: 'function', name: 'ok', inputs: [{ type: 'bool' }] }]);
  });
});
