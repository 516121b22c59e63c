import { keccak_256 } from '@noble/hashes/sha3.js';
import { ecdsaKeyBytes, ed25519KeyBytes } from '../format/key.ts';
import { hbarBalance } from './balances.ts';
import { contractIdKeyBytes, ed25519PublicKey, ed25519SeedFor, EMPTY_KEY_LIST, thresholdKeyBytes, type EcdsaKey } from './keys.ts';
import type { EntityRow } from './ledger-writer.ts';
import type { Prng } from './prng.ts';
import type { SupplyBudget } from './supply-budget.ts';
import { FEE_COLLECTOR, TREASURY } from './system-accounts.ts';
import { AUTO_RENEW_SECONDS, createdSecondsAt, DAY_SECONDS, DEMO_NOW_SECONDS, GENESIS_SECONDS, recentSeconds, renewedExpiryNanos, toNanos } from './timeline.ts';

/** Consensus nodes 0..NODE_COUNT-1; node n's account is 0.0.(n+3), as on mainnet. */
export const NODE_COUNT = 29;

/** How an account is controlled; ECDSA keys are computed per chunk in one batch. */
export type KeyKind = 'ed25519' | 'ecdsa' | 'threshold' | 'hollow' | 'none' | 'contract';
/** For ECDSA accounts: alias = serialized key, alias = EVM address, or no alias. */
type AliasKind = 'key' | 'evm' | 'none';

export interface AccountPlan {
  row: EntityRow;
  keyKind: KeyKind;
  aliasKind: AliasKind;
  createdSeconds: number;
  /** Whose ED25519 key the account holds (its own number unless it shares one). */
  keyOwner: number;
  /** Tokens that existed when the account was created: it can only associate with those. */
  tokensAvailable: number;
  /**
   * A contract's memo, drawn while planning as a place (0..1) in the memos that fit its kind,
   * which is drawn later, with its history (contract-history.ts); null for no memo.
   */
  memoDraw: number | null;
}

const MEMOS = ['', 'hot wallet', 'cold storage', 'treasury', 'payroll', 'dev account', 'test', 'savings', 'Exchange deposit',
  'NFT minting', 'DAO multisig', 'grant recipient'];

function baseRow(num: number, type: EntityRow['type'], createdSeconds: number, rng: Prng): EntityRow {
  const created = toNanos(createdSeconds, rng);
  // Drawn still (the expiry once had a nanosecond part of its own), so that the draws after it stay as they were.
  rng.next();
  return {
    num, type, alias: null, autoRenewPeriod: AUTO_RENEW_SECONDS, balance: 0, balanceTimestamp: created, createdTimestamp: created,
    declineReward: 0, deleted: 0, ethereumNonce: 0, evmAddress: null,
    expirationTimestamp: renewedExpiryNanos(created, AUTO_RENEW_SECONDS), key: null,
    maxAutomaticTokenAssociations: 0, memo: '', publicKey: null, receiverSigRequired: 0, stakedAccountId: null,
    stakedNodeId: -1, stakePeriodStart: -1, timestampRangeLower: created,
  };
}

/**
 * Balances of the well-known system accounts; the rest of 0.0.1..0.0.1000 hold little or nothing. Each is kept
 * where it covers what the account's transfers take out (system-balances.ts); the treasury's is settled last, as
 * the rest of the total supply (treasury-balance.ts).
 */
function systemBalance(num: number, rng: Prng): number | bigint {
  if (num === TREASURY) return 0;
  if (num === FEE_COLLECTOR) return 1_250_000_000_000;
  if (num === 800) return 15_000_000_000_000_000;
  if (num === 801) return 450_000_000_000_000;
  if (num >= 3 && num < 3 + NODE_COUNT) return rng.int(5_000, 90_000) * 100_000_000;
  return rng.chance(0.1) ? rng.int(1, 1_000) * 100_000_000 : 0;
}

/** System accounts 0.0.1..0.0.1000 share the genesis key, as most of them do on mainnet. */
export function systemAccount(num: number, genesisKey: Buffer, rng: Prng): EntityRow {
  const row = baseRow(num, 'ACCOUNT', GENESIS_SECONDS + num / 1000, rng);
  row.key = ed25519KeyBytes(genesisKey);
  row.publicKey = genesisKey.toString('hex');
  row.balance = systemBalance(num, rng);
  row.balanceTimestamp = toNanos(recentSeconds(DEMO_NOW_SECONDS - DAY_SECONDS, rng), rng);
  row.autoRenewPeriod = 8_000_001;
  row.expirationTimestamp = renewedExpiryNanos(row.createdTimestamp, row.autoRenewPeriod);
  return row;
}

function pickKeyKind(rng: Prng): KeyKind {
  const u = rng.next();
  if (u < 0.52) return 'ed25519';
  if (u < 0.93) return 'ecdsa';
  if (u < 0.96) return 'threshold';
  if (u < 0.985) return 'hollow';
  return 'none';
}

/** Staking: ~16% to a node (a tenth of them declining rewards), ~3% to another account. */
function planStaking(row: EntityRow, createdSeconds: number, stakeTargets: readonly number[], rng: Prng): void {
  const u = rng.next();
  const today = Math.floor(DEMO_NOW_SECONDS / DAY_SECONDS);
  if (u < 0.16) {
    // Early nodes attract more stake, as they do on mainnet.
    row.stakedNodeId = Math.floor(NODE_COUNT * rng.next() ** 1.6);
    row.declineReward = rng.chance(0.1) ? 1 : 0;
    row.stakePeriodStart = rng.int(Math.min(today - 1, Math.floor(createdSeconds / DAY_SECONDS) + 1), today - 1);
    row.timestampRangeLower = toNanos(row.stakePeriodStart * DAY_SECONDS + rng.int(0, DAY_SECONDS - 1), rng);
  } else if (u < 0.19 && stakeTargets.length > 0) {
    row.stakedAccountId = rng.pick(stakeTargets);
  } else if (u < 0.195) {
    row.declineReward = 1;
  }
}

/**
 * A user account: key kind, alias kind, balance (counted into `budget`), staking, flags. Keys are filled in by
 * `applyKey`.
 */
export function planAccount(num: number, fraction: number, stakeTargets: readonly number[], rng: Prng, budget: SupplyBudget): AccountPlan {
  const createdSeconds = createdSecondsAt(fraction, rng);
  const row = baseRow(num, 'ACCOUNT', createdSeconds, rng);
  const keyKind = pickKeyKind(rng);
  let aliasKind: AliasKind = 'none';
  if (keyKind === 'ecdsa') aliasKind = rng.chance(0.55) ? 'key' : rng.chance(0.45) ? 'evm' : 'none';
  else if (keyKind === 'ed25519' && rng.chance(0.08)) aliasKind = 'key';
  else if (keyKind === 'hollow') aliasKind = 'evm';

  row.memo = rng.chance(0.9) ? '' : rng.pick(MEMOS);
  row.receiverSigRequired = rng.chance(0.015) ? 1 : 0;
  // Accounts auto-created from an alias get unlimited automatic associations (HIP-904).
  row.maxAutomaticTokenAssociations = aliasKind !== 'none' && rng.chance(0.6) ? -1 : rng.pick([0, 0, 0, 0, 0, 0, 10, 10, 100, -1]);
  if (rng.chance(0.015)) {
    row.deleted = 1;
  } else {
    row.balance = keyKind === 'hollow' ? rng.int(1, 5_000) * 1_000_000 : hbarBalance(rng, budget);
    budget.plan(row.balance);
    planStaking(row, createdSeconds, stakeTargets, rng);
  }
  const balanceSeconds = recentSeconds(createdSeconds, rng);
  row.balanceTimestamp = toNanos(balanceSeconds, rng);
  if (row.balanceTimestamp < row.timestampRangeLower) row.balanceTimestamp = row.timestampRangeLower;
  return { row, keyKind, aliasKind, createdSeconds, keyOwner: num, tokensAvailable: 0, memoDraw: null };
}

/** A contract: usually administered by its own contract id; some have a CREATE2 EVM address. Its balance counts into `budget`. */
export function planContract(num: number, fraction: number, rng: Prng, budget: SupplyBudget): AccountPlan {
  const createdSeconds = createdSecondsAt(fraction, rng);
  const row = baseRow(num, 'CONTRACT', createdSeconds, rng);
  row.key = rng.chance(0.7) ? contractIdKeyBytes(num) : null;
  if (rng.chance(0.4)) row.evmAddress = Buffer.from(keccak_256(Buffer.from(`create2/${num}`)).subarray(12));
  row.balance = rng.chance(0.5) ? 0 : hbarBalance(rng, budget);
  budget.plan(row.balance);
  row.ethereumNonce = 1;
  row.receiverSigRequired = null;
  // The same draws as a pick from a list: the memo itself must fit the code, not known yet.
  const memoDraw = rng.chance(0.7) ? null : rng.next();
  row.balanceTimestamp = toNanos(recentSeconds(createdSeconds, rng), rng);
  return { row, keyKind: 'contract', aliasKind: 'none', createdSeconds, keyOwner: num, tokensAvailable: 0, memoDraw };
}

/**
 * Moves a planned account's or contract's creation later, to `createdNs` (generate-ledger.ts keeps creations in
 * the order of the entity numbers): what dates from its creation moves with it, and its history, which starts
 * from `createdSeconds`, starts as much later.
 */
export function moveCreation(plan: AccountPlan, createdNs: bigint): void {
  const { row } = plan;
  const moved = createdNs - row.createdTimestamp;
  if (row.timestampRangeLower < createdNs) row.timestampRangeLower = createdNs;
  if ((row.balanceTimestamp ?? 0n) < createdNs) row.balanceTimestamp = createdNs;
  row.createdTimestamp = createdNs;
  row.expirationTimestamp = renewedExpiryNanos(createdNs, row.autoRenewPeriod ?? AUTO_RENEW_SECONDS);
  plan.createdSeconds += Number(moved) / 1e9;
}

/**
 * Fills key, public_key, alias and evm_address. `ecdsa` is the account's secp256k1 key and
 * `ed25519` its ED25519 public key (own or shared), when its kind needs one.
 */
export function applyKey(plan: AccountPlan, ecdsa: EcdsaKey | undefined, ed25519: Buffer | undefined, rng: Prng): void {
  const { row } = plan;
  switch (plan.keyKind) {
    case 'ed25519': {
      const publicKey = ed25519!;
      row.key = ed25519KeyBytes(publicKey);
      row.publicKey = publicKey.toString('hex');
      if (plan.aliasKind === 'key') row.alias = row.key;
      break;
    }
    case 'ecdsa': {
      row.key = ecdsaKeyBytes(ecdsa!.compressed);
      row.publicKey = ecdsa!.compressed.toString('hex');
      if (plan.aliasKind !== 'none') {
        row.alias = plan.aliasKind === 'key' ? row.key : ecdsa!.evmAddress;
        row.evmAddress = ecdsa!.evmAddress;
        row.ethereumNonce = rng.geometric(4);
      }
      break;
    }
    case 'hollow':
      // Created by a transfer to an EVM address: no key until its first transaction.
      row.key = EMPTY_KEY_LIST;
      row.alias = ecdsa!.evmAddress;
      row.evmAddress = ecdsa!.evmAddress;
      break;
    case 'threshold': {
      const size = rng.int(2, 3);
      const keys = Array.from({ length: size }, (_, i) => ed25519KeyBytes(ed25519PublicKey(ed25519SeedFor(row.num, i + 1))));
      row.key = thresholdKeyBytes(rng.int(1, size), keys);
      break;
    }
    case 'none':
    case 'contract':
      break;
  }
}

/** Accounts whose key or address comes from the secp256k1 walk. */
export function needsEcdsaKey(plan: AccountPlan): boolean {
  return plan.keyKind === 'ecdsa' || plan.keyKind === 'hollow';
}
