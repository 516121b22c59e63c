import { describe, expect, it } from 'vitest';
import { readWord } from '../../../renderer/src/lib/storage-word.ts';

const word = (hex: string): string => `0x${hex.padStart(64, '0')}`;

describe('readWord', () => {
  it('reads a left-padded long-zero address (a demo hook\'s slot 0, its owner) both as its number and as the entity it spells', () => {
    expect(readWord(word('a53'))).toEqual([
      { kind: 'number', value: 2643n, text: '2,643' },
      { kind: 'address', address: `0x${'a53'.padStart(40, '0')}`, id: '0.0.2643' },
    ]);
    // A realm in its place: 8 bytes ahead of the 8-byte num (0.2.7), still below 2^128.
    const realm = `${'0'.repeat(15)}2${'0'.repeat(15)}7`;
    expect(readWord(word(realm))).toEqual([
      { kind: 'number', value: (2n << 64n) + 7n, text: '36,893,488,147,419,103,239' },
      { kind: 'address', address: `0x${realm.padStart(40, '0')}`, id: '0.2.7' },
    ]);
  });

  it('reads a number too large for an entity id as a number and an address, with no id', () => {
    const big = (1n << 128n) - 1n;
    expect(readWord(word(big.toString(16)))).toEqual([
      { kind: 'number', value: big, text: '340,282,366,920,938,463,463,374,607,431,768,211,455' },
      { kind: 'address', address: `0x${'0'.repeat(8)}${'f'.repeat(32)}`, id: null },
    ]);
  });

  it('reads 20 bytes behind 12 zero bytes, too large for a count, as an address only', () => {
    expect(readWord(word('D8dA6BF26964aF9D7eEd9e03E53415D37aA96045'))).toEqual([{ kind: 'address', address: '0xd8da6bf26964af9d7eed9e03e53415d37aa96045', id: null }]);
    // A long-zero address of shard 1 (its first 4 bytes not zero) is no number, still an entity.
    expect(readWord(word(`00000001${'0'.repeat(16)}${'0'.repeat(13)}3e9`))).toEqual([{ kind: 'address', address: `0x00000001${'0'.repeat(29)}3e9`, id: '1.0.1001' }]);
  });

  it('gives the zero word and numbers up to 1,000 (system entity numbers, likelier counts) their number only', () => {
    expect(readWord(word('0'))).toEqual([{ kind: 'number', value: 0n, text: '0' }]);
    expect(readWord(word('5'))).toEqual([{ kind: 'number', value: 5n, text: '5' }]);
    expect(readWord(word('3e8'))).toEqual([{ kind: 'number', value: 1000n, text: '1,000' }]);
    expect(readWord(word('3e9'))?.map((reading) => reading.kind)).toEqual(['number', 'address']);
  });

  it('reads a key as its slot number only, and an address-shaped key too large for a slot number as an address', () => {
    expect(readWord(word('1'), { slot: true })).toEqual([{ kind: 'number', value: 1n, text: '1' }]);
    expect(readWord(word('D8dA6BF26964aF9D7eEd9e03E53415D37aA96045'), { slot: true })).toEqual([{ kind: 'address', address: '0xd8da6bf26964af9d7eed9e03e53415d37aa96045', id: null }]);
  });

  it('gives hashes and packed words no reading', () => {
    expect(readWord('0xa08108aba3f9617d1b07c51f20382f5f1bdeae66ae224fca362fa78ad3749352')).toEqual([]);
    expect(readWord(word('1'.padEnd(41, '0')))).toEqual([]);
  });

  it('reads only a whole 32-byte word', () => {
    for (const text of ['', '0x', '0x1234', word('1').slice(2), `${word('1')}00`, `0x${'g'.repeat(64)}`, null, undefined]) {
      expect(readWord(text), String(text)).toBeNull();
    }
  });
});
