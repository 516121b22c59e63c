/**
 * Gas price in tinybars (Hedera prices gas in tinybars; 1 tinybar = 10^10 weibars): what the demo's contract calls
 * are charged (contract-history.ts), and what its fee schedule file comes to at the exchange rate (network.ts), so
 * that /network/fees says the same.
 */
export const GAS_PRICE_TINYBARS = 71;
