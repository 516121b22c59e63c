import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../renderer/src/lib/ledger-types.ts';
import { transferRow } from '../../../renderer/src/lib/transfer-row.ts';

/** Transactions of the demo ledger's mirror API (generator 26), moving an NFT and HBAR beside the fee. */
const DEMO = {
  /** 0.0.1867 gives 0.0.1300 serial 185 of 0.0.1002 and pays the fee; 0.0.1300 pays the royalty's 2 ℏ fallback fee to 0.0.2. */
  fallbackFee: JSON.parse('{"charged_tx_fee":2439495,"consensus_timestamp":"1791655704.700262934","entity_id":null,"name":"CRYPTOTRANSFER","nft_transfers":[{"is_approval":false,"receiver_account_id":"0.0.1300","sender_account_id":"0.0.1867","serial_number":185,"token_id":"0.0.1002"}],"node":"0.0.27","nonce":0,"result":"SUCCESS","scheduled":false,"staking_reward_transfers":[],"token_transfers":[],"transaction_id":"0.0.1867-1791655702-743082515","transfers":[{"account":"0.0.2","amount":200000000,"is_approval":false},{"account":"0.0.27","amount":121975,"is_approval":false},{"account":"0.0.98","amount":2317520,"is_approval":false},{"account":"0.0.1300","amount":-200000000,"is_approval":false},{"account":"0.0.1867","amount":-2439495,"is_approval":false}]}') as Transaction,
  /** 0.0.1919 buys serial 160 of 0.0.1012 from 0.0.3171 for 100 ℏ. */
  sale: JSON.parse('{"charged_tx_fee":2423786,"consensus_timestamp":"1791980039.566934114","entity_id":null,"name":"CRYPTOTRANSFER","nft_transfers":[{"is_approval":false,"receiver_account_id":"0.0.1919","sender_account_id":"0.0.3171","serial_number":160,"token_id":"0.0.1012"}],"node":"0.0.23","nonce":0,"result":"SUCCESS","scheduled":false,"staking_reward_transfers":[],"token_transfers":[],"transaction_id":"0.0.1919-1791980036-057372098","transfers":[{"account":"0.0.23","amount":121189,"is_approval":false},{"account":"0.0.98","amount":2302597,"is_approval":false},{"account":"0.0.1919","amount":-10002423786,"is_approval":false},{"account":"0.0.3171","amount":10000000000,"is_approval":false}]}') as Transaction,
};

describe('transferRow', () => {
  it('names the NFT where the HBAR only went from its new owner to others than its sender (a royalty\'s fallback fee), the HBAR beside it', () => {
    const row = transferRow(DEMO.fallbackFee);
    expect(row.kind).toBe('token');
    if (row.kind !== 'token') return;
    expect(row.token).toMatchObject({ token: '0.0.1002', nft: true, senders: ['0.0.1867'], receivers: ['0.0.1300'], amount: 1n, supply: null });
    expect(row.paid).toMatchObject({ senders: ['0.0.1300'], receivers: ['0.0.2'], amount: 200_000_000n });
  });

  it('keeps the HBAR of an NFT sold for it: the buyer paid the seller', () => {
    expect(transferRow(DEMO.sale)).toMatchObject({ kind: 'hbar', hbar: { senders: ['0.0.1919'], receivers: ['0.0.3171'], amount: 10_000_000_000n, tokenMoves: 1 } });
  });

  it('keeps the HBAR where someone other than the NFT\'s receiver sent it (a gift of both)', () => {
    const gift = { ...DEMO.sale, nft_transfers: [{ ...DEMO.sale.nft_transfers[0]!, sender_account_id: '0.0.1919', receiver_account_id: '0.0.3171' }] };
    expect(transferRow(gift).kind).toBe('hbar');
  });

  it('names the token where only the fee moved, and nothing where nothing else did', () => {
    const feeOnly = { ...DEMO.fallbackFee, transfers: DEMO.fallbackFee.transfers.filter((t) => t.account !== '0.0.2' && t.account !== '0.0.1300') };
    expect(transferRow(feeOnly)).toMatchObject({ kind: 'token', token: { token: '0.0.1002' }, paid: null, paidTokens: [] });
    expect(transferRow({ ...feeOnly, nft_transfers: [] })).toEqual({ kind: 'nothing' });
  });

  it("names the NFT received by a scheduled transaction's payer, whose fee is no HBAR paid beside it", () => {
    // The id is the schedule's creator's (0.0.1867); 0.0.1300, the schedule's payer, paid the fee and got the NFT.
    const scheduled = { ...DEMO.fallbackFee, scheduled: true, transfers: [{ account: '0.0.27', amount: 121975 }, { account: '0.0.98', amount: 2317520 }, { account: '0.0.1300', amount: -2439495 }] };
    expect(transferRow(scheduled)).toMatchObject({ kind: 'token', token: { token: '0.0.1002', senders: ['0.0.1867'], receivers: ['0.0.1300'] }, paid: null, paidTokens: [] });
  });
});

describe('transferRow: a fee paid in a fungible token beside an NFT', () => {
  /** The demo's NFT transfer with its royalty's fallback fee paid in 5 units of 0.0.1751 to 0.0.2 instead of HBAR. */
  const tokenFee = {
    ...DEMO.fallbackFee,
    transfers: DEMO.fallbackFee.transfers.filter((t) => t.account !== '0.0.2' && t.account !== '0.0.1300'),
    token_transfers: [{ token_id: '0.0.1751', account: '0.0.1300', amount: -5, is_approval: false }, { token_id: '0.0.1751', account: '0.0.2', amount: 5, is_approval: false }],
  };

  it('names the NFT and adds the token fee beside it, not counted among the other tokens', () => {
    const row = transferRow(tokenFee);
    expect(row).toMatchObject({ kind: 'token', token: { token: '0.0.1002', nft: true, senders: ['0.0.1867'], receivers: ['0.0.1300'], amount: 1n, otherTokens: 0 }, paid: null });
    if (row.kind !== 'token') return;
    expect(row.paidTokens).toEqual([{ token: '0.0.1751', nft: false, senders: ['0.0.1300'], receivers: ['0.0.2'], amount: 5n, supply: null }]);
  });

  it('names the NFT with an HBAR fee and a token fee, both beside it', () => {
    const both = { ...tokenFee, transfers: DEMO.fallbackFee.transfers };
    expect(transferRow(both)).toMatchObject({ kind: 'token', token: { token: '0.0.1002' }, paid: { receivers: ['0.0.2'], amount: 200_000_000n }, paidTokens: [{ token: '0.0.1751', amount: 5n }] });
  });

  it('names the token of an NFT sold for it: the buyer paid the seller', () => {
    const sold = { ...tokenFee, token_transfers: tokenFee.token_transfers.map((t) => (t.account === '0.0.2' ? { ...t, account: '0.0.1867' } : t)) };
    expect(transferRow(sold)).toMatchObject({ kind: 'token', token: { token: '0.0.1751', senders: ['0.0.1300'], receivers: ['0.0.1867'], otherTokens: 1 }, paidTokens: [] });
  });
});
