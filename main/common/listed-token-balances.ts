/**
 * The accounts list gives each account at most this many token balances (`balance.tokens`;
 * interface A, Limits, the reference's `tokenBalance.multipleAccounts` default); an account's own
 * answer gives them all. One number for the mirror's default, the sync reading an upstream's lists,
 * and the Accounts grid saying "50+" at it.
 */
export const LISTED_TOKEN_BALANCES = 50;
