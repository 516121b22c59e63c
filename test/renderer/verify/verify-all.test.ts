import { describe, expect, it } from 'vitest';
import type { VerifySessionContract, VerifySessionView } from '../../../main/common/verify-types.ts';
import { stillToVerify, verifySummary } from '../../../renderer/src/screens/verify/verify-all.ts';

const ADDRESS = `0x${'ab'.repeat(20)}`;
const OTHER = `0x${'cd'.repeat(20)}`;

function contract(id: string, fields: Partial<VerifySessionContract> = {}): VerifySessionContract {
  return {
    verificationId: id, name: `C${id}`, compiledPath: 'c.sol', compilerVersion: '0.8.4+commit.c7e474f2', compilerInstalled: true,
    found: ['c.sol'], missing: [], differing: [], address: null, chainId: null, status: 'pending', message: null, verifiedAt: null, detail: null, verifying: false, ...fields,
  };
}

const perfectAt = (id: string, address: string, creationMatch: 'perfect' | null = null): VerifySessionContract => contract(id, {
  status: 'perfect', address, chainId: '298',
  detail: { runtimeMatch: 'perfect', creationMatch, libraryMap: {}, differences: [], fromRepository: false, constructorAbi: null, constructorArguments: null },
});

describe('stillToVerify', () => {
  it('leaves out an address with a wrong EIP-55 checksum: it would have the whole call refused', () => {
    const inputs = { addresses: { a: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', b: '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }, txHashes: {}, chainId: '298' };
    expect(stillToVerify([contract('a'), contract('b')], inputs).map((c) => c.verificationId)).toEqual(['a']);
  });

  it('leaves out a creator tx hash that is not a hash: it would have the whole call refused', () => {
    const inputs = { addresses: { a: ADDRESS, b: ADDRESS, c: ADDRESS }, txHashes: { a: `0x${'12'.repeat(32)}`, b: '0x1234', c: '' }, chainId: '298' };
    expect(stillToVerify([contract('a'), contract('b'), contract('c')], inputs).map((c) => c.verificationId)).toEqual(['a', 'c']);
  });

  it('takes contracts with all sources and an address, and leaves out those already verified there', () => {
    const contracts = [contract('a'), contract('b', { missing: ['x.sol'] }), contract('c'), perfectAt('d', ADDRESS)];
    const inputs = { addresses: { a: ADDRESS, b: ADDRESS, c: '', d: ADDRESS.toUpperCase().replace('0X', '0x') }, txHashes: {}, chainId: '298' };
    expect(stillToVerify(contracts, inputs).map((c) => c.verificationId)).toEqual(['a']);
  });

  it('is empty once every contract is a match at its address', () => {
    const contracts = [perfectAt('a', ADDRESS), contract('b', { status: 'partial', address: OTHER, chainId: '298' })];
    expect(stillToVerify(contracts, { addresses: { a: ADDRESS, b: OTHER }, txHashes: {}, chainId: '298' })).toEqual([]);
  });

  it('takes a verified contract again for another address, another chain, or a creator transaction not yet checked', () => {
    const contracts = [perfectAt('a', ADDRESS), perfectAt('b', ADDRESS), perfectAt('c', ADDRESS), perfectAt('d', ADDRESS, 'perfect')];
    const hash = `0x${'12'.repeat(32)}`;
    const inputs = { addresses: { a: OTHER, b: ADDRESS, c: ADDRESS, d: ADDRESS }, txHashes: { c: hash, d: hash }, chainId: '298' };
    expect(stillToVerify(contracts, inputs).map((c) => c.verificationId)).toEqual(['a', 'c']);
    expect(stillToVerify([perfectAt('a', ADDRESS)], { addresses: { a: ADDRESS }, txHashes: {}, chainId: '296' })).toHaveLength(1);
  });
});

describe('verifySummary', () => {
  it('counts the matches and names the contracts that failed', () => {
    const view: VerifySessionView = {
      contracts: [perfectAt('a', ADDRESS), perfectAt('b', ADDRESS), contract('c', { status: 'error' }), contract('d', { status: 'partial' }), contract('e')],
      unused: [], files: [], bytes: 0, maxBytes: 1, revision: 1,
    };
    expect(verifySummary(view, ['a', 'b'])).toEqual({ tone: 'ok', text: 'Checked 2 contracts: 2 perfect matches.' });
    expect(verifySummary(view, ['a', 'c', 'd'])).toEqual({ tone: 'warn', text: 'Checked 3 contracts: 1 perfect match, 1 partial match, 1 not verified (Cc).' });
  });
});
