/** The account detail's tabs, in order; `tokens`, what the account holds, is the default. */
export const ACCOUNT_TABS = [
  { id: 'tokens', label: 'Tokens' },
  { id: 'nfts', label: 'NFTs' },
  { id: 'allowances', label: 'Allowances' },
  { id: 'airdrops', label: 'Airdrops' },
  { id: 'rewards', label: 'Rewards' },
  { id: 'transactions', label: 'Transactions' },
] as const;
