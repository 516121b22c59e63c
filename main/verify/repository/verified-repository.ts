import type { ImmutableReferences } from '@ethereum-sourcify/compilers-types';
import { keccak_256 } from '@noble/hashes/sha3.js';
import type { SqliteDatabase } from '../../mirror/store/ledger-store.ts';
import { NO_CODE_READER, type CodeNowReader } from '../chain/code-now.ts';
import type { KnownSources } from '../engine/known-sources.ts';
import type { MatchLevel, VerificationResult } from '../engine/verification-result.ts';
import { isBetterMatch } from './match-ranking.ts';
import { stillDeployed } from './still-deployed.ts';

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
  /** sha256 of the on-chain runtime code it was matched against (runtimeCodeHashOf); null when verified before that was kept. */
  runtimeCodeHash: string | null;
}

interface Row {
  chain_id: string; address: string; verification_id: string; match_id: number; name: string; compiled_path: string; compiler_version: string;
  runtime_match: MatchLevel | null; creation_match: MatchLevel | null; library_map: string; creator_tx_hash: string | null; constructor_arguments: string | null; verified_at: string;
  metadata: string; immutable_references: string | null; runtime_code_sha256: string | null;
}

/** What saving a result came to: stored (the record now stored), or not, the stored one being at least as good. */
export type SaveOutcome = { stored: true; record: VerifiedRecord } | { stored: false; existing: VerifiedRecord };

/**
 * Verified contracts (sources, metadata, match and time) in SQLite, one per chain and address.
 * A new result replaces a stored one only when it is better by Sourcify's rule (match-ranking.ts):
 * a partial match never overwrites a perfect one, nor another partial one. Its sources are also
 * the verifier's known sources, found by the keccak256 a metadata names them by.
 *
 * A stored verification counts only while the code it was matched against is still at its address
 * (still-deployed.ts), asked of `codeNow` on every read of a contract: on a chain this machine
 * stores (the local mirror's), a ledger rebuilt under the same addresses leaves it outdated, and
 * then it is as gone: not found by any read, and replaced by the next match, whatever its level.
 * A chain read over the network is not asked (no round trip per lookup): there a stored match is
 * found outdated only by a verification that read other code at its address.
 */
export class VerifiedRepository implements KnownSources {
  private readonly db: SqliteDatabase;
  private readonly codeNow: CodeNowReader;

  constructor(db: SqliteDatabase, codeNow: CodeNowReader = NO_CODE_READER) {
    this.db = db;
    this.codeNow = codeNow;
    this.hashUnhashedSources();
  }

  /** Stores a result when nothing is stored for its address, what is stored is outdated, or the result is better. */
  save(result: VerificationResult, verificationId: string, now = new Date()): SaveOutcome {
    return this.db.transaction((): SaveOutcome => {
      const row = this.row(result.chainId, result.address);
      const existing = row && this.holds(row) && !matchedOtherCode(row, result) ? toRecord(row) : null;
      if (existing && !isBetterMatch(result, existing)) return { stored: false, existing };
      // A better match keeps the address's match id; a first one, or one of other code than an
      // outdated match's, takes the next (ids only grow: rows are never deleted, only replaced).
      const matchId = existing ? Number(existing.matchId) : (this.db.prepare('SELECT COALESCE(MAX(match_id), 0) + 1 AS next FROM verified_contract').get() as { next: number }).next;
      this.db.prepare(`INSERT OR REPLACE INTO verified_contract (chain_id, address, verification_id, match_id, name, compiled_path, compiler_version,
          runtime_match, creation_match, library_map, metadata, creator_tx_hash, constructor_arguments, immutable_references, verified_at, runtime_code_sha256)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
        .run(result.chainId, result.address, verificationId, matchId, result.name, result.compiledPath, result.compilerVersion,
          result.runtimeMatch, result.creationMatch, JSON.stringify(result.libraryMap), result.metadata, result.creatorTxHash,
          result.constructorArguments, result.immutableReferences ? JSON.stringify(result.immutableReferences) : null, now.toISOString(),
          result.runtimeCodeHash ?? null);
      this.db.prepare('DELETE FROM verified_file WHERE chain_id = ? AND address = ?').run(result.chainId, result.address);
      const insert = this.db.prepare('INSERT INTO verified_file (chain_id, address, path, content, keccak256) VALUES (?, ?, ?, ?, ?)');
      for (const [path, content] of Object.entries(result.sources)) insert.run(result.chainId, result.address, path, content, keccak256Of(content));
      return { stored: true, record: toRecord(this.row(result.chainId, result.address)!) };
    })();
  }

  /** The verification stored for the address, while it holds for the code there (null when none, or outdated). */
  get(chainId: string, address: string): VerifiedRecord | null {
    const row = this.row(chainId, address);
    return row && this.holds(row) ? toRecord(row) : null;
  }

  /** Every chain on which an address is verified (for the code there now). */
  byAddress(address: string): VerifiedRecord[] {
    return (this.db.prepare('SELECT * FROM verified_contract WHERE address = ? ORDER BY chain_id').all(address.toLowerCase()) as Row[])
      .filter((row) => this.holds(row)).map(toRecord);
  }

  /** The verified sources (path → content) and metadata of a contract; null when none, or outdated. */
  files(chainId: string, address: string): { sources: Record<string, string>; metadata: string } | null {
    const row = this.db.prepare('SELECT chain_id, address, metadata, runtime_code_sha256 FROM verified_contract WHERE chain_id = ? AND address = ?')
      .get(chainId, address.toLowerCase()) as Pick<Row, 'chain_id' | 'address' | 'metadata' | 'runtime_code_sha256'> | undefined;
    if (!row || !this.holds(row)) return null;
    const rows = this.db.prepare('SELECT path, content FROM verified_file WHERE chain_id = ? AND address = ? ORDER BY path').all(chainId, address.toLowerCase()) as Array<{ path: string; content: string }>;
    return { sources: Object.fromEntries(rows.map((r) => [r.path, r.content])), metadata: row.metadata };
  }

  /**
   * The addresses of a chain whose stored verification is outdated (other code, or none, there
   * now), which its listings leave out. None for a chain read over the network, and no read of its
   * code: its first address answers `remote` for them all. One read of the code per contract
   * stored for a local chain; the metadata only of those stored before the code's hash was kept.
   */
  outdatedAddresses(chainId: string): string[] {
    const rows = this.db.prepare('SELECT address, runtime_code_sha256 FROM verified_contract WHERE chain_id = ?').all(chainId) as Array<Pick<Row, 'address' | 'runtime_code_sha256'>>;
    const outdated: string[] = [];
    for (const { address, runtime_code_sha256 } of rows) {
      const now = this.codeNow(chainId, address);
      if (now.kind === 'remote') return [];
      const metadata = runtime_code_sha256 === null ? (this.row(chainId, address)?.metadata ?? '') : '';
      if (!stillDeployed({ runtimeCodeHash: runtime_code_sha256, metadata }, now)) outdated.push(address);
    }
    return outdated;
  }

  private row(chainId: string, address: string): Row | undefined {
    return this.db.prepare('SELECT * FROM verified_contract WHERE chain_id = ? AND address = ?').get(chainId, address.toLowerCase()) as Row | undefined;
  }

  /** Whether a stored row still holds for the code at its address now. */
  private holds(row: Pick<Row, 'chain_id' | 'address' | 'metadata' | 'runtime_code_sha256'>): boolean {
    return stillDeployed({ runtimeCodeHash: row.runtime_code_sha256, metadata: row.metadata }, this.codeNow(row.chain_id, row.address));
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

/**
 * Whether a fresh result was matched against other code than the stored row: the verification just
 * read the code, so this finds an outdated match on a chain no lookup reads (over the network) too.
 */
function matchedOtherCode(row: Row, result: VerificationResult): boolean {
  return row.runtime_code_sha256 !== null && result.runtimeCodeHash != null && row.runtime_code_sha256 !== result.runtimeCodeHash;
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
    runtimeCodeHash: row.runtime_code_sha256,
  };
}
