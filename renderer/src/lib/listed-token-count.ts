import { LISTED_TOKEN_BALANCES as LISTED_TOKENS_MAX } from '../../../main/common/listed-token-balances.ts';
import { formatInteger } from './format.ts';

export { LISTED_TOKENS_MAX };

/**
 * The Accounts grid's Tokens cell for an account whose list row carries `count` token balances:
 * the count as it stands below the cap; at the cap, "50+" with a title that says why, since the
 * account may hold any number more.
 */
export function listedTokenCount(count: number): { text: string; title: string | null } {
  if (count < LISTED_TOKENS_MAX) return { text: formatInteger(count), title: null };
  return {
    text: `${formatInteger(LISTED_TOKENS_MAX)}+`,
    title: `At least ${formatInteger(LISTED_TOKENS_MAX)}: the accounts list gives at most ${formatInteger(LISTED_TOKENS_MAX)} token balances per account; its Tokens tab lists them all`,
  };
}
