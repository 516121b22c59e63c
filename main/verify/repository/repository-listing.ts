import type { SqliteDatabase } from '../../mirror/store/ledger-store.ts';

/** Sourcify's folder names for the two match levels, and both together. */
export type ListedMatch = 'full_match' | 'partial_match' | 'any_match';

/** A contract is in the full_match folder when either its runtime or its creation bytecode matched perfectly. */
const PERFECT = "(runtime_match = 'perfect' OR creation_match = 'perfect')";
const WHERE_MATCH: Record<ListedMatch, string> = {
  full_match: PERFECT,
  partial_match: `NOT ${PERFECT}`,
  any_match: '1 = 1',
};

/**
 * Read-only listings over the verified repository (its tables are written by VerifiedRepository
 * alone): which chains have contracts, and the addresses verified on a chain, page by page.
 */
export class RepositoryListing {
  private readonly db: SqliteDatabase;

  constructor(db: SqliteDatabase) {
    this.db = db;
  }

  /** Chain ids with at least one verified contract. */
  chainIds(): string[] {
    return (this.db.prepare('SELECT DISTINCT chain_id FROM verified_contract').all() as Array<{ chain_id: string }>).map((r) => r.chain_id);
  }

  /** How many contracts of a chain are in each folder. */
  counts(chainId: string): { full: number; partial: number } {
    const row = this.db.prepare(`SELECT SUM(CASE WHEN ${PERFECT} THEN 1 ELSE 0 END) AS full, SUM(CASE WHEN ${PERFECT} THEN 0 ELSE 1 END) AS partial
      FROM verified_contract WHERE chain_id = ?`).get(chainId) as { full: number | null; partial: number | null };
    return { full: row.full ?? 0, partial: row.partial ?? 0 };
  }

  /**
   * Lower-case addresses of a chain's contracts in one folder, earliest verified first (or last
   * first when `descending`); a replaced verification counts from its new time.
   */
  addresses(chainId: string, match: ListedMatch, page: { offset: number; limit: number; descending?: boolean }): string[] {
    const order = page.descending ? 'DESC' : 'ASC';
    return (this.db.prepare(`SELECT address FROM verified_contract WHERE chain_id = ? AND ${WHERE_MATCH[match]}
      ORDER BY verified_at ${order}, address ${order} LIMIT ? OFFSET ?`).all(chainId, page.limit, page.offset) as Array<{ address: string }>).map((r) => r.address);
  }
}
