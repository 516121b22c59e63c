import type { SqliteDatabase } from '../../mirror/store/ledger-store.ts';
import type { MatchLevel } from '../engine/verification-result.ts';

/** Sourcify's folder names for the two match levels, and both together. */
export type ListedMatch = 'full_match' | 'partial_match' | 'any_match';

/** A contract is in the full_match folder when either its runtime or its creation bytecode matched perfectly. */
const PERFECT = "(runtime_match = 'perfect' OR creation_match = 'perfect')";
const WHERE_MATCH: Record<ListedMatch, string> = {
  full_match: PERFECT,
  partial_match: `NOT ${PERFECT}`,
  any_match: '1 = 1',
};

/** A verified contract as a chain's list of matches shows it. */
export interface ChainMatch {
  matchId: string;
  /** Lower-case 0x hex. */
  address: string;
  runtimeMatch: MatchLevel | null;
  creationMatch: MatchLevel | null;
  /** ISO 8601. */
  verifiedAt: string;
}

/** Leaves out of a chain's listing the contracts whose stored verification is outdated (a JSON list of addresses bound to it). */
const CURRENT = 'address NOT IN (SELECT value FROM json_each(?))';

/**
 * Read-only listings over the verified repository (its tables are written by VerifiedRepository
 * alone): which chains have contracts, the addresses verified on a chain page by page, and the
 * chain's matches by match id. A chain's listings leave out what `outdated` names
 * (VerifiedRepository.outdatedAddresses: other code at the address now), so that its counts and
 * pages agree with a lookup of each address.
 */
export class RepositoryListing {
  private readonly db: SqliteDatabase;
  private readonly outdated: (chainId: string) => string[];

  constructor(db: SqliteDatabase, outdated: (chainId: string) => string[] = () => []) {
    this.db = db;
    this.outdated = outdated;
  }

  /** Chain ids with at least one verified contract. */
  chainIds(): string[] {
    return (this.db.prepare('SELECT DISTINCT chain_id FROM verified_contract').all() as Array<{ chain_id: string }>).map((r) => r.chain_id);
  }

  /** How many contracts of a chain are in each folder. */
  counts(chainId: string): { full: number; partial: number } {
    const row = this.db.prepare(`SELECT SUM(CASE WHEN ${PERFECT} THEN 1 ELSE 0 END) AS full, SUM(CASE WHEN ${PERFECT} THEN 0 ELSE 1 END) AS partial
      FROM verified_contract WHERE chain_id = ? AND ${CURRENT}`).get(chainId, this.outdatedJson(chainId)) as { full: number | null; partial: number | null };
    return { full: row.full ?? 0, partial: row.partial ?? 0 };
  }

  /**
   * Lower-case addresses of a chain's contracts in one folder, earliest verified first (or last
   * first when `descending`); a replaced verification counts from its new time.
   */
  addresses(chainId: string, match: ListedMatch, page: { offset: number; limit: number; descending?: boolean }): string[] {
    const order = page.descending ? 'DESC' : 'ASC';
    return (this.db.prepare(`SELECT address FROM verified_contract WHERE chain_id = ? AND ${CURRENT} AND ${WHERE_MATCH[match]}
      ORDER BY verified_at ${order}, address ${order} LIMIT ? OFFSET ?`).all(chainId, this.outdatedJson(chainId), page.limit, page.offset) as Array<{ address: string }>).map((r) => r.address);
  }

  /**
   * A chain's matches in match id order, newest first when `descending`, else oldest first, and
   * only those past the cursor `afterMatchId` (below it newest first, above it oldest first), as
   * Sourcify pages GET /v2/contracts. A match id never changes, so pages never repeat or skip one.
   */
  matches(chainId: string, page: { limit: number; descending: boolean; afterMatchId: number | null }): ChainMatch[] {
    const [order, past] = page.descending ? ['DESC', '<'] : ['ASC', '>'];
    const rows = this.db.prepare(`SELECT match_id, address, runtime_match, creation_match, verified_at FROM verified_contract
      WHERE chain_id = ? AND ${CURRENT} AND (? IS NULL OR match_id ${past} ?) ORDER BY match_id ${order} LIMIT ?`)
      .all(chainId, this.outdatedJson(chainId), page.afterMatchId, page.afterMatchId, page.limit) as Array<{ match_id: number; address: string; runtime_match: MatchLevel | null; creation_match: MatchLevel | null; verified_at: string }>;
    return rows.map((r) => ({ matchId: String(r.match_id), address: r.address, runtimeMatch: r.runtime_match, creationMatch: r.creation_match, verifiedAt: r.verified_at }));
  }

  private outdatedJson(chainId: string): string {
    return JSON.stringify(this.outdated(chainId));
  }
}
