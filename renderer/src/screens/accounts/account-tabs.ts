/**
 * The account detail's tabs, in order; `tokens`, what the account holds, is the default. Hooks
 * (HIP-1195 allowance hooks) sit beside the allowances they decide.
 */
export const ACCOUNT_TABS = [
  { id: 'tokens', label: 'Tokens' },
  { id: 'nfts', label: 'NFTs' },
  { id: 'allowances', label: 'Allowances' },
  { id: 'hooks', label: 'Hooks' },
  { id: 'airdrops', label: 'Airdrops' },
  { id: 'rewards', label: 'Rewards' },
  { id: 'transactions', label: 'Transactions' },
] as const;
