import type { AccountInfo } from '../../main/common/mirror-types.ts';

/** An account as an upstream mirror node lists it: number `num`, 100 tinybars, no tokens. */
export function upstreamAccount(num: number): AccountInfo {
  return {
    account: `0.0.${num}`, alias: null, auto_renew_period: 7776000, balance: { balance: 100, timestamp: '1700000000.000000001', tokens: [] },
    created_timestamp: '1600000000.000000000', decline_reward: false, deleted: false, ethereum_nonce: 0,
    evm_address: `0x${num.toString(16).padStart(40, '0')}`, expiry_timestamp: null, key: null, max_automatic_token_associations: 0,
    memo: '', pending_reward: 0, receiver_sig_required: false, staked_account_id: null, staked_node_id: null, stake_period_start: null,
  };
}
