import { describe, expect, it } from 'vitest';
import { feesOnNftTransfer, type TokenFees } from '../../../main/mirror/demo/custom-fees.ts';

// HIP-18 as the network assesses a royalty (the consensus node's CustomRoyaltyFeeAssessor and
// CustomFeeExemptions): a share of the HBAR the NFT's sender receives, taken out of it; where the
// sender receives none, the fallback fee from the receiver; the treasury and the collector exempt.
const TREASURY = 1_500;
const COLLECTOR = 1_600;
const SELLER = 2_001;
const BUYER = 2_002;
const HBAR = 100_000_000;

const royalty = (numerator: number, fallbackHbar: number | null): TokenFees => ({
  fixedHbar: null, fractional: null, royalty: { numerator, denominator: 100, fallbackHbar, collector: COLLECTOR },
});

describe('feesOnNftTransfer', () => {
  it('takes the royalty share of a sale, rounded down, out of the seller\'s HBAR: the seller is its effective payer', () => {
    expect(feesOnNftTransfer(royalty(7, HBAR), TREASURY, SELLER, BUYER, 10 * HBAR + 99)).toEqual({
      hbar: [[SELLER, -70_000_006], [COLLECTOR, 70_000_006]],
      assessed: [{ amount: 70_000_006, collector: COLLECTOR, token: null, effectivePayers: [SELLER] }],
    });
  });

  it('charges a gift the fallback fee, paid by the receiver on top', () => {
    expect(feesOnNftTransfer(royalty(7, 2 * HBAR), TREASURY, SELLER, BUYER, 0)).toEqual({
      hbar: [[BUYER, -2 * HBAR], [COLLECTOR, 2 * HBAR]],
      assessed: [{ amount: 2 * HBAR, collector: COLLECTOR, token: null, effectivePayers: [BUYER] }],
    });
  });

  it('charges nothing on a gift where the royalty has no fallback, nor where the collection has no royalty', () => {
    const none = { hbar: [], assessed: [] };
    expect(feesOnNftTransfer(royalty(7, null), TREASURY, SELLER, BUYER, 0)).toEqual(none);
    expect(feesOnNftTransfer(null, TREASURY, SELLER, BUYER, 10 * HBAR)).toEqual(none);
    expect(feesOnNftTransfer({ fixedHbar: { amount: HBAR, collector: COLLECTOR }, fractional: null, royalty: null }, TREASURY, SELLER, BUYER, 0)).toEqual(none);
  });

  it('exempts the treasury and the collector: as a seller from the royalty, as a receiver from the fallback fee', () => {
    const none = { hbar: [], assessed: [] };
    for (const exempt of [TREASURY, COLLECTOR]) {
      expect(feesOnNftTransfer(royalty(7, HBAR), TREASURY, exempt, BUYER, 10 * HBAR), `${exempt} sells`).toEqual(none);
      expect(feesOnNftTransfer(royalty(7, HBAR), TREASURY, SELLER, exempt, 0), `${exempt} receives a gift`).toEqual(none);
    }
    // A buyer that collects the royalty still has the seller pay it: only the payer's own exemption counts.
    expect(feesOnNftTransfer(royalty(5, HBAR), TREASURY, SELLER, COLLECTOR, 10 * HBAR).assessed).toEqual([{ amount: HBAR / 2, collector: COLLECTOR, token: null, effectivePayers: [SELLER] }]);
  });
});
