import { tokenBalance } from './balances.ts';
import type { AccountPlan } from './accounts.ts';
import type { Holding } from './account-history.ts';
import type { EntityRow, TokenAccountRow } from './ledger-writer.ts';
import type { Prng } from './prng.ts';
import { DEMO_NOW_SECONDS, toNanos } from './timeline.ts';
import type { Association } from './token-distribution.ts';
import type { DemoToken } from './tokens.ts';

/** Enough associations to page past the API's 50-token cap in `balance.tokens`. */
const HEAVY_MIN = 60;
const HEAVY_MAX = 120;

/** How many tokens an entity is associated with: most none or a few, some collectors 60-120. */
function associationCount(plan: AccountPlan, rng: Prng): number {
  if (plan.row.deleted === 1) return 0;
  const contract = plan.row.type === 'CONTRACT';
  if (rng.chance(contract ? 0.02 : 0.008)) return rng.int(HEAVY_MIN, HEAVY_MAX);
  if (rng.chance(contract ? 0.7 : 0.44)) return 0;
  return 1 + rng.geometric(contract ? 3 : 2);
}

/**
 * Picks distinct tokens among those created before the account, favouring the oldest (the popular ones),
 * and plans their token_account rows with the balance each holding is to reach. The rows are written
 * once the holdings' history is (settleAssociation), which may change their balances.
 */
export function planAssociations(plan: AccountPlan, tokens: readonly DemoToken[], rng: Prng): Association[] {
  const available = Math.min(plan.tokensAvailable, tokens.length);
  const count = Math.min(associationCount(plan, rng), available);
  const associations: Association[] = [];
  if (count === 0) return associations;
  const chosen = new Set<number>();
  if (count > available / 2) {
    // Rejection sampling would crawl when picking most of the list: take a random window.
    const start = rng.int(0, available - count);
    for (let i = start; i < start + count; i++) chosen.add(i);
  } else {
    while (chosen.size < count) chosen.add(Math.floor(available * rng.next() ** 2.5));
  }
  for (const index of [...chosen].sort((a, b) => a - b)) {
    const token = tokens[index]!;
    // Within a day of both existing, and a minute before "now" at the latest: spread over what is left of
    // the day rather than clamped, so late accounts do not pile their associations onto one second.
    const earliest = Math.max(plan.createdSeconds, Number(token.createdNs / 1_000_000_000n));
    const createdSeconds = earliest + 1 + rng.next() * Math.max(0, Math.min(86_400, DEMO_NOW_SECONDS - 60 - earliest - 1));
    // A few relationships were dissociated later: the API must not list them.
    const associated = rng.chance(0.03) ? 0 : 1;
    const balance = associated === 1 ? tokenBalance(rng, token.decimals) : 0;
    const created = toNanos(createdSeconds, rng);
    const automatic = rng.chance(0.2);
    const row: TokenAccountRow = {
      accountId: plan.row.num, tokenId: token.num, associated, automaticAssociation: automatic ? 1 : 0, balance,
      balanceTimestamp: created, createdTimestamp: created,
    };
    const holding: Holding | null = associated === 1 && token.treasuryNum !== plan.row.num ? {
      account: plan.row.num, token: token.num, treasury: token.treasuryNum, balance, nft: token.decimals === null,
      since: created, automatic, fundedNs: null, changedNs: created, returned: 0, fees: token.fees,
    } : null;
    associations.push({ row, holding });
  }
  return associations;
}

/**
 * Gives an account room for its automatic associations: the network neither makes one beyond
 * `max_automatic_token_associations` (-1 is no limit) nor lets the limit drop below those in use,
 * so where the planned limit is short the account gets the next usual one up. Draws nothing:
 * the rest of the ledger comes out as before.
 */
export function fitAutomaticAssociationSlots(row: EntityRow, associations: readonly Association[]): void {
  const used = associations.filter((a) => a.row.associated === 1 && a.row.automaticAssociation === 1).length;
  const limit = row.maxAutomaticTokenAssociations;
  if (used === 0 || limit === null || limit === -1 || used <= limit) return;
  row.maxAutomaticTokenAssociations = used <= 10 ? 10 : used <= 100 ? 100 : -1;
}
