import { describe, expect, it } from 'vitest';
import { checkEntityChecksum, entityChecksum, ledgerOfChain, withChecksum } from '../../../renderer/src/lib/entity-checksum.ts';

// Vectors from the Hiero SDKs' own tests of HIP-15 (the Swift SDK's EntityIdTests and the HIP's example).
const mainnet = ledgerOfChain(295)!;
const testnet = ledgerOfChain(296)!;
const previewnet = ledgerOfChain(297)!;

describe('entityChecksum (HIP-15)', () => {
  it('matches the SDKs on mainnet, testnet, previewnet and another ledger', () => {
    expect(['0.0.0', '0.0.1', '0.0.2', '0.0.123', '0.0.1126123'].map((id) => entityChecksum(id, mainnet))).toEqual(['uvnqa', 'dfkxr', 'lpifi', 'vfmkw', 'ycfte']);
    expect(['0.0.0', '0.0.123'].map((id) => entityChecksum(id, testnet))).toEqual(['eiyxj', 'esxsf']);
    expect(['0.0.0', '0.0.1'].map((id) => entityChecksum(id, previewnet))).toEqual(['nwkes', 'wghmj']);
    expect(entityChecksum('0.0.0', { name: 'custom', ledgerId: [12, 31, 0, 2] })).toBe('kenvf');
  });

  it('writes an id with its checksum on a Hedera network only', () => {
    expect(withChecksum('0.0.123', 296)).toBe('0.0.123-esxsf');
    expect(withChecksum('0.0.123', 1234)).toBeNull();
  });

  it('knows the ledgers of the Hedera chains only', () => {
    expect(ledgerOfChain(298)?.ledgerId).toEqual([3]);
    expect(ledgerOfChain(1)).toBeNull();
    expect(ledgerOfChain(null)).toBeNull();
  });
});

describe('checkEntityChecksum', () => {
  it('passes the checksum of the profile\'s network, and any where the network is unknown', () => {
    expect(checkEntityChecksum('0.0.123', 'vfmkw', 295)).toEqual({ ok: true });
    expect(checkEntityChecksum('0.0.123', 'vfmkw', null)).toEqual({ ok: true });
    expect(checkEntityChecksum('0.0.123', 'vfmkw', 1234)).toEqual({ ok: true });
  });

  it('names the network another Hedera network\'s checksum belongs to, and says a mistyped one is', () => {
    expect(checkEntityChecksum('0.0.123', 'esxsf', 295)).toEqual({ ok: false, message: '0.0.123-esxsf is an id of testnet (its checksum is that network\'s); this profile is mainnet' });
    expect(checkEntityChecksum('0.0.124', 'vfmkw', 295)).toEqual({ ok: false, message: 'The checksum vfmkw does not fit 0.0.124 on mainnet: the id or its checksum was mistyped' });
  });
});
