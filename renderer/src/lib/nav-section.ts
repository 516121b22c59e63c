/**
 * Which navigation tab a screen without one of its own belongs under: an entity's page under the
 * list it is one of (an account under Accounts, an NFT under Tokens, a schedule, like the Schedules
 * list the Transactions screen links to, under Transactions). A topic, an id being resolved and
 * the sync panel belong to no tab.
 */
const SECTION_OF: Readonly<Record<string, string>> = {
  account: 'accounts',
  transaction: 'transactions',
  schedules: 'transactions',
  schedule: 'transactions',
  block: 'blocks',
  token: 'tokens',
  nft: 'tokens',
  contract: 'contracts',
  'contract-result': 'contracts',
};

/**
 * A navigation tab's `aria-current` on the screen `shown`: `page` on the tab's own screen, `true`
 * (the current section, not the page itself) on a page that belongs under it, none elsewhere.
 */
export function navCurrent(tab: string, shown: string): 'page' | 'true' | undefined {
  if (tab === shown) return 'page';
  return SECTION_OF[shown] === tab ? 'true' : undefined;
}
