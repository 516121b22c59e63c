/** The account detail's tabs, in order; `tokens` is the default (the balances the row already has). */
export const ACCOUNT_TABS = [
  { id: 'tokens', label: 'Tokens' },
  { id: 'nfts', label: 'NFTs' },
  { id: 'allowances', label: 'Allowances' },
  { id: 'rewards', label: 'Rewards' },
  { id: 'transactions', label: 'Transactions' },
] as const;
