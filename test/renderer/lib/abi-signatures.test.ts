import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { abiOfMetadata } from '../../../main/verify/repository/abi-of-metadata.ts';
import type { AbiEntry } from '../../../main/common/verify-types.ts';
import { abiNames, abiSignature, eventOf, functionOf, selectorOf } from '../../../renderer/src/lib/abi-signatures.ts';

// ERC-20 entries (as abiOfMetadata keeps them); selector and topic are the values every explorer shows for them.
const ERC20: AbiEntry[] = [
  { type: 'function', name: 'transfer', inputs: [{ type: 'address' }, { type: 'uint256' }] },
  { type: 'function', name: 'approve', inputs: [{ type: 'address' }, { type: 'uint256' }] },
  { type: 'event', name: 'Transfer', inputs: [{ type: 'address' }, { type: 'address' }, { type: 'uint256' }] },
];

describe('abiNames', () => {
  it('maps the ERC-20 selectors and the Transfer topic to their signatures', () => {
    const names = abiNames(ERC20);
    expect(Object.fromEntries(names.functions)).toEqual({ '0xa9059cbb': 'transfer(address,uint256)', '0x095ea7b3': 'approve(address,uint256)' });
    expect(Object.fromEntries(names.events)).toEqual({ '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef': 'Transfer(address,address,uint256)' });
  });

  it("names the Storage example's functions from its metadata (lib-sourcify's test sources)", () => {
    const metadata = fs.readFileSync(path.resolve('../shared/conformance/verify/fixtures/packages/lib-sourcify/test/sources/Storage/metadata.json'), 'utf8');
    expect(Object.fromEntries(abiNames(abiOfMetadata(metadata)).functions)).toEqual({ '0x2e64cec1': 'retrieve()', '0x6057361d': 'store(uint256)' });
  });

  it('spells tuples out in the canonical signature, arrays of tuples included', () => {
    const entry: AbiEntry = {
      type: 'function', name: 'settle',
      inputs: [
        { type: 'tuple[]', components: [{ type: 'uint256' }, { type: 'tuple', components: [{ type: 'address' }, { type: 'bytes32[2]' }] }] },
        { type: 'bytes' },
      ],
    };
    expect(abiSignature(entry)).toBe('settle((uint256,(address,bytes32[2]))[],bytes)');
  });

  it('leaves out anonymous events, and takes no ABI as none', () => {
    const names = abiNames([{ type: 'event', name: 'Hidden', anonymous: true, inputs: [] }]);
    expect(names.events.size + names.functions.size).toBe(0);
    expect(abiNames(null).functions.size).toBe(0);
  });

  it('looks up a call by its selector and a log by its first topic, in any case', () => {
    const names = abiNames(ERC20);
    expect(functionOf(names, '0xA9059CBB000000000000000000000000000000000000000000000000000000000000dead')).toBe('transfer(address,uint256)');
    expect(functionOf(names, '0x')).toBeNull();
    expect(functionOf(null, '0xa9059cbb')).toBeNull();
    expect(selectorOf('0xa9059cbb00')).toBe('0xa9059cbb');
    expect(selectorOf('0x1234')).toBeNull();
    expect(eventOf(names, '0xDDF252AD1BE2C89B69C2B068FC378DAA952BA7F163C4A11628F55A4DF523B3EF')).toBe('Transfer(address,address,uint256)');
    expect(eventOf(names, null)).toBeNull();
  });
});
