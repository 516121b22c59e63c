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

/** A chain's listing is of the verifications that count now (a JSON list of match ids bound to it). */
const CURRENT = 'match_id IN (SELECT value FROM json_each(?))';

/**
 * Read-only listings over the verified repository (its tables are written by VerifiedRepository
 * alone): which chains have contracts, the addresses verified on a chain page by page, and the
 * chain's matches by match id. A chain's listings are of the verifications `current` names
 * (VerifiedRepository.currentMatchIds: the one of the code at each address now), so that its counts
 * and pages agree with a lookup of each address. Finding those reads the code of every address of a
 * local chain: a request that lists more than once takes one `chain()` and asks it all.
 */
export class RepositoryListing {
  private readonly db: SqliteDatabase;
  private readonly current: ((chainId: string) => number[]) | null;

  /** `current` null: every stored verification counts (a repository held to no chain). */
  constructor(db: SqliteDatabase, current: ((chainId: string) => number[]) | null = null) {
    this.db = db;
    this.current = current;
  }

  /** Chain ids with at least one verified contract. */
  chainIds(): string[] {
    return (this.db.prepare('SELECT DISTINCT chain_id FROM verified_contract').all() as Array<{ chain_id: string }>).map((r) => r.chain_id);
  }

  /** A chain's listings over the verifications that count now, found once for all of them. */
  chain(chainId: string): ChainListing {
    const ids = this.current ? this.current(chainId) : (this.db.prepare('SELECT match_id FROM verified_contract WHERE chain_id = ?').pluck().all(chainId) as number[]);
    return new ChainListing(this.db, chainId, JSON.stringify(ids));
  }
}

/** One chain's listings, over the verifications that counted when it was taken. */
export class ChainListing {
  private readonly db: SqliteDatabase;
  private readonly chainId: string;
  private readonly currentJson: string;

  constructor(db: SqliteDatabase, chainId: string, currentJson: string) {
    this.db = db;
    this.chainId = chainId;
    this.currentJson = currentJson;
  }

  /** How many contracts of the chain are in each folder. */
  counts(): { full: number; partial: number } {
    const row = this.db.prepare(`SELECT SUM(CASE WHEN ${PERFECT} THEN 1 ELSE 0 END) AS full, SUM(CASE WHEN ${PERFECT} THEN 0 ELSE 1 END) AS partial
      FROM verified_contract WHERE chain_id = ? AND ${CURRENT}`).get(this.chainId, this.currentJson) as { full: number | null; partial: number | null };
    return { full: row.full ?? 0, partial: row.partial ?? 0 };
  }

  /**
   * Lower-case addresses of the chain's contracts in one folder, earliest verified first (or last
   * first when `descending`); a replaced verification counts from its new time.
   */
  addresses(match: ListedMatch, page: { offset: number; limit: number; descending?: boolean }): string[] {
    const order = page.descending ? 'DESC' : 'ASC';
    return (this.db.prepare(`SELECT address FROM verified_contract WHERE chain_id = ? AND ${CURRENT} AND ${WHERE_MATCH[match]}
      ORDER BY verified_at ${order}, address ${order} LIMIT ? OFFSET ?`).all(this.chainId, this.currentJson, page.limit, page.offset) as Array<{ address: string }>).map((r) => r.address);
  }

  /**
   * The chain's matches in match id order, newest first when `descending`, else oldest first, and
   * only those past the cursor `afterMatchId` (below it newest first, above it oldest first), as
   * Sourcify pages GET /v2/contracts. A match id never changes, so pages never repeat or skip one.
   */
  matches(page: { limit: number; descending: boolean; afterMatchId: number | null }): ChainMatch[] {
    const [order, past] = page.descending ? ['DESC', '<'] : ['ASC', '>'];
    const rows = this.db.prepare(`SELECT match_id, address, runtime_match, creation_match, verified_at FROM verified_contract
      WHERE chain_id = ? AND ${CURRENT} AND (? IS NULL OR match_id ${past} ?) ORDER BY match_id ${order} LIMIT ?`)
      .all(this.chainId, this.currentJson, page.afterMatchId, page.afterMatchId, page.limit) as Array<{ match_id: number; address: string; runtime_match: MatchLevel | null; creation_match: MatchLevel | null; verified_at: string }>;
    return rows.map((r) => ({ matchId: String(r.match_id), address: r.address, runtimeMatch: r.runtime_match, creationMatch: r.creation_match, verifiedAt: r.verified_at }));
  }
}
