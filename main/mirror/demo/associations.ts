import { tokenBalance } from './balances.ts';
import type { AccountPlan } from './accounts.ts';
import type { Holding } from './account-history.ts';
import type { LedgerWriter } from './ledger-writer.ts';
import type { Prng } from './prng.ts';
import { DEMO_NOW_SECONDS, recentSeconds, toNanos } from './timeline.ts';
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
 * and writes the token_account rows. Each token's distributed supply is tracked so its total
 * supply can be settled at the end. Returns what the account holds (treasuries' own tokens aside).
 */
export function writeAssociations(plan: AccountPlan, tokens: readonly DemoToken[], writer: LedgerWriter, rng: Prng): Holding[] {
  const available = Math.min(plan.tokensAvailable, tokens.length);
  const count = Math.min(associationCount(plan, rng), available);
  const holdings: Holding[] = [];
  if (count === 0) return holdings;
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
    const createdSeconds = Math.min(DEMO_NOW_SECONDS - 60, Math.max(plan.createdSeconds, Number(token.createdNs / 1_000_000_000n)) + rng.int(1, 86_400));
    // A few relationships were dissociated later: the API must not list them.
    const associated = rng.chance(0.03) ? 0 : 1;
    const balance = associated === 1 ? tokenBalance(rng, token.decimals) : 0;
    token.distributed += balance;
    const created = toNanos(createdSeconds, rng);
    const balanceTimestamp = toNanos(recentSeconds(createdSeconds, rng), rng);
    writer.tokenAccount({
      accountId: plan.row.num,
      tokenId: token.num,
      associated,
      automaticAssociation: rng.chance(0.2) ? 1 : 0,
      balance,
      balanceTimestamp: balanceTimestamp < created ? created : balanceTimestamp,
      createdTimestamp: created,
    });
    if (associated === 1 && token.treasuryNum !== plan.row.num) {
      holdings.push({ account: plan.row.num, token: token.num, treasury: token.treasuryNum, balance, nft: token.decimals === null, since: created });
    }
  }
  return holdings;
}
