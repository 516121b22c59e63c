import { describe, expect, it } from 'vitest';
import { formatCount, formatDuration, formatFileSize, formatHbar, formatInteger, formatTimestamp, groupDigits, hbarParts, shortenAddress } from '../../../renderer/src/lib/format.ts';

describe('hbar formatting', () => {
  it('shows tinybars as HBAR with exactly 8 decimals and grouped whole part', () => {
    expect(formatHbar(123456789)).toBe('1.23456789 ℏ');
    expect(formatHbar(0)).toBe('0.00000000 ℏ');
    expect(formatHbar(1_234_567_800_000_000)).toBe('12,345,678.00000000 ℏ');
  });

  it('keeps bigint amounts beyond 2^53 exact', () => {
    expect(hbarParts(5_000_000_000_000_000_001n)).toEqual({ whole: '50,000,000,000', fraction: '00000001' });
  });

  it('keeps the sign of negative amounts on the whole part', () => {
    expect(hbarParts(-150_000_000)).toEqual({ whole: '-1', fraction: '50000000' });
  });

  it('shows a dash when the balance was not loaded', () => {
    expect(formatHbar(null)).toBe('—');
  });
});

describe('numbers and addresses', () => {
  it('counts with the noun in the right number', () => {
    expect(formatCount(1, 'token')).toBe('1 token');
    expect(formatCount(0, 'token')).toBe('0 tokens');
    expect(formatCount(1200, 'NFT')).toBe('1,200 NFTs');
    expect(formatCount(2, 'entry', 'entries')).toBe('2 entries');
  });

  it('groups digits in threes', () => {
    expect(groupDigits('1234567')).toBe('1,234,567');
    expect(formatInteger(-1234)).toBe('-1,234');
    expect(formatInteger(12n)).toBe('12');
    expect(formatInteger(null)).toBe('—');
  });

  it('shortens EVM addresses and adds the 0x prefix', () => {
    expect(shortenAddress('00000000000000000000000000000000000003e8')).toBe('0x0000…03e8');
    expect(shortenAddress('0xabc')).toBe('0xabc');
    expect(shortenAddress(null)).toBe('—');
  });
});

describe('keys, timestamps and durations', () => {
  it('shows mirror timestamps as UTC dates and leaves odd input visible', () => {
    expect(formatTimestamp('1700000000.123456789')).toBe('2023-11-14 22:13:20 UTC');
    expect(formatTimestamp('0')).toBe('1970-01-01 00:00:00 UTC');
    expect(formatTimestamp('1700000000', { zone: false })).toBe('2023-11-14 22:13:20');
    expect(formatTimestamp('not-a-time')).toBe('not-a-time');
    expect(formatTimestamp(null)).toBe('—');
  });

  it('shows whole days and hours as such', () => {
    expect(formatDuration(7_776_000)).toBe('90 days');
    expect(formatDuration(7200)).toBe('2 hours');
    expect(formatDuration(86_400)).toBe('1 day');
    expect(formatDuration(3_600)).toBe('1 hour');
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(8_000_001)).toBe('92d 14h 13m 21s');
    expect(formatDuration(0)).toBe('0 s');
  });
});

describe('file sizes', () => {
  it('steps from bytes to GiB', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KiB');
    expect(formatFileSize(9_200_000)).toBe('8.8 MiB');
    expect(formatFileSize(6_550_000_000)).toBe('6.1 GiB');
  });
});
