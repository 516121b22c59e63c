import type { ImmutableReferences } from '@ethereum-sourcify/compilers-types';
import { keccak_256 } from '@noble/hashes/sha3.js';
import type { SqliteDatabase } from '../../mirror/store/ledger-store.ts';
import type { KnownSources } from '../engine/known-sources.ts';
import type { MatchLevel, VerificationResult } from '../engine/verification-result.ts';
import { isBetterMatch } from './match-ranking.ts';

/** A stored verification, as the check operations and the app read it. */
export interface VerifiedRecord {
  chainId: string;
  address: string;
  verificationId: string;
  /**
   * Sourcify APIv2's matchId (decimal): given when the address was first verified, kept when a
   * better match replaced the first, never given again; the cursor of GET /v2/contracts.
   */
  matchId: string;
  name: string;
  compiledPath: string;
  compilerVersion: string;
  runtimeMatch: MatchLevel | null;
  creationMatch: MatchLevel | null;
  status: MatchLevel;
  libraryMap: Record<string, string>;
  creatorTxHash: string | null;
  /** As VerificationResult's: 0x hex, null when not known. */
  constructorArguments: string | null;
  /** As VerificationResult's; null when there are none, or the contract was verified before they were kept. */
  immutableReferences: ImmutableReferences | null;
  /** ISO 8601. */
  verifiedAt: string;
  /** The Solidity metadata JSON it was verified with. */
  metadata: string;
}

interface Row {
  chain_id: string; address: string; verification_id: string; match_id: number; name: string; compiled_path: string; compiler_version: string;
  runtime_match: MatchLevel | null; creation_match: MatchLevel | null; library_map: string; creator_tx_hash: string | null; constructor_arguments: string | null; verified_at: string;
  metadata: string; immutable_references: string | null;
}

/** What saving a result came to: stored (the record now stored), or not, the stored one being at least as good. */
export type SaveOutcome = { stored: true; record: VerifiedRecord } | { stored: false; existing: VerifiedRecord };

/**
 * Verified contracts (sources, metadata, match and time) in SQLite, one per chain and address.
 * A new result replaces a stored one only when it is better by Sourcify's rule (match-ranking.ts):
 * a partial match never overwrites a perfect one, nor another partial one. Its sources are also
 * the verifier's known sources, found by the keccak256 a metadata names them by.
 */
export class VerifiedRepository implements KnownSources {
  private readonly db: SqliteDatabase;

  constructor(db: SqliteDatabase) {
    this.db = db;
    this.hashUnhashedSources();
  }

  /** Stores a result when nothing is stored for its address or it is better than what is. */
  save(result: VerificationResult, verificationId: string, now = new Date()): SaveOutcome {
    return this.db.transaction((): SaveOutcome => {
      const existing = this.get(result.chainId, result.address);
      if (existing && !isBetterMatch(result, existing)) return { stored: false, existing };
      // A better match keeps the address's match id; a first one takes the next (ids only grow: rows are never deleted).
      const matchId = existing ? Number(existing.matchId) : (this.db.prepare('SELECT COALESCE(MAX(match_id), 0) + 1 AS next FROM verified_contract').get() as { next: number }).next;
      this.db.prepare(`INSERT OR REPLACE INTO verified_contract (chain_id, address, verification_id, match_id, name, compiled_path, compiler_version,
          runtime_match, creation_match, library_map, metadata, creator_tx_hash, constructor_arguments, immutable_references, verified_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
        .run(result.chainId, result.address, verificationId, matchId, result.name, result.compiledPath, result.compilerVersion,
          result.runtimeMatch, result.creationMatch, JSON.stringify(result.libraryMap), result.metadata, result.creatorTxHash,
          result.constructorArguments, result.immutableReferences ? JSON.stringify(result.immutableReferences) : null, now.toISOString());
      this.db.prepare('DELETE FROM verified_file WHERE chain_id = ? AND address = ?').run(result.chainId, result.address);
      const insert = this.db.prepare('INSERT INTO verified_file (chain_id, address, path, content, keccak256) VALUES (?, ?, ?, ?, ?)');
      for (const [path, content] of Object.entries(result.sources)) insert.run(result.chainId, result.address, path, content, keccak256Of(content));
      return { stored: true, record: this.get(result.chainId, result.address)! };
    })();
  }

  get(chainId: string, address: string): VerifiedRecord | null {
    const row = this.db.prepare('SELECT * FROM verified_contract WHERE chain_id = ? AND address = ?').get(chainId, address.toLowerCase()) as Row | undefined;
    return row ? toRecord(row) : null;
  }

  /** Every chain on which an address is verified. */
  byAddress(address: string): VerifiedRecord[] {
    return (this.db.prepare('SELECT * FROM verified_contract WHERE address = ? ORDER BY chain_id').all(address.toLowerCase()) as Row[]).map(toRecord);
  }

  /** The verified sources (path → content) and metadata of a contract. */
  files(chainId: string, address: string): { sources: Record<string, string>; metadata: string } | null {
    const row = this.db.prepare('SELECT metadata FROM verified_contract WHERE chain_id = ? AND address = ?').get(chainId, address.toLowerCase()) as { metadata: string } | undefined;
    if (!row) return null;
    const rows = this.db.prepare('SELECT path, content FROM verified_file WHERE chain_id = ? AND address = ? ORDER BY path').all(chainId, address.toLowerCase()) as Array<{ path: string; content: string }>;
    return { sources: Object.fromEntries(rows.map((r) => [r.path, r.content])), metadata: row.metadata };
  }

  /** A verified source whose content has this keccak256 (0x hex), from any contract. */
  sourceByKeccak256(keccak256: string): string | null {
    const row = this.db.prepare('SELECT content FROM verified_file WHERE keccak256 = ? LIMIT 1').get(keccak256.toLowerCase()) as { content: string } | undefined;
    return row?.content ?? null;
  }

  /**
   * Sources stored before their hash was kept get it, once: the index then finds them too. One
   * UPDATE hashes them inside SQLite, a row at a time, so a large repository is never held in memory.
   * Asked first through the index, so that a start with every source hashed (every start but the
   * first after migration 6) takes no write lock: an UPDATE does, even when it changes no row.
   */
  private hashUnhashedSources(): void {
    if (this.db.prepare('SELECT 1 FROM verified_file WHERE keccak256 IS NULL LIMIT 1').get() === undefined) return;
    this.db.function('verify_source_keccak256', { deterministic: true }, (content: unknown) => keccak256Of(String(content)));
    this.db.prepare('UPDATE verified_file SET keccak256 = verify_source_keccak256(content) WHERE keccak256 IS NULL').run();
  }
}

/** keccak256 of a source's UTF-8 text, as Solidity metadata gives it (0x hex). */
function keccak256Of(content: string): string {
  return `0x${Buffer.from(keccak_256(Buffer.from(content, 'utf8'))).toString('hex')}`;
}

function toRecord(row: Row): VerifiedRecord {
  const runtime = row.runtime_match;
  const creation = row.creation_match;
  return {
    chainId: row.chain_id,
    address: row.address,
    verificationId: row.verification_id,
    matchId: String(row.match_id),
    name: row.name,
    compiledPath: row.compiled_path,
    compilerVersion: row.compiler_version,
    runtimeMatch: runtime,
    creationMatch: creation,
    status: runtime === 'perfect' || creation === 'perfect' ? 'perfect' : 'partial',
    libraryMap: JSON.parse(row.library_map) as Record<string, string>,
    creatorTxHash: row.creator_tx_hash,
    constructorArguments: row.constructor_arguments,
    immutableReferences: row.immutable_references === null ? null : JSON.parse(row.immutable_references) as ImmutableReferences,
    verifiedAt: row.verified_at,
    metadata: row.metadata,
  };
}
