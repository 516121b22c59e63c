import { describe, expect, it } from 'vitest';
import { cleanPath, wanted } from '../../../renderer/src/lib/verify-files.ts';
import { badgeState, parseVerifyQuery, shortHex, verifyScreenHash } from '../../../renderer/src/lib/verify-view.ts';

describe('which files of a project folder are uploaded', () => {
  it.each([
    ['my-app/contracts/Token.sol', true],
    ['my-app/artifacts/build-info/3f2a.json', true],
    ['my-app/artifacts/contracts/Token.sol/Token.json', false],
    ['my-app/artifacts/contracts/Token.sol/Token.dbg.json', false],
    ['my-app/out/Token.sol/Token.json', true],
    ['my-app/metadata.json', true],
    ['my-app/node_modules/@openzeppelin/contracts/token/ERC20/ERC20.sol', true],
    ['my-app/node_modules/@openzeppelin/contracts/package.json', false],
    ['my-app/package.json', false],
    ['my-app/.git/objects/ab/cdef', false],
    ['my-app/cache/solidity-files-cache.json', false],
    ['my-app/README.md', false],
    ['sources.zip', true],
  ])('%s → %s', (path, expected) => {
    expect(wanted(path)).toBe(expected);
  });

  it('cleans paths into the shape the bridge accepts', () => {
    expect(cleanPath('C:\\proj\\contracts\\A.sol')).toBe('C:/proj/contracts/A.sol');
    expect(cleanPath('/abs/./a//b.sol')).toBe('abs/a/b.sol');
  });
});

describe('verify view helpers', () => {
  it('reads the screen query, ignoring malformed values', () => {
    expect(parseVerifyQuery('address=0xABCDEFabcdef0123456789012345678901234567&chain=298')).toEqual({ address: '0xabcdefabcdef0123456789012345678901234567', chainId: '298' });
    expect(parseVerifyQuery('address=0x12&chain=main')).toEqual({ address: '', chainId: '' });
    expect(verifyScreenHash('0xABCDEFabcdef0123456789012345678901234567', '296')).toBe('#/verify?address=0xabcdefabcdef0123456789012345678901234567&chain=296');
  });

  it('picks the best match of an address for its badge', () => {
    const entry = (chainId: string, status: 'perfect' | 'partial') => ({ chainId, status, runtimeMatch: status, creationMatch: null, name: 'A', compilerVersion: 'v', verifiedAt: '', abi: null, constructorArguments: null });
    expect(badgeState({ address: '0x', verified: [] })).toEqual({ kind: 'none' });
    expect(badgeState({ address: '0x', verified: [entry('296', 'partial'), entry('298', 'perfect')] })).toEqual({ kind: 'perfect', chainIds: ['298'] });
    expect(badgeState({ address: '0x', verified: [entry('296', 'partial')] })).toEqual({ kind: 'partial', chainIds: ['296'] });
  });

  it('formats long hex', () => {
    expect(shortHex('0x000000000000000000000000000000000000dead')).toBe('0x000000…00dead');
  });
});
