import type { TokenFees } from './custom-fees.ts';
import { sqlInteger } from './balances.ts';
import type { EntityRow, TokenRow } from './ledger-writer.ts';
import type { Prng } from './prng.ts';
import { AUTO_RENEW_SECONDS, renewedExpiryNanos } from './timeline.ts';

/** What the generator decides about a token when it creates it; supply is settled at the end. */
export interface DemoToken {
  num: number;
  name: string;
  symbol: string;
  /** Null for an NFT collection (decimals 0, balances count serials). */
  decimals: number | null;
  supplyType: 'INFINITE' | 'FINITE';
  createdNs: bigint;
  treasuryNum: number;
  /** Sum of the balances handed out to holders so far (token units). */
  distributed: number;
  /** Units holders sent back to the treasury over their history: the treasury's reserve covers them. */
  returned: number;
  /** The latest transfer between the treasury and a holder: the treasury's balance is as of then. */
  movedNs: bigint;
  /** NFT collections: serial numbers minted so far. */
  serials: number;
  /** Its custom fee schedule, if it has one (custom-fees.ts). */
  fees: TokenFees | null;
}

const FIRST = ['Amber', 'Blue', 'Cedar', 'Delta', 'Ember', 'Frost', 'Golden', 'Harbor', 'Iris', 'Jade', 'Kite', 'Lunar',
  'Maple', 'Nova', 'Onyx', 'Pearl', 'Quartz', 'River', 'Solar', 'Tidal', 'Umber', 'Vivid', 'Willow', 'Zephyr'];
const SECOND = ['Finance', 'Coin', 'Dollar', 'Swap', 'Points', 'Gold', 'Credits', 'Labs', 'Protocol', 'Token', 'Shares',
  'Rewards', 'Carbon', 'Energy', 'Games', 'Pass'];
const COLLECTIONS = ['Pixels', 'Punks', 'Apes', 'Tickets', 'Badges', 'Cards', 'Legends', 'Relics'];
const FUNGIBLE_DECIMALS = [8, 8, 8, 6, 6, 4, 2, 0];

/** A token's name, symbol and kind; about one in six is an NFT collection. */
export function planToken(rng: Prng, num: number, createdNs: bigint, treasuryNum: number): DemoToken {
  const nft = rng.chance(0.16);
  const first = rng.pick(FIRST);
  const second = rng.pick(nft ? COLLECTIONS : SECOND);
  const letters = `${first}${second}`.replace(/[^A-Za-z]/g, '').toUpperCase();
  const symbol = nft ? `${first.slice(0, 2)}${second.slice(0, 2)}`.toUpperCase() : `${first[0]}${letters.slice(1, rng.int(3, 5))}`;
  return {
    num,
    name: `${first} ${second}`,
    symbol: symbol.toUpperCase(),
    decimals: nft ? null : rng.pick(FUNGIBLE_DECIMALS),
    supplyType: nft || rng.chance(0.3) ? 'FINITE' : 'INFINITE',
    createdNs,
    treasuryNum,
    distributed: 0,
    returned: 0,
    movedNs: createdNs,
    serials: 0,
    fees: null,
  };
}

/** The token's row in `entity` (type TOKEN): the accounts list must skip these. */
export function tokenEntityRow(token: DemoToken, adminKey: Buffer, publicKey: string): EntityRow {
  return {
    num: token.num, type: 'TOKEN', alias: null, autoRenewPeriod: AUTO_RENEW_SECONDS, balance: null, balanceTimestamp: null,
    createdTimestamp: token.createdNs, declineReward: 0, deleted: 0, ethereumNonce: null, evmAddress: null,
    expirationTimestamp: renewedExpiryNanos(token.createdNs, AUTO_RENEW_SECONDS), key: adminKey, maxAutomaticTokenAssociations: null, memo: '', publicKey, receiverSigRequired: null,
    stakedAccountId: null, stakedNodeId: -1, stakePeriodStart: -1, timestampRangeLower: token.createdNs,
  };
}

const INT64_MAX = 9_223_372_036_854_775_807n;

/**
 * The token row and its treasury's balance, once every holder has been written: the
 * treasury keeps a reserve on top of what was handed out, so supplies add up. A fungible
 * token's whole supply is minted to the treasury at creation (initial_supply).
 */
export function settleToken(token: DemoToken, keys: { supply: Buffer; feeSchedule: Buffer | null }, rng: Prng): { token: TokenRow; treasury: number | bigint } {
  const nft = token.decimals === null;
  const decimals = token.decimals ?? 0;
  // At least what holders sent back: distributions and their receipts never overdraw the treasury on the way.
  const treasury = nft ? rng.int(0, 50) : Math.round(Math.max(token.distributed * 0.4, token.returned, 10 ** (decimals + 6)));
  const total = sqlInteger(token.distributed + treasury);
  return {
    treasury,
    token: {
      tokenId: token.num,
      createdTimestamp: token.createdNs,
      decimals,
      initialSupply: nft ? 0 : total,
      maxSupply: token.supplyType === 'FINITE' ? sqlInteger(Math.max(1, (token.distributed + treasury) * 2)) : INT64_MAX,
      name: token.name,
      supplyKey: keys.supply,
      feeScheduleKey: keys.feeSchedule,
      supplyType: token.supplyType,
      symbol: token.symbol,
      totalSupply: total,
      treasuryAccountId: token.treasuryNum,
      type: nft ? 'NON_FUNGIBLE_UNIQUE' : 'FUNGIBLE_COMMON',
    },
  };
}
