import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../renderer/src/lib/ledger-types.ts';
import { netHbarChange, netTokenChanges, summarizeTransfers, tokenMovements } from '../../../renderer/src/lib/transfer-summary.ts';

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

  it('counts no HBAR as moved by a debit it could not place: HBAR is never burned (a fee charged to another account than the id\'s)', () => {
    // A scheduled transaction's id is its creator's (0.0.8); the schedule's payer (0.0.9) paid the fee.
    const feeOnly = { transaction_id: '0.0.8-1-2', node: '0.0.3', charged_tx_fee: 3, transfers: [{ account: '0.0.9', amount: -3 }, { account: '0.0.3', amount: 2 }, { account: '0.0.98', amount: 1 }] };
    expect(summarizeTransfers(feeOnly)).toBeNull();
    // A scheduled TOKENMINT: its tokens are what moved.
    const mint = { ...feeOnly, token_transfers: [{ token_id: '0.0.50', account: '0.0.7', amount: 100 }] };
    expect(summarizeTransfers(mint)).toEqual({ senders: [], receivers: [], amount: 0n, tokenMoves: 1 });
    // A scheduled CRYPTOTRANSFER: 0.0.10 sent 0.0.11 5, and the schedule's payer is no second sender.
    const sent = { ...feeOnly, transfers: [...feeOnly.transfers, { account: '0.0.10', amount: -5 }, { account: '0.0.11', amount: 5 }] };
    expect(summarizeTransfers(sent)).toEqual({ senders: ['0.0.10'], receivers: ['0.0.11'], amount: 5n, tokenMoves: 0 });
    // The schedule's payer sent too: it stays the sender it is.
    const paidAndSent = { ...feeOnly, transfers: [{ account: '0.0.9', amount: -8 }, { account: '0.0.3', amount: 2 }, { account: '0.0.98', amount: 1 }, { account: '0.0.11', amount: 5 }] };
    expect(summarizeTransfers(paidAndSent)).toEqual({ senders: ['0.0.9'], receivers: ['0.0.11'], amount: 5n, tokenMoves: 0 });
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

/**
 * Successful transactions of the demo ledger's mirror API (generator 23), each paying a staker its
 * reward as HIP-406 does: 0.0.800's debit and the staker's credit are in `transfers`, netted with
 * the rest, and listed again in `staking_reward_transfers`.
 */
const PAID_A_REWARD = {
  /** 0.0.1750 sends 3,480 units of 0.0.1751 and pays the fee; 1 tinybar of reward is all the HBAR it moved besides. */
  tokens: JSON.parse('{"batch_key":null,"bytes":null,"charged_tx_fee":1103448,"consensus_timestamp":"1791991042.499145391","entity_id":null,"high_volume":false,"high_volume_pricing_multiplier":null,"max_custom_fees":[],"max_fee":"100000000","memo_base64":"","name":"CRYPTOTRANSFER","nft_transfers":[],"node":"0.0.31","nonce":0,"parent_consensus_timestamp":null,"result":"SUCCESS","scheduled":false,"staking_reward_transfers":[{"account":"0.0.1750","amount":1}],"token_transfers":[{"token_id":"0.0.1751","account":"0.0.1750","amount":-3480,"is_approval":false},{"token_id":"0.0.1751","account":"0.0.3171","amount":3480,"is_approval":false}],"transaction_hash":"yQqkMy32zkDhLcli7sycQNflp6FMcoLDSnY6MUyGIYfWcnBgg1u7+q7kGhym/Bby","transaction_id":"0.0.1750-1791991039-142124621","transfers":[{"account":"0.0.31","amount":55172,"is_approval":false},{"account":"0.0.98","amount":1048276,"is_approval":false},{"account":"0.0.800","amount":-1,"is_approval":false},{"account":"0.0.1750","amount":-1103447,"is_approval":false}],"valid_duration_seconds":"120","valid_start_timestamp":"1791991039.142124621"}') as Transaction,
  /** 0.0.3071 sends 5,680,366 tinybars to 0.0.1277, which is paid 3,305,334 of reward beside them. */
  receiver: JSON.parse('{"batch_key":null,"bytes":null,"charged_tx_fee":1095674,"consensus_timestamp":"1791973630.891003071","entity_id":null,"high_volume":false,"high_volume_pricing_multiplier":null,"max_custom_fees":[],"max_fee":"100000000","memo_base64":"dGhhbmtzIQ==","name":"CRYPTOTRANSFER","nft_transfers":[],"node":"0.0.12","nonce":0,"parent_consensus_timestamp":null,"result":"SUCCESS","scheduled":false,"staking_reward_transfers":[{"account":"0.0.1277","amount":3305334}],"token_transfers":[],"transaction_hash":"EjlPnD6y5XBOr8UGb+oGWRX5y3ACNsBBeu4PAaI0TmEMtBy2ZURq2C9VgJ/Hnnyz","transaction_id":"0.0.3071-1791973624-906574061","transfers":[{"account":"0.0.12","amount":54784,"is_approval":false},{"account":"0.0.98","amount":1040890,"is_approval":false},{"account":"0.0.800","amount":-3305334,"is_approval":false},{"account":"0.0.1277","amount":8985700,"is_approval":false},{"account":"0.0.3071","amount":-6776040,"is_approval":false}],"valid_duration_seconds":"120","valid_start_timestamp":"1791973624.906574061"}') as Transaction,
  /** 0.0.3067 sends 26,519,821 tinybars to 0.0.2622 and is paid 241,815 of reward, which its debit is net of. */
  payer: JSON.parse('{"batch_key":null,"bytes":null,"charged_tx_fee":1052045,"consensus_timestamp":"1791967747.991003067","entity_id":null,"high_volume":false,"high_volume_pricing_multiplier":null,"max_custom_fees":[],"max_fee":"100000000","memo_base64":"","name":"CRYPTOTRANSFER","nft_transfers":[],"node":"0.0.18","nonce":0,"parent_consensus_timestamp":null,"result":"SUCCESS","scheduled":false,"staking_reward_transfers":[{"account":"0.0.3067","amount":241815}],"token_transfers":[],"transaction_hash":"Tp0ITbNSihkVEHN4zmpOIaXpNwRtfjI760snTGu0WdJBtdeHjpTt4sAljW545bZD","transaction_id":"0.0.3067-1791967742-420859772","transfers":[{"account":"0.0.18","amount":52602,"is_approval":false},{"account":"0.0.98","amount":999443,"is_approval":false},{"account":"0.0.800","amount":-241815,"is_approval":false},{"account":"0.0.2622","amount":26519821,"is_approval":false},{"account":"0.0.3067","amount":-27330051,"is_approval":false}],"valid_duration_seconds":"120","valid_start_timestamp":"1791967742.420859772"}') as Transaction,
};

describe('summarizeTransfers: staking rewards paid in the transaction (HIP-406)', () => {
  it('takes the reward out as the fee is: a token transfer whose sender was paid one reads by its tokens', () => {
    expect(summarizeTransfers(PAID_A_REWARD.tokens)).toEqual({ senders: [], receivers: [], amount: 0n, tokenMoves: 2 });
    expect(tokenMovements(PAID_A_REWARD.tokens)).toEqual([{ token: '0.0.1751', nft: false, senders: ['0.0.1750'], receivers: ['0.0.3171'], amount: 3480n, supply: null }]);
  });

  it('says what the sender sent, not the receiver\'s reward with it, nor the payer\'s debit net of its own', () => {
    expect(summarizeTransfers(PAID_A_REWARD.receiver)).toEqual({ senders: ['0.0.3071'], receivers: ['0.0.1277'], amount: 5_680_366n, tokenMoves: 0 });
    expect(summarizeTransfers(PAID_A_REWARD.payer)).toEqual({ senders: ['0.0.3067'], receivers: ['0.0.2622'], amount: 26_519_821n, tokenMoves: 0 });
  });

  it('answers null for a payout that moved nothing else (reference answer: 0.0.800 pays 0.0.9 its 100)', () => {
    expect(summarizeTransfers(referenceTransaction('account-id.json', '0.0.800-1565779500-711927000'))).toBeNull();
  });
});

describe('netHbarChange', () => {
  it("keeps the staking reward the account was paid in its change: its balance went up by it", () => {
    expect(netHbarChange(PAID_A_REWARD.payer, '0.0.3067')).toBe(-27_330_051n);
    expect(netHbarChange(PAID_A_REWARD.receiver, '0.0.1277')).toBe(8_985_700n);
  });


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

describe('tokenMovements', () => {
  it('names each token moved, fungible ones first, its senders and receivers by size, and what the receivers got', () => {
    const tx = {
      token_transfers: [
        { token_id: '0.0.50', account: '0.0.7', amount: -40 }, { token_id: '0.0.50', account: '0.0.8', amount: 30 },
        { token_id: '0.0.50', account: '0.0.9', amount: 10 }, { token_id: '0.0.51', account: '0.0.7', amount: -1 }, { token_id: '0.0.51', account: '0.0.8', amount: 1 },
      ],
      nft_transfers: [{ token_id: '0.0.60', serial_number: 1, sender_account_id: '0.0.9', receiver_account_id: '0.0.7' }],
    };
    expect(tokenMovements(tx)).toEqual([
      { token: '0.0.50', nft: false, senders: ['0.0.7'], receivers: ['0.0.8', '0.0.9'], amount: 40n, supply: null },
      { token: '0.0.51', nft: false, senders: ['0.0.7'], receivers: ['0.0.8'], amount: 1n, supply: null },
      { token: '0.0.60', nft: true, senders: ['0.0.9'], receivers: ['0.0.7'], amount: 1n, supply: null },
    ]);
  });

  it("counts an NFT collection's serials: a mint without a sender, a burn without a receiver, what the sender gave up", () => {
    const mint = { nft_transfers: [1, 2, 3].map((serial) => ({ token_id: '0.0.60', serial_number: serial, sender_account_id: null, receiver_account_id: '0.0.7' })) };
    expect(tokenMovements(mint)).toEqual([{ token: '0.0.60', nft: true, senders: [], receivers: ['0.0.7'], amount: 3n, supply: 'mint' }]);
    const burn = { nft_transfers: [{ token_id: '0.0.60', serial_number: 4, sender_account_id: '0.0.9', receiver_account_id: null }], name: 'TOKENBURN' };
    expect(tokenMovements(burn)).toEqual([{ token: '0.0.60', nft: true, senders: ['0.0.9'], receivers: [], amount: 1n, supply: 'burn' }]);
    expect(tokenMovements({ token_transfers: [], nft_transfers: [] })).toEqual([]);
  });

  it('reads a fungible mint, burn and wipe by their one side: the treasury credited, the account debited', () => {
    // The demo's TOKENCREATION of 0.0.3145: its initial supply to the treasury, no sender.
    const created = { name: 'TOKENCREATION', token_transfers: [{ token_id: '0.0.3145', account: '0.0.3144', amount: 1_000_000_000_000 }] };
    expect(tokenMovements(created)[0]).toMatchObject({ senders: [], receivers: ['0.0.3144'], amount: 1_000_000_000_000n, supply: 'mint' });
    const burned = { name: 'TOKENBURN', token_transfers: [{ token_id: '0.0.50', account: '0.0.7', amount: -250 }] };
    expect(tokenMovements(burned)[0]).toMatchObject({ senders: ['0.0.7'], receivers: [], amount: 250n, supply: 'burn' });
    expect(tokenMovements({ ...burned, name: 'TOKENWIPE' })[0]).toMatchObject({ senders: ['0.0.7'], amount: 250n, supply: 'wipe' });
    const wipedNft = { name: 'TOKENWIPE', nft_transfers: [4, 5].map((serial) => ({ token_id: '0.0.60', serial_number: serial, sender_account_id: '0.0.9', receiver_account_id: null })) };
    expect(tokenMovements(wipedNft)[0]).toMatchObject({ senders: ['0.0.9'], receivers: [], amount: 2n, supply: 'wipe' });
  });

  it('calls no other debit without a receiver a burn: a dissociation from a deleted token (reference answer) names its sender alone', () => {
    const dissociated = referenceTransaction('account-id-only-nft-transfers.json', '0.0.8-1234567890-000000020');
    expect(dissociated.name).toBe('TOKENDISSOCIATE');
    expect(tokenMovements(dissociated)).toEqual([{ token: '0.0.1500', nft: true, senders: ['0.0.2001'], receivers: [], amount: 1n, supply: null }]);
    const fungible = { name: 'TOKENDISSOCIATE', token_transfers: [{ token_id: '0.0.50', account: '0.0.7', amount: -250 }] };
    expect(tokenMovements(fungible)[0]).toMatchObject({ senders: ['0.0.7'], receivers: [], amount: 250n, supply: null });
  });
});
