import { describe, expect, it } from 'vitest';
import { readWord } from '../../../renderer/src/lib/storage-word.ts';

const word = (hex: string): string => `0x${hex.padStart(64, '0')}`;

describe('readWord', () => {
  it('reads a word with its high 16 bytes zero as a number, digits grouped', () => {
    expect(readWord(word('0'))).toEqual({ kind: 'number', value: 0n, text: '0' });
    expect(readWord(word('2540be400'))).toEqual({ kind: 'number', value: 10_000_000_000n, text: '10,000,000,000' });
    const largest = (1n << 128n) - 1n;
    expect(readWord(word(largest.toString(16)))).toEqual({ kind: 'number', value: largest, text: '340,282,366,920,938,463,463,374,607,431,768,211,455' });
  });

  it('reads 20 bytes behind 12 zero bytes, too large for a count, as an address', () => {
    expect(readWord(word('D8dA6BF26964aF9D7eEd9e03E53415D37aA96045'))).toEqual({ kind: 'address', address: '0xd8da6bf26964af9d7eed9e03e53415d37aa96045' });
    expect(readWord(word('1'.padEnd(33, '0')))).toEqual({ kind: 'address', address: `0x${'1'.padEnd(33, '0').padStart(40, '0')}` });
  });

  it('gives hashes and packed words no reading', () => {
    expect(readWord('0xa08108aba3f9617d1b07c51f20382f5f1bdeae66ae224fca362fa78ad3749352')).toBeNull();
    expect(readWord(word('1'.padEnd(41, '0')))).toBeNull();
  });

  it('reads only a whole 32-byte word', () => {
    for (const text of ['', '0x', '0x1234', word('1').slice(2), `${word('1')}00`, `0x${'g'.repeat(64)}`, null, undefined]) {
      expect(readWord(text), String(text)).toBeNull();
    }
  });
});
