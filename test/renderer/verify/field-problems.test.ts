import { describe, expect, it } from 'vitest';
import { checksumAddress, hasBadChecksum } from '../../../main/common/eip55-address.ts';
import { addressProblem, chainIdProblem, compilerVersionProblem, txHashProblem } from '../../../renderer/src/screens/verify/field-problems.ts';

describe('compilerVersionProblem', () => {
  it('accepts what the download accepts: a long version, with or without a leading v, nightlies too', () => {
    for (const ok of ['0.8.24+commit.e11b9ed9', 'v0.8.4+commit.c7e474f2', ' 0.8.4+commit.c7e474f2 ', '0.8.22-nightly.2023.10.22+commit.b187d065']) {
      expect(compilerVersionProblem(ok), ok).toBeNull();
    }
  });

  it('says in plain words what to type instead, without naming the API', () => {
    expect(compilerVersionProblem('abc')).toBe('“abc” is not a compiler version: give one like 0.8.24+commit.e11b9ed9 or v0.8.24+commit.e11b9ed9.');
    expect(compilerVersionProblem('0.8.19')).toBe('“0.8.19” is missing its commit: give the long version solc-bin lists, like 0.8.24+commit.e11b9ed9.');
    expect(compilerVersionProblem('')).toBe('Enter a compiler version, like 0.8.24+commit.e11b9ed9.');
    expect(compilerVersionProblem('x'.repeat(100))).toContain(`“${'x'.repeat(40)}…”`);
  });
});

describe('chainIdProblem', () => {
  it('accepts a decimal chain id', () => {
    expect(chainIdProblem('298', '298')).toBeNull();
    expect(chainIdProblem(' 31337 ', '')).toBeNull();
  });

  it('says what a chain id is, with this network\'s as the example', () => {
    expect(chainIdProblem('abc', '296')).toBe('“abc” is not a chain id: enter a whole number, like 296 for this network.');
    expect(chainIdProblem('', '')).toBe('Enter the chain id the contracts are deployed on: a whole number, like 298 for the demo network.');
    expect(chainIdProblem('1234567890123456789', '298')).toBe('“1234567890123456789” is too long for a chain id (18 digits at most).');
  });
});

describe('addressProblem', () => {
  const lower = '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed';
  const good = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

  it('accepts an address in one case, or with its right EIP-55 checksum', () => {
    for (const ok of [lower, lower.toUpperCase().replace('0X', '0x'), good, ` ${good} `]) expect(addressProblem(ok, ''), ok).toBeNull();
  });

  it('refuses a wrong checksum as POST /verify does, saying to check for a mistyped digit', () => {
    const wrong = good.replace('5aAeb', '5AAeb');
    expect(addressProblem(wrong, '')).toBe(`“${wrong.slice(0, 40)}…” has a wrong EIP-55 checksum (its mixed case): check it for a mistyped digit, or give it all in lower case.`);
  });

  it('says what an address is, a Hedera id told apart, and an empty field only when asked', () => {
    expect(addressProblem('0.0.1001', null)).toBe('“0.0.1001” is a Hedera id: an address is 0x and 40 hex digits (the contract\'s EVM address); 0.0.x ids are not accepted.');
    expect(addressProblem('0x12', null)).toBe('“0x12” is not an address: an address is 0x and 40 hex digits; 0.0.x ids are not accepted.');
    expect(addressProblem('  ', null)).toBeNull();
    expect(addressProblem('', 'Enter it.')).toBe('Enter it.');
  });
});

describe('EIP-55 checksums (shared with the verify engine)', () => {
  it("spells EIP-55's own examples, and finds a checksum broken by one letter's case", () => {
    for (const spelled of ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb']) {
      expect(checksumAddress(spelled.toLowerCase())).toBe(spelled);
      expect(hasBadChecksum(spelled)).toBe(false);
      expect(hasBadChecksum(spelled.toLowerCase())).toBe(false);
      expect(hasBadChecksum(spelled.replace(/[a-f]/, (c) => c.toUpperCase()))).toBe(true);
    }
  });
});

describe('txHashProblem', () => {
  it('takes an empty field (optional) or 0x and 64 hex digits, and says what a hash is otherwise', () => {
    expect(txHashProblem('')).toBeNull();
    expect(txHashProblem(`0x${'ab'.repeat(32)}`)).toBeNull();
    expect(txHashProblem('0.0.2@1700000000.1')).toBe('“0.0.2@1700000000.1” is not a transaction hash: a creator tx hash is 0x and 64 hex digits (the EVM hash, not a Hedera transaction id).');
  });
});
