import type { ImmutableReferences } from '@ethereum-sourcify/compilers-types';
import { keccak_256 } from '@noble/hashes/sha3.js';
import type { SqliteDatabase } from '../../mirror/store/ledger-store.ts';
import { NO_CODE_READER, type CodeNowReader } from '../chain/code-now.ts';
import type { KnownSources } from '../engine/known-sources.ts';
import type { MatchLevel, VerificationResult } from '../engine/verification-result.ts';
import { isBetterMatch } from './match-ranking.ts';
import { currentMatch, type StoredMatch } from './still-deployed.ts';

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
  metadata: string; immutable_references: string | null;
  /** '' when not known (stored before migration 7, or a result whose code was not read). */
  runtime_code_sha256: string;
}

/** What a chain's listing reads of a row to weigh it (the metadata only of one kept without its code's hash). */
type Candidate = Pick<Row, 'address' | 'match_id' | 'runtime_code_sha256' | 'metadata'>;

/** Newest first: the order currentMatch takes candidates in (the latest stands where no code is read). */
const NEWEST_FIRST = 'verified_at DESC, match_id DESC';

/**
 * The match id of each address's newest verification on a chain (NEWEST_FIRST's first): what
 * counts on a chain whose code is not read. The primary key hands SQLite the chain's rows address
 * by address, so it sorts only each address's few rows.
 */
export const NEWEST_MATCH_IDS_SQL = `SELECT match_id FROM (
  SELECT match_id, ROW_NUMBER() OVER (PARTITION BY address ORDER BY ${NEWEST_FIRST}) AS newness FROM verified_contract WHERE chain_id = ?
) WHERE newness = 1`;

/** What saving a result came to: stored (the record now stored), or not, the stored one being at least as good. */
export type SaveOutcome = { stored: true; record: VerifiedRecord } | { stored: false; existing: VerifiedRecord };

/**
 * Verified contracts (sources, metadata, match and time) in SQLite, one per chain, address and
 * on-chain runtime code (its sha256): ledgers of one chain id (the demo, local nodes, custom
 * profiles without their own: 298) hold other contracts at the same addresses, and a verification
 * on one must not take another's place. A new result replaces a stored one of the same code only
 * when it is better by Sourcify's rule (match-ranking.ts): a partial match never overwrites a
 * perfect one, nor another partial one. Its sources are also the verifier's known sources, found
 * by the keccak256 a metadata names them by.
 *
 * Of an address's verifications, the one that counts is the one of the code there now
 * (still-deployed.ts), asked of `code` (ChainRegistry) on every read: on a chain this machine
 * stores (the local mirror's), a ledger rebuilt under the same addresses or another ledger of the
 * chain leaves the others as gone (not found by any read), and brings them back with their code. A chain read over
 * the network is not asked (no round trip per lookup), nor a synced store's address it does not
 * hold: there the latest verification stands.
 */
export class VerifiedRepository implements KnownSources {
  private readonly db: SqliteDatabase;
  private readonly code: CodeNowReader;

  constructor(db: SqliteDatabase, code: CodeNowReader = NO_CODE_READER) {
    this.db = db;
    this.code = code;
    this.hashUnhashedSources();
  }

  /**
   * Stores a result when nothing is stored for its code at its address, or the result is better.
   * The record it is weighed against: the one of the same code, or one kept without its code's
   * hash that counts now. A result whose code was not read (a creation match alone) is of the code
   * whose record counts now, and takes its key, so that record keeps its hash; with none counting,
   * it goes under the key of records without a hash, weighed against the one there. Records of
   * other code at the address are left as they are: none is removed without being weighed.
   */
  save(result: VerificationResult, verificationId: string, now = new Date()): SaveOutcome {
    return this.db.transaction((): SaveOutcome => {
      const counting = this.current(result.chainId, result.address);
      const key = result.runtimeCodeHash ?? counting?.runtime_code_sha256 ?? '';
      const existing = this.keyed(result.chainId, result.address, key) ?? (counting?.runtime_code_sha256 === '' ? counting : undefined);
      if (existing && !isBetterMatch(result, toRecord(existing))) return { stored: false, existing: toRecord(existing) };
      // A better match keeps its record's match id; a first one of its code takes the next (ids
      // only grow: a replaced row's id goes to its replacement, an outdated one's is never given again).
      const matchId = existing ? existing.match_id : (this.db.prepare('SELECT COALESCE(MAX(match_id), 0) + 1 AS next FROM verified_contract').get() as { next: number }).next;
      if (existing) this.remove(existing.chain_id, existing.address, existing.runtime_code_sha256);
      this.remove(result.chainId, result.address, key);
      this.db.prepare(`INSERT INTO verified_contract (chain_id, address, runtime_code_sha256, verification_id, match_id, name, compiled_path, compiler_version,
          runtime_match, creation_match, library_map, metadata, creator_tx_hash, constructor_arguments, immutable_references, verified_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
        .run(result.chainId, result.address, key, verificationId, matchId, result.name, result.compiledPath, result.compilerVersion,
          result.runtimeMatch, result.creationMatch, JSON.stringify(result.libraryMap), result.metadata, result.creatorTxHash,
          result.constructorArguments, result.immutableReferences ? JSON.stringify(result.immutableReferences) : null, now.toISOString());
      const insert = this.db.prepare('INSERT INTO verified_file (chain_id, address, runtime_code_sha256, path, content, keccak256) VALUES (?, ?, ?, ?, ?, ?)');
      for (const [path, content] of Object.entries(result.sources)) insert.run(result.chainId, result.address, key, path, content, keccak256Of(content));
      return { stored: true, record: toRecord(this.keyed(result.chainId, result.address, key)!) };
    })();
  }

  /** The verification that counts for the code at the address now (null when none does). */
  get(chainId: string, address: string): VerifiedRecord | null {
    const row = this.current(chainId, address);
    return row ? toRecord(row) : null;
  }

  /** Every chain on which an address is verified (for the code there now). */
  byAddress(address: string): VerifiedRecord[] {
    const chains = this.db.prepare('SELECT DISTINCT chain_id FROM verified_contract WHERE address = ? ORDER BY chain_id').pluck().all(address.toLowerCase()) as string[];
    return chains.flatMap((chainId) => {
      const row = this.current(chainId, address);
      return row ? [toRecord(row)] : [];
    });
  }

  /** The verified sources (path → content) and metadata of the contract that counts at the address now; null when none does. */
  files(chainId: string, address: string): { sources: Record<string, string>; metadata: string } | null {
    const row = this.current(chainId, address);
    if (!row) return null;
    const rows = this.db.prepare('SELECT path, content FROM verified_file WHERE chain_id = ? AND address = ? AND runtime_code_sha256 = ? ORDER BY path')
      .all(chainId, row.address, row.runtime_code_sha256) as Array<{ path: string; content: string }>;
    return { sources: Object.fromEntries(rows.map((r) => [r.path, r.content])), metadata: row.metadata };
  }

  /**
   * The verification that counts at the address now with the paths of its sources, each with its
   * size in UTF-8 bytes counted by SQLite (no content is read out: the contract page's source list
   * must not read a large project whole); null when none counts.
   */
  sourceSizes(chainId: string, address: string): { record: VerifiedRecord; sources: Array<{ path: string; bytes: number }> } | null {
    const row = this.current(chainId, address);
    if (!row) return null;
    // The database's text is UTF-8 (SQLite's default, never changed here), so the blob's length is
    // its byte count; length() of the text itself would count characters, and stop at a NUL.
    const sources = this.db.prepare(`SELECT path, length(CAST(content AS BLOB)) AS bytes FROM verified_file
      WHERE chain_id = ? AND address = ? AND runtime_code_sha256 = ? ORDER BY path`)
      .all(chainId, row.address, row.runtime_code_sha256) as Array<{ path: string; bytes: number }>;
    return { record: toRecord(row), sources };
  }

  /**
   * The verification that counts at the address now with the content of its source at `path`
   * (null when it has none there); null when none counts. The others are not read.
   */
  sourceContent(chainId: string, address: string, path: string): { record: VerifiedRecord; content: string | null } | null {
    const row = this.current(chainId, address);
    if (!row) return null;
    const found = this.db.prepare('SELECT content FROM verified_file WHERE chain_id = ? AND address = ? AND runtime_code_sha256 = ? AND path = ?')
      .get(chainId, row.address, row.runtime_code_sha256, path) as { content: string } | undefined;
    return { record: toRecord(row), content: found?.content ?? null };
  }

  /**
   * The match ids of a chain's verifications that count now, one per address at most, which its
   * listings are made of. For a chain read over the network (the code reader says so once for the
   * chain), the newest of each address, in one query. For a local chain, one read of the code per
   * address stored, and the metadata only of those stored before the code's hash was kept.
   */
  currentMatchIds(chainId: string): number[] {
    if (this.code.isRemote(chainId)) return this.db.prepare(NEWEST_MATCH_IDS_SQL).pluck().all(chainId) as number[];
    const rows = this.db.prepare(`SELECT address, match_id, runtime_code_sha256, CASE WHEN runtime_code_sha256 = '' THEN metadata ELSE '' END AS metadata
      FROM verified_contract WHERE chain_id = ? ORDER BY address, ${NEWEST_FIRST}`).all(chainId) as Candidate[];
    const byAddress = new Map<string, Candidate[]>();
    for (const row of rows) {
      const list = byAddress.get(row.address);
      if (list) list.push(row); else byAddress.set(row.address, [row]);
    }
    const ids: number[] = [];
    for (const [address, stored] of byAddress) {
      const match = currentMatch(stored.map(asStoredMatch), this.code.codeNow(chainId, address));
      if (match) ids.push(match.match_id);
    }
    return ids;
  }

  /** The row that counts for the code at the address now, of those stored there. */
  private current(chainId: string, address: string): Row | undefined {
    const rows = this.db.prepare(`SELECT * FROM verified_contract WHERE chain_id = ? AND address = ? ORDER BY ${NEWEST_FIRST}`).all(chainId, address.toLowerCase()) as Row[];
    if (rows.length === 0) return undefined;
    return currentMatch(rows.map(asStoredMatch), this.code.codeNow(chainId, address)) ?? undefined;
  }

  private keyed(chainId: string, address: string, runtimeCodeHash: string): Row | undefined {
    return this.db.prepare('SELECT * FROM verified_contract WHERE chain_id = ? AND address = ? AND runtime_code_sha256 = ?')
      .get(chainId, address.toLowerCase(), runtimeCodeHash) as Row | undefined;
  }

  private remove(chainId: string, address: string, runtimeCodeHash: string): void {
    this.db.prepare('DELETE FROM verified_contract WHERE chain_id = ? AND address = ? AND runtime_code_sha256 = ?').run(chainId, address, runtimeCodeHash);
    this.db.prepare('DELETE FROM verified_file WHERE chain_id = ? AND address = ? AND runtime_code_sha256 = ?').run(chainId, address, runtimeCodeHash);
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

/** A row with the fields currentMatch weighs, under its names. */
function asStoredMatch<T extends Pick<Row, 'runtime_code_sha256' | 'metadata'>>(row: T): T & StoredMatch {
  return Object.assign(row, { runtimeCodeHash: row.runtime_code_sha256 });
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
    runtimeCodeHash: row.runtime_code_sha256 === '' ? null : row.runtime_code_sha256,
  };
}
