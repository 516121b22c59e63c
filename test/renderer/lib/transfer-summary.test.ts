import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../renderer/src/lib/ledger-types.ts';
import { netHbarChange, netTokenChanges, summarizeTokenTransfers, summarizeTransfers } from '../../../renderer/src/lib/transfer-summary.ts';

const SPECS = path.resolve('../shared/conformance/mirror/specs/transactions');

/** A transaction of the reference's answers, by spec file and transaction id. */
function referenceTransaction(file: string, transactionId: string): Transaction {
  const spec = JSON.parse(fs.readFileSync(path.join(SPECS, file), 'utf8')) as { tests?: Array<{ responseJson?: { transactions?: Transaction[] } }>; responseJson?: { transactions?: Transaction[] } };
  const answers = [...(spec.tests ?? []), spec].flatMap((t) => t.responseJson?.transactions ?? []);
  const found = answers.find((tx) => tx.transaction_id === transactionId);
  if (!found) throw new Error(`${transactionId} not in ${file}`);
  return found;
}

describe('summarizeTransfers', () => {
  it('takes the fee out: the payer sends to the receiver what the receiver got (reference answers)', () => {
    // 0.0.1950 pays 41: 40 to 0.0.1820 and 1 to 0.0.98 (its fee share)
    expect(summarizeTransfers(referenceTransaction('account-id-deterministic-response.json', '0.0.1950-1565779604-000000001')))
      .toEqual({ senders: ['0.0.1950'], receivers: ['0.0.1820'], amount: 40n, tokenMoves: 0 });
    // the node (0.0.4) and 0.0.98 get the 20 charged; 0.0.10 sends 80 to 0.0.9
    expect(summarizeTransfers(referenceTransaction('{id}/duplicate-transactions.json', '0.0.10-1234567890-000000001')))
      .toMatchObject({ senders: ['0.0.10'], receivers: ['0.0.9'], amount: 80n });
    // 0.0.800 pays out 100 (staking rewards leave it like any sender)
    expect(summarizeTransfers(referenceTransaction('account-id.json', '0.0.800-1565779500-711927000')))
      .toMatchObject({ senders: ['0.0.800'], receivers: ['0.0.9'], amount: 100n });
  });

  it('answers null when only the fee moved, and counts token and NFT moves', () => {
    // 0.0.8 pays 3: 2 to the node, 1 to 0.0.98, and moves only NFTs
    const nftOnly = referenceTransaction('account-id-only-nft-transfers.json', '0.0.8-1234567890-000000020');
    expect(summarizeTransfers(nftOnly)).toEqual({ senders: [], receivers: [], amount: 0n, tokenMoves: nftOnly.nft_transfers.length + nftOnly.token_transfers.length });
    expect(summarizeTransfers({ ...nftOnly, nft_transfers: [], token_transfers: [] })).toBeNull();
  });

  it('never lists the payer as a receiver when the fee accounts got more than it paid', () => {
    const tx = { transaction_id: '0.0.8-1-2', node: '0.0.3', charged_tx_fee: 10, transfers: [{ account: '0.0.8', amount: -3 }, { account: '0.0.3', amount: 2 }, { account: '0.0.98', amount: 1 }] };
    expect(summarizeTransfers(tx)).toBeNull();
  });

  it('orders several senders and receivers by amount and keeps amounts beyond 2^53 exact', () => {
    const tx = {
      transaction_id: '1.2.500-1-2', node: '1.2.3', charged_tx_fee: 5,
      transfers: [
        { account: '1.2.500', amount: -9_007_199_254_740_993n - 5n }, { account: '1.2.3', amount: 4 }, { account: '1.2.98', amount: 1 },
        { account: '1.2.600', amount: -7 }, { account: '1.2.700', amount: 7 }, { account: '1.2.701', amount: 9_007_199_254_740_993n },
      ],
    };
    expect(summarizeTransfers(tx)).toEqual({ senders: ['1.2.500', '1.2.600'], receivers: ['1.2.701', '1.2.700'], amount: 9_007_199_254_741_000n, tokenMoves: 0 });
  });
});

describe('netHbarChange', () => {
  it("sums an account's transfers, fee included", () => {
    const tx = referenceTransaction('{id}/duplicate-transactions.json', '0.0.10-1234567890-000000001');
    expect(netHbarChange(tx, '0.0.10')).toBe(-100n);
    expect(netHbarChange(tx, '0.0.9')).toBe(80n);
    expect(netHbarChange(tx, '0.0.12345')).toBe(0n);
  });
});

describe('netTokenChanges', () => {
  it('counts a serial sent out of the account, as in a reference answer (0.0.2001 sends one of 0.0.1500, no receiver)', () => {
    const tx = referenceTransaction('account-id-only-nft-transfers.json', '0.0.8-1234567890-000000020');
    expect(netTokenChanges(tx, '0.0.2001')).toEqual([{ token: '0.0.1500', amount: -1n, nft: true }]);
    expect(netTokenChanges(tx, '0.0.8')).toEqual([]);
  });

  it('leaves out tokens whose movements cancel, and other accounts', () => {
    const tx = {
      token_transfers: [
        { token_id: '0.0.50', account: '0.0.7', amount: -40 }, { token_id: '0.0.50', account: '0.0.8', amount: 40 },
        { token_id: '0.0.51', account: '0.0.7', amount: 5 }, { token_id: '0.0.51', account: '0.0.7', amount: -5 },
        { token_id: '0.0.52', account: '0.0.7', amount: 9007199254740993n },
      ],
      nft_transfers: [{ token_id: '0.0.60', serial_number: 1, sender_account_id: '0.0.9', receiver_account_id: '0.0.7' }],
    };
    expect(netTokenChanges(tx, '0.0.7')).toEqual([
      { token: '0.0.50', amount: -40n, nft: false },
      { token: '0.0.52', amount: 9007199254740993n, nft: false },
      { token: '0.0.60', amount: 1n, nft: true },
    ]);
    expect(netTokenChanges(tx, '0.0.9')).toEqual([{ token: '0.0.60', amount: -1n, nft: true }]);
    expect(netTokenChanges({}, '0.0.7')).toEqual([]);
  });
});

describe('summarizeTokenTransfers', () => {
  it('names the first token moved, its senders and receivers by size, and what the receivers got', () => {
    const tx = {
      token_transfers: [
        { token_id: '0.0.50', account: '0.0.7', amount: -40 }, { token_id: '0.0.50', account: '0.0.8', amount: 30 },
        { token_id: '0.0.50', account: '0.0.9', amount: 10 }, { token_id: '0.0.51', account: '0.0.7', amount: -1 }, { token_id: '0.0.51', account: '0.0.8', amount: 1 },
      ],
      nft_transfers: [{ token_id: '0.0.60', serial_number: 1, sender_account_id: '0.0.9', receiver_account_id: '0.0.7' }],
    };
    expect(summarizeTokenTransfers(tx)).toEqual({ token: '0.0.50', nft: false, senders: ['0.0.7'], receivers: ['0.0.8', '0.0.9'], amount: 40n, otherTokens: 2 });
  });

  it("counts an NFT collection's serials, a mint without a sender (reference answer: a burn without a receiver)", () => {
    const mint = { nft_transfers: [1, 2, 3].map((serial) => ({ token_id: '0.0.60', serial_number: serial, sender_account_id: null, receiver_account_id: '0.0.7' })) };
    expect(summarizeTokenTransfers(mint)).toEqual({ token: '0.0.60', nft: true, senders: [], receivers: ['0.0.7'], amount: 3n, otherTokens: 0 });
    const burn = referenceTransaction('account-id-only-nft-transfers.json', '0.0.8-1234567890-000000020');
    expect(summarizeTokenTransfers(burn)).toEqual({ token: '0.0.1500', nft: true, senders: ['0.0.2001'], receivers: [], amount: 0n, otherTokens: 0 });
    expect(summarizeTokenTransfers({ token_transfers: [], nft_transfers: [] })).toBeNull();
  });
});
