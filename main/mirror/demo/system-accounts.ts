/** The treasury, 0.0.2: it funds the demo's accounts (a faucet) and holds the rest of the total supply. */
export const TREASURY = 2;
/** The fee collection account, 0.0.98, credited with every fee less the node's share. */
export const FEE_COLLECTOR = 98;
/** System accounts 0.0.1..0.0.1000, as on mainnet. */
export const SYSTEM_ACCOUNTS = 1000;
/** User accounts (and contracts, tokens, topics, schedules) are numbered from here. */
export const FIRST_USER_ACCOUNT = SYSTEM_ACCOUNTS + 1;
