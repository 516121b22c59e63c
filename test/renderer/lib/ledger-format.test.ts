import { describe, expect, it } from 'vitest';
import { base64ToHex, decodePayload, decodeRevertReason, nanosToTimestamp, toBigInt, formatBytes, formatTokenAmount, hexByteLength, resultTone, shortHex, stakedNodeId, hexToBytes, keyPrefixHex, longZeroId } from '../../../renderer/src/lib/ledger-format.ts';
import { longZeroAddress } from '../../../main/mirror/contracts/contract-hex.ts';
import { encodeEntityId } from '../../../main/mirror/format/entity-id.ts';

const b64 = (bytes: number[] | string): string => Buffer.from(typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : Uint8Array.from(bytes)).toString('base64');

describe('ledger formatting', () => {
  it('decodes printable UTF-8 payloads as text and keeps binary ones as base64', () => {
    expect(decodePayload(b64('hello topic'))).toEqual({ kind: 'text', value: 'hello topic' });
    expect(decodePayload(b64('line 1\nline 2\ttab ✓ ünïcode'))).toEqual({ kind: 'text', value: 'line 1\nline 2\ttab ✓ ünïcode' });
    expect(decodePayload(b64([0xff, 0xfe, 0x00]))).toEqual({ kind: 'base64', value: b64([0xff, 0xfe, 0x00]) });
    expect(decodePayload(b64([0x41, 0x00, 0x42]))).toEqual({ kind: 'base64', value: b64([0x41, 0x00, 0x42]) });
    expect(decodePayload(b64([0x1b, 0x5b, 0x33, 0x31, 0x6d]))).toMatchObject({ kind: 'base64' });
    expect(decodePayload('not base64!')).toEqual({ kind: 'base64', value: 'not base64!' });
    expect(decodePayload('')).toEqual({ kind: 'text', value: '' });
    expect(decodePayload(null)).toEqual({ kind: 'text', value: '' });
  });

  it('converts base64 hashes to hex', () => {
    expect(base64ToHex(b64([1, 2, 255]))).toBe('0x0102ff');
    expect(base64ToHex(null)).toBe('');
  });

  it('formats token amounts exactly with their decimals', () => {
    expect(formatTokenAmount(12345, 2)).toBe('123.45');
    expect(formatTokenAmount('5', '3')).toBe('0.005');
    expect(formatTokenAmount(-1234567, 0)).toBe('-1,234,567');
    expect(formatTokenAmount(9_223_372_036_854_775_807n, 8)).toBe('92,233,720,368.54775807');
    expect(formatTokenAmount(null, 2)).toBe('—');
    expect(formatTokenAmount('abc', 2)).toBe('abc');
  });

  it('measures and shortens hex', () => {
    expect(hexByteLength('0x6080')).toBe(2);
    expect(hexByteLength('608060')).toBe(3);
    expect(hexByteLength(null)).toBe(0);
    expect(formatBytes(11)).toBe('11 bytes');
    expect(formatBytes(2048)).toBe('2.0 KiB (2,048 bytes)');
    expect(shortHex(`0x${'a'.repeat(64)}`)).toBe('0xaaaaaaaa…aaaaaaaa');
    expect(shortHex('0x1234')).toBe('0x1234');
  });

  it('tones results', () => {
    expect(resultTone('SUCCESS')).toBe('ok');
    expect(resultTone('INSUFFICIENT_PAYER_BALANCE')).toBe('critical');
    expect(resultTone(null)).toBe('none');
  });

  it('decodes Error(string) and Panic(uint256) revert data, and nothing else', () => {
    const word = (n: number | string): string => (typeof n === 'number' ? n.toString(16) : n).padStart(64, '0');
    const nope = Buffer.from('nope').toString('hex').padEnd(64, '0');
    expect(decodeRevertReason(`0x08c379a0${word(32)}${word(4)}${nope}`)).toBe('nope');
    expect(decodeRevertReason(`0x4e487b71${word(0x11)}`)).toBe('Panic(0x11)');
    expect(decodeRevertReason(`0x08c379a0${word(32)}${word(40)}${nope}`)).toBeNull();
    expect(decodeRevertReason('0xdb42144d00')).toBeNull();
    expect(decodeRevertReason('CONTRACT_REVERT_EXECUTED')).toBeNull();
    expect(decodeRevertReason(null)).toBeNull();
  });

  it('reads int64 values in any of their JSON shapes, refusing junk', () => {
    expect(toBigInt('100000000')).toBe(100_000_000n);
    expect(toBigInt(5)).toBe(5n);
    expect(toBigInt(2n ** 63n - 1n)).toBe(2n ** 63n - 1n);
    expect(toBigInt('1e5')).toBeNull();
    expect(toBigInt(1.5)).toBeNull();
    expect(toBigInt(null)).toBeNull();
    expect(nanosToTimestamp(1_700_000_000_000_000_001n)).toBe('1700000000.000000001');
    expect(nanosToTimestamp(-1)).toBeNull();
  });
});

describe('stakedNodeId', () => {
  it('reads a node id, and none for the API\'s -1 or no value', () => {
    expect(stakedNodeId(3)).toBe('3');
    expect(stakedNodeId(0)).toBe('0');
    expect(stakedNodeId('12')).toBe('12');
    expect(stakedNodeId(-1)).toBeNull();
    expect(stakedNodeId(null)).toBeNull();
    expect(stakedNodeId(undefined)).toBeNull();
  });
});

describe('keyPrefixHex', () => {
  it('shows a base64 key prefix in hex without 0x, as keys are shown, and anything else as it is', () => {
    expect(keyPrefixHex('6KjKvA==')).toBe('e8a8cabc');
    expect(keyPrefixHex('')).toBe('');
    expect(keyPrefixHex('not base64!')).toBe('not base64!');
  });
});

describe('hexToBytes', () => {
  it('reads whole bytes of hex, and nothing else', () => {
    expect(hexToBytes('00ffA0')).toEqual(Uint8Array.from([0, 255, 160]));
    expect(hexToBytes('')).toEqual(new Uint8Array(0));
    expect(hexToBytes('abc')).toBeNull();
    expect(hexToBytes('0x00')).toBeNull();
    expect(hexToBytes('zz')).toBeNull();
  });
});

describe('longZeroId', () => {
  it('reads the id a long-zero address spells, as the mirror writes such addresses', () => {
    for (const [shard, realm, num] of [[0, 0, 1151], [0, 0, 0], [1, 2, 98], [0, 0, 2 ** 37 + 7]] as const) {
      expect(longZeroId(longZeroAddress(encodeEntityId(shard, realm, num)))).toBe(`${shard}.${realm}.${num}`);
    }
    expect(longZeroId('0x000000000000000000000000000000000000047F')).toBe('0.0.1151');
  });

  it('takes no other address for one', () => {
    for (const address of ['0xb74ee3f1cf52596902c3ad54fb5e259e73a91a5e', '0x00000000000000000000000000000000000047f', '000000000000000000000000000000000000047f', '', null, undefined]) {
      expect(longZeroId(address)).toBeNull();
    }
  });
});
