import { describe, expect, it } from 'vitest';
import type { AbiParameter } from '../../../main/common/verify-types.ts';
import { encodeAbi as encodeDemo } from '../../../main/mirror/demo/evm/abi.ts';
import { AbiError, decodeAbi, encodeAbi, formatAbiValue, longZeroAddress, parseAbiInput, type AbiValue } from '../../../renderer/src/lib/abi-codec.ts';
import { functionSelector } from '../../../renderer/src/lib/abi-signatures.ts';
import { bytesToHex } from '../../../renderer/src/lib/ledger-format.ts';

const types = (...list: string[]): AbiParameter[] => list.map((type) => ({ type }));
const words = (...list: string[]): string => list.map((w) => w.padStart(64, '0')).join('');
const ascii = (text: string): string => `0x${Buffer.from(text).toString('hex')}`;

/** The examples of the Solidity ABI specification ("Examples", "Use of Dynamic Types"): call data byte for byte. */
const SPEC_EXAMPLES: Array<{ name: string; inputs: AbiParameter[]; values: AbiValue[]; selector: string; encoded: string }> = [
  { name: 'baz', inputs: types('uint32', 'bool'), values: [69n, true], selector: '0xcdcd77c0', encoded: words('45', '1') },
  {
    name: 'sam', inputs: types('bytes', 'bool', 'uint256[]'), values: [ascii('dave'), true, [1n, 2n, 3n]], selector: '0xa5643bf2',
    encoded: words('60', '1', 'a0', '4', '6461766500000000000000000000000000000000000000000000000000000000', '3', '1', '2', '3'),
  },
  {
    name: 'f', inputs: types('uint256', 'uint32[]', 'bytes10', 'bytes'), values: [0x123n, [0x456n, 0x789n], ascii('1234567890'), ascii('Hello, world!')], selector: '0x8be65246',
    encoded: words('123', '80', '3132333435363738393000000000000000000000000000000000000000000000', 'e0', '2', '456', '789', 'd', '48656c6c6f2c20776f726c642100000000000000000000000000000000000000'),
  },
  {
    name: 'g', inputs: types('uint256[][]', 'string[]'), values: [[[1n, 2n], [3n]], ['one', 'two', 'three']], selector: '0x2289b18c',
    encoded: words('40', '140', '2', '40', 'a0', '2', '1', '2', '1', '3', '3', '60', 'a0', 'e0', '3', '6f6e650000000000000000000000000000000000000000000000000000000000',
      '3', '74776f0000000000000000000000000000000000000000000000000000000000', '5', '7468726565000000000000000000000000000000000000000000000000000000'),
  },
];

describe('the ABI codec on the specification\'s examples', () => {
  it.each(SPEC_EXAMPLES)('encodes $name and decodes it back', ({ name, inputs, values, selector, encoded }) => {
    expect(functionSelector({ type: 'function', name, inputs })).toBe(selector);
    expect(bytesToHex(encodeAbi(inputs, values))).toBe(encoded);
    expect(decodeAbi(inputs, `0x${encoded}`)).toEqual(values);
  });

  it('encodes what the demo generator encodes for its contracts (uint, bool, address, string)', () => {
    const address = Buffer.from('00000000000000000000000000000000000003e8', 'hex');
    const demo = encodeDemo([{ type: 'uint', value: 7n }, { type: 'string', value: 'Mirrordesk ✓' }, { type: 'bool', value: true }, { type: 'address', value: address }]);
    const ours = encodeAbi(types('uint256', 'string', 'bool', 'address'), [7n, 'Mirrordesk ✓', true, '0x00000000000000000000000000000000000003e8']);
    expect(Buffer.from(ours).equals(demo)).toBe(true);
  });
});

describe('signed integers, fixed arrays and tuples', () => {
  it('writes negative integers in two\'s complement and reads them back', () => {
    const encoded = encodeAbi(types('int8', 'int256'), [-1n, -(2n ** 255n)]);
    expect(bytesToHex(encoded)).toBe(`${'f'.repeat(64)}8${'0'.repeat(63)}`);
    expect(decodeAbi(types('int8', 'int256'), encoded)).toEqual([-1n, -(2n ** 255n)]);
  });

  it('keeps a static tuple and fixed array in the head and a dynamic tuple behind an offset', () => {
    const point: AbiParameter = { type: 'tuple', components: types('uint256', 'bool') };
    const named: AbiParameter = { type: 'tuple', components: types('string', 'uint8') };
    const inputs = [point, { type: 'address[2]' }, named];
    const values: AbiValue[] = [[5n, false], [`0x${'11'.repeat(20)}`, `0x${'22'.repeat(20)}`], ['hi', 9n]];
    const encoded = encodeAbi(inputs, values);
    // 2 words of tuple, 2 of addresses, then the offset of the dynamic tuple: 5 words = 0xa0.
    expect(bytesToHex(encoded).slice(4 * 64, 5 * 64)).toBe(words('a0'));
    expect(decodeAbi(inputs, encoded)).toEqual(values);
  });

  it('refuses values out of their type\'s range', () => {
    expect(() => encodeAbi(types('uint8'), [256n])).toThrow(AbiError);
    expect(() => encodeAbi(types('int8'), [128n])).toThrow(AbiError);
    expect(() => encodeAbi(types('uint256'), [-1n])).toThrow(AbiError);
    expect(() => encodeAbi(types('bytes4'), ['0x0102'])).toThrow(/expected 4 bytes/);
    expect(() => encodeAbi(types('uint256[2]'), [[1n]])).toThrow(/expected 2 values/);
    expect(() => encodeAbi(types('uint7'), [1n])).toThrow(/not an ABI type/);
    expect(() => encodeAbi(types('fixed128x18'), [1n])).toThrow(AbiError);
  });
});

describe('decoding return data defensively', () => {
  it('refuses data shorter than its types or offsets and lengths pointing past its end', () => {
    expect(() => decodeAbi(types('uint256'), '0x')).toThrow(AbiError);
    expect(() => decodeAbi(types('string'), `0x${words('20', 'ffff')}`)).toThrow(AbiError);
    expect(() => decodeAbi(types('string'), `0x${words('ffffffffffffffff')}`)).toThrow(AbiError);
    expect(() => decodeAbi(types('uint256[]'), `0x${words('20', 'ffffffff')}`)).toThrow(AbiError);
    expect(() => decodeAbi(types('uint256'), '0x123')).toThrow(AbiError);
  });

  it('reads addresses, booleans and fixed bytes as the words hold them', () => {
    const data = `0x${words('3e8', '1', 'abcd'.padEnd(64, '0'))}`;
    expect(decodeAbi(types('address', 'bool', 'bytes2'), data)).toEqual(['0x00000000000000000000000000000000000003e8', true, '0xabcd']);
  });
});

describe('reading form fields', () => {
  it('reads numbers in decimal or hex, booleans, addresses as hex or entity ids, bytes and strings', () => {
    expect(parseAbiInput({ type: 'uint256' }, ' 1000 ')).toBe(1000n);
    expect(parseAbiInput({ type: 'uint256' }, '0xff')).toBe(255n);
    expect(parseAbiInput({ type: 'int64' }, '-42')).toBe(-42n);
    expect(parseAbiInput({ type: 'bool' }, 'true')).toBe(true);
    expect(parseAbiInput({ type: 'address' }, `0x${'AB'.repeat(20)}`)).toBe(`0x${'ab'.repeat(20)}`);
    // A Hedera id: its long-zero address (shard 4 bytes, realm 8, number 8).
    expect(parseAbiInput({ type: 'address' }, '0.0.1000')).toBe('0x00000000000000000000000000000000000003e8');
    expect(parseAbiInput({ type: 'address' }, '1.2.3')).toBe('0x0000000100000000000000020000000000000003');
    expect(parseAbiInput({ type: 'bytes' }, '0xDEAD')).toBe('0xdead');
    expect(parseAbiInput({ type: 'string' }, ' keeps spaces ')).toBe(' keeps spaces ');
    expect(parseAbiInput({ type: 'uint256[]' }, '["1", 2, "0x3"]')).toEqual([1n, 2n, 3n]);
    expect(parseAbiInput({ type: 'tuple', components: types('bool', 'string') }, '[true, "x"]')).toEqual([true, 'x']);
  });

  it('asks the caller what an entity id typed for an address is, also inside lists and tuples', () => {
    const known = new Map([['0.0.2787', `0x${'9a'.repeat(20)}`]]);
    const asked: Array<[string, string]> = [];
    const addressOf = (id: string, longZero: string): string => {
      asked.push([id, longZero]);
      return known.get(id) ?? longZero;
    };
    // An account with its own EVM address (an ECDSA key's) is that address, not its long-zero one.
    expect(parseAbiInput({ type: 'address' }, ' 0.0.2787 ', addressOf)).toBe(`0x${'9a'.repeat(20)}`);
    expect(parseAbiInput({ type: 'address[]' }, '["0.0.2787", "0.0.1000", "0x00000000000000000000000000000000000003e9"]', addressOf))
      .toEqual([`0x${'9a'.repeat(20)}`, '0x00000000000000000000000000000000000003e8', '0x00000000000000000000000000000000000003e9']);
    expect(parseAbiInput({ type: 'tuple', components: types('address', 'uint8') }, '["0.0.2787", 1]', addressOf)).toEqual([`0x${'9a'.repeat(20)}`, 1n]);
    // Ids are asked for without leading zeros; hex addresses are taken as typed, never asked for.
    expect(parseAbiInput({ type: 'address' }, '0.0.02787', addressOf)).toBe(`0x${'9a'.repeat(20)}`);
    expect(asked.map(([id]) => id)).toEqual(['0.0.2787', '0.0.2787', '0.0.1000', '0.0.2787', '0.0.2787']);
    expect(asked[0]![1]).toBe('0x0000000000000000000000000000000000000ae3');
  });

  it('spells an entity id as its long-zero address', () => {
    expect(longZeroAddress('0.0.2787')).toBe('0x0000000000000000000000000000000000000ae3');
    expect(longZeroAddress('1.2.3')).toBe('0x0000000100000000000000020000000000000003');
    expect(() => longZeroAddress('0.0.18446744073709551616')).toThrow(new AbiError('address: that entity id does not fit an address'));
    expect(() => longZeroAddress('alice')).toThrow(AbiError);
  });

  it('says what it expected for text that is not of the type', () => {
    expect(() => parseAbiInput({ type: 'uint256' }, '1.5')).toThrow('uint256: expected a whole number');
    expect(() => parseAbiInput({ type: 'bool' }, 'yes')).toThrow('bool: expected true or false');
    expect(() => parseAbiInput({ type: 'address' }, '0x1234')).toThrow(/expected 0x and 40 hex digits/);
    expect(() => parseAbiInput({ type: 'bytes' }, '0xabc')).toThrow(/whole bytes/);
    expect(() => parseAbiInput({ type: 'uint256[]' }, '1, 2')).toThrow(/JSON list/);
    expect(() => parseAbiInput({ type: 'uint256[2]' }, '[1]')).toThrow(/expected 2 values/);
  });

  it('writes values back as text by their types', () => {
    expect(formatAbiValue({ type: 'string' }, '0xnot bytes')).toBe('"0xnot bytes"');
    expect(formatAbiValue({ type: 'uint256[]' }, [1n, 2n])).toBe('[1, 2]');
    expect(formatAbiValue({ type: 'tuple', components: types('string', 'bool') }, ['a', true])).toBe('["a", true]');
  });
});
