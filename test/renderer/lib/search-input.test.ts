import { describe, expect, it } from 'vitest';
import { classifySearch } from '../../../renderer/src/lib/search-input.ts';

const ED25519_ALIAS = 'CIQAAAH4AY2OFK2FL37TSPYEQGPPUJRP4XTKWHD62HKPQX543DTOFFQ';
/** A 48-byte transaction hash as the mirror's `transaction_hash` gives it (base64), and in hex. */
const HASH_BASE64 = '2fixUj+xECsMcYnVkwj9pE0ejdDxJNw0QUX3dUSx0XvwKHR1KrfReVmf/JBjUr9b';
const HASH_HEX = '0xd9f8b1523fb1102b0c7189d59308fda44d1e8dd0f124dc344145f77544b1d17bf02874752ab7d179599ffc906352bf5b';

describe('classifySearch', () => {
  it.each([
    ['0.0.1234', { kind: 'entity-id', id: '0.0.1234' }],
    // A whole number alone may be an entity's or a block's.
    ['1234', { kind: 'number', id: '0.0.1234', block: '1234' }],
    [' 007 ', { kind: 'number', id: '0.0.7', block: '7' }],
    ['  0.0.98 ', { kind: 'entity-id', id: '0.0.98' }],
    ['1.2.0003', { kind: 'entity-id', id: '1.2.3' }],
    ['0.0.3-1700000000-000000001', { kind: 'transaction-id', id: '0.0.3-1700000000-000000001' }],
    ['0.0.3-1700000000-1', { kind: 'transaction-id', id: '0.0.3-1700000000-000000001' }],
    ['0.0.3@1700000000.000000001', { kind: 'transaction-id', id: '0.0.3-1700000000-000000001' }],
    ['0.0.1001@1700000000.123456789', { kind: 'transaction-id', id: '0.0.1001-1700000000-123456789' }],
    // HIP-15 checksums, as wallets copy ids: kept for the search to check.
    ['0.0.123-vfmkw', { kind: 'entity-id', id: '0.0.123', checksum: 'vfmkw' }],
    ['0.0.0123-VFMKW', { kind: 'entity-id', id: '0.0.123', checksum: 'vfmkw' }],
    ['0.0.3-tzfmz@1700000000.000000001', { kind: 'transaction-id', id: '0.0.3-1700000000-000000001', checksum: 'tzfmz' }],
    [`0x${'Ab'.repeat(20)}`, { kind: 'evm-address', address: `0x${'ab'.repeat(20)}` }],
    ['ab'.repeat(20), { kind: 'evm-address', address: `0x${'ab'.repeat(20)}` }],
    ['1'.repeat(40), { kind: 'evm-address', address: `0x${'1'.repeat(40)}` }],
    ['cd'.repeat(32), { kind: 'ethereum-hash', hash: `0x${'cd'.repeat(32)}` }],
    [`0x${'EF'.repeat(48)}`, { kind: 'transaction-hash', hash: `0x${'ef'.repeat(48)}` }],
    [ED25519_ALIAS, { kind: 'alias', alias: ED25519_ALIAS }],
    [`0.0.${ED25519_ALIAS}`, { kind: 'alias', alias: ED25519_ALIAS }],
    // A consensus time, as the mirror writes it (`parent_consensus_timestamp`) or shorter.
    ['1791994154.785003172', { kind: 'consensus-timestamp', timestamp: '1791994154.785003172' }],
    [' 1791994154.785 ', { kind: 'consensus-timestamp', timestamp: '1791994154.785000000' }],
    ['1791994154.000000001', { kind: 'consensus-timestamp', timestamp: '1791994154.000000001' }],
    // Its seconds alone are a whole number, as any other.
    ['1791994154', { kind: 'number', id: '0.0.1791994154', block: '1791994154' }],
    // A transaction hash in base64 or base64url, as the mirror answers it: asked for in hex.
    [HASH_BASE64, { kind: 'transaction-hash', hash: HASH_HEX }],
    [` ${HASH_BASE64.replaceAll('+', '-').replaceAll('/', '_')} `, { kind: 'transaction-hash', hash: HASH_HEX }],
    ['', { kind: 'empty' }],
    ['   ', { kind: 'empty' }],
  ])('reads %j', (input, expected) => {
    expect(classifySearch(input)).toEqual(expected);
  });

  it.each([
    ['hello', 'hello'], ['  Vivid Punks ', 'Vivid Punks'], ['ABC1DEF', 'ABC1DEF'], ['CIQ AAAH', 'CIQ AAAH'], ['z'.repeat(96), 'z'.repeat(96)],
    ['3D Art', '3D Art'], ['éé', 'éé'], ['../accounts', '../accounts'],
  ])('reads %j as part of a token name', (input, name) => {
    expect(classifySearch(input)).toEqual({ kind: 'token-name', name });
  });

  it.each([
    'ab', 'x'.repeat(101), '0.0', '0.0.1.2', '0.0.-5', '0x1234', `0x${'a'.repeat(41)}`, '0xZZZZ', '0.0.3-1700000000', '0.0.3@1700000000-000000001',
    '0.0.3-1700000000.000000001', '0.0.3-1700000000-1234567890', '0.0.1234?x=1', '12-34', '@@@',
    '0.0.123-vfmk', '0.0.123-vfmkwx', '0.0.123-vfm1w', '0.0.3-tzfmz-1700000000-000000001',
    // Not consensus times: 9 or 11 digits of seconds, 10 of the fraction, none.
    '179199415.785003172', '17919941540.785003172', '1791994154.7850031720', '1791994154.',
  ])('refuses %j', (input) => {
    expect(classifySearch(input)).toEqual({ kind: 'invalid' });
  });

  it.each([
    // As the app shows block numbers (the Blocks list, a block's heading), and as explorers mark them.
    ['16,332', '16332'], ['16 332', '16332'], ['16\u202F332', '16332'], ['16\u00A0332', '16332'], ['1,234,567', '1234567'],
    ['#16332', '16332'], [' #16,332 ', '16332'],
    // Too long for an entity's number (12 digits at most), not for a block's.
    ['1'.repeat(13), '1'.repeat(13)], ['9223372036854775807', '9223372036854775807'],
  ])('reads %j as a block number only', (input, block) => {
    expect(classifySearch(input)).toEqual({ kind: 'block', block });
  });

  it.each([
    // Not thousands, or past the largest block number; a dot is an entity id's, never grouping.
    '16,33', '1,2', '16, 332', '16,332,', '#0.0.5', '9223372036854775808', '1'.repeat(30), '0.0.16,332',
  ])('refuses %j, no block number', (input) => {
    expect(classifySearch(input)).toEqual({ kind: 'invalid' });
  });

  it('keeps entity ids and consensus times, which have separators too, as they were', () => {
    expect(classifySearch('0.0.16332')).toEqual({ kind: 'entity-id', id: '0.0.16332' });
    // Dots are an id's parts, not thousands (as some locales write them).
    expect(classifySearch('1.234.567')).toEqual({ kind: 'entity-id', id: '1.234.567' });
    expect(classifySearch('1791994154.785003172')).toEqual({ kind: 'consensus-timestamp', timestamp: '1791994154.785003172' });
  });

  it('takes 0X, in capitals, as it takes 0x', () => {
    expect(classifySearch(`0X${'AB'.repeat(20)}`)).toEqual({ kind: 'evm-address', address: `0x${'ab'.repeat(20)}` });
    expect(classifySearch(`0X${'cd'.repeat(32)}`)).toEqual({ kind: 'ethereum-hash', hash: `0x${'cd'.repeat(32)}` });
    expect(classifySearch(`0X${'ef'.repeat(48)}`)).toEqual({ kind: 'transaction-hash', hash: `0x${'ef'.repeat(48)}` });
  });

  it.each(['\u200B', '\u2060', '\uFEFF'])('reads through the invisible %j around and inside what was pasted', (invisible) => {
    expect(classifySearch(`${invisible}0.0.1100${invisible}`)).toEqual({ kind: 'entity-id', id: '0.0.1100' });
    expect(classifySearch(` ${invisible}0.0.${invisible}1100 `)).toEqual({ kind: 'entity-id', id: '0.0.1100' });
    expect(classifySearch(`${invisible}1234`)).toEqual({ kind: 'number', id: '0.0.1234', block: '1234' });
    expect(classifySearch(invisible)).toEqual({ kind: 'empty' });
  });

  it.each(['\u200C', '\u200D'])('drops the joiner %j around what was pasted', (joiner) => {
    expect(classifySearch(` ${joiner}0.0.1100${joiner} `)).toEqual({ kind: 'entity-id', id: '0.0.1100' });
    expect(classifySearch(`${joiner}1234`)).toEqual({ kind: 'number', id: '0.0.1234', block: '1234' });
    expect(classifySearch(joiner)).toEqual({ kind: 'empty' });
  });

  it('keeps the joiners inside a name, where they are part of its letters', () => {
    // Persian "mi-khaham" with a zero-width non-joiner; an emoji ZWJ sequence (woman technologist).
    expect(classifySearch('\u200Cمی\u200Cخواهم')).toEqual({ kind: 'token-name', name: 'می\u200Cخواهم' });
    expect(classifySearch('coder \u{1F469}\u200D\u{1F4BB}\u200D')).toEqual({ kind: 'token-name', name: 'coder \u{1F469}\u200D\u{1F4BB}' });
  });

  it.each([
    ['0.0.1104/81', { kind: 'nft', token: '0.0.1104', serial: '81' }],
    [' 0.0.1104#081 ', { kind: 'nft', token: '0.0.1104', serial: '81' }],
    ['0.0.1104-ABCDE/81', { kind: 'nft', token: '0.0.1104', serial: '81', checksum: 'abcde' }],
  ])('reads %j as an NFT, a collection and a serial', (input, expected) => {
    expect(classifySearch(input)).toEqual(expected);
  });

  it.each(['0.0.1104/', '0.0.1104/x', '0.0.1104/81/2', '1104/81', '0.0.1104#-1'])('refuses %j, an NFT half written', (input) => {
    expect(classifySearch(input)).toEqual({ kind: 'invalid' });
  });

  it('takes base32 in lower or mixed case for an alias, upper-cased, or a word of a token name', () => {
    expect(classifySearch(ED25519_ALIAS.toLowerCase())).toEqual({ kind: 'alias-or-name', alias: ED25519_ALIAS, name: ED25519_ALIAS.toLowerCase() });
    const mixed = `${ED25519_ALIAS.slice(0, 10).toLowerCase()}${ED25519_ALIAS.slice(10)}`;
    expect(classifySearch(mixed)).toEqual({ kind: 'alias-or-name', alias: ED25519_ALIAS, name: mixed });
    // With its shard and realm before it, no name: an alias.
    expect(classifySearch(`0.0.${ED25519_ALIAS.toLowerCase()}`)).toEqual({ kind: 'alias', alias: ED25519_ALIAS });
    // Words shorter or longer than a key's alias, and words with letters base32 has not (digits 0, 1, 8, 9), stay names.
    expect(classifySearch('goldcoin')).toEqual({ kind: 'token-name', name: 'goldcoin' });
    expect(classifySearch('z'.repeat(61))).toEqual({ kind: 'token-name', name: 'z'.repeat(61) });
    expect(classifySearch('averylongtokenname1234')).toEqual({ kind: 'token-name', name: 'averylongtokenname1234' });
  });

  it('takes a 64-character base64 string for a hash only when it is base64 or base64url throughout', () => {
    expect(classifySearch(HASH_BASE64.slice(1))).not.toMatchObject({ kind: 'transaction-hash' });
    // `+` and `/` of base64 with `-` and `_` of base64url: neither.
    expect(classifySearch(`${HASH_BASE64.slice(0, 62)}-_`)).not.toMatchObject({ kind: 'transaction-hash' });
    // 64 hex digits are an Ethereum hash, though base64 too.
    expect(classifySearch('cd'.repeat(32))).toMatchObject({ kind: 'ethereum-hash' });
  });

  it('never throws on arbitrary input', () => {
    for (const input of ['\u0000', '0'.repeat(10_000), '0.0.99999999999999999999', '💥', '0x', '@', '-']) {
      expect(() => classifySearch(input)).not.toThrow();
    }
  });
});
