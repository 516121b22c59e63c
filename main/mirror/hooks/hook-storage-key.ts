/** Hook storage keys and values are 32-byte words; filters may give them shorter, in hex. */
export const WORD_BYTES = 32;

const KEY_VALUE = /^(?:0x)?([0-9A-Fa-f]{1,64})$/;

/** Parses a `key` filter value into its 32-byte word (left-padded), or null. */
export function parseStorageKey(text: string): Buffer | null {
  const match = KEY_VALUE.exec(text);
  return match ? Buffer.from(match[1]!.padStart(WORD_BYTES * 2, '0'), 'hex') : null;
}

/** The next or previous word, for turning `gt`/`lt` into inclusive bounds; null past the ends. */
export function adjacentWord(word: Buffer, step: 1 | -1): Buffer | null {
  const value = BigInt(`0x${word.toString('hex')}`) + BigInt(step);
  if (value < 0n || value >= 1n << BigInt(WORD_BYTES * 8)) return null;
  return Buffer.from(value.toString(16).padStart(WORD_BYTES * 2, '0'), 'hex');
}

/** `0x` and 64 hex digits; null stays null. */
export function renderWord(bytes: Buffer | null): string | null {
  return bytes === null ? null : `0x${bytes.toString('hex').padStart(WORD_BYTES * 2, '0')}`;
}
