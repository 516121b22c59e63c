import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyMigrations } from '../../../main/mirror/store/ledger-store.ts';
import { RepositoryListing } from '../../../main/verify/repository/repository-listing.ts';
import { VerifiedRepository } from '../../../main/verify/repository/verified-repository.ts';
import { openVerifyDb } from '../../../main/verify/store/verify-db.ts';
import { VERIFY_MIGRATIONS } from '../../../main/verify/store/verify-migrations.ts';
import type { VerificationResult } from '../../../main/verify/engine/verification-result.ts';
import { tempDir } from '../verify-fixture.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const ADDRESS = `0x${'ab'.repeat(20)}`;
const result = (overrides: Partial<VerificationResult>): VerificationResult => ({
  chainId: '298', address: ADDRESS, runtimeMatch: 'perfect', creationMatch: 'perfect', status: 'perfect', libraryMap: {},
  name: 'A', compiledPath: 'A.sol', compilerVersion: '0.8.37+commit.f401782d', sources: { 'A.sol': 'contract A {}' }, metadata: '{}',
  creatorTxHash: null, constructorArguments: `0x${'0'.repeat(63)}7`, ...overrides,
});

describe('VerifiedRepository on a real SQLite file', () => {
  it('keeps the constructor arguments a creation match found, and a runtime-only match knows none', () => {
    const dir = tempDir();
    dirs.push(dir);
    const db = openVerifyDb(path.join(dir, 'verify.sqlite'));
    const repository = new VerifiedRepository(db);
    expect(repository.save(result({}), 'v1')).toMatchObject({ stored: true, record: { constructorArguments: `0x${'0'.repeat(63)}7` } });
    const other = `0x${'cd'.repeat(20)}`;
    expect(repository.save(result({ address: other, creationMatch: null, constructorArguments: null }), 'v2')).toMatchObject({ stored: true, record: { constructorArguments: null } });
    db.close();
  });

  it('opens a file written before the column existed: its contracts stay, their arguments unknown', () => {
    const dir = tempDir();
    dirs.push(dir);
    const file = path.join(dir, 'verify.sqlite');
    const old = new Database(file);
    applyMigrations(old, VERIFY_MIGRATIONS.filter((m) => m.version === 1));
    old.prepare(`INSERT INTO verified_contract (chain_id, address, verification_id, name, compiled_path, compiler_version, runtime_match,
      creation_match, library_map, metadata, creator_tx_hash, verified_at) VALUES ('298', ?, 'v1', 'A', 'A.sol', 'v', 'perfect', 'perfect', '{}', '{}', NULL, 'then')`).run(ADDRESS);
    old.close();
    const db = openVerifyDb(file);
    expect(new VerifiedRepository(db).get('298', ADDRESS)).toMatchObject({ name: 'A', status: 'perfect', constructorArguments: null });
    db.close();
  });
});

describe('match ids (Sourcify APIv2 matchId) and the chain\'s list of matches', () => {
  const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
  const openRepository = () => {
    const dir = tempDir();
    dirs.push(dir);
    const db = openVerifyDb(path.join(dir, 'verify.sqlite'));
    return { db, repository: new VerifiedRepository(db), listing: new RepositoryListing(db) };
  };

  it('numbers each address when first verified, across chains, and keeps its number when a better match replaces it', () => {
    const { db, repository } = openRepository();
    expect(repository.save(result({ address: address(1), runtimeMatch: 'partial', creationMatch: null, status: 'partial' }), 'v1')).toMatchObject({ record: { matchId: '1' } });
    expect(repository.save(result({ address: address(2) }), 'v2')).toMatchObject({ record: { matchId: '2' } });
    expect(repository.save(result({ chainId: '296', address: address(1) }), 'v3')).toMatchObject({ record: { matchId: '3' } });
    const better = repository.save(result({ address: address(1) }), 'v4');
    expect(better).toMatchObject({ stored: true, record: { verificationId: 'v4', matchId: '1', status: 'perfect' } });
    expect(repository.save(result({ address: address(3) }), 'v5')).toMatchObject({ record: { matchId: '4' } });
    db.close();
  });

  it('lists a chain\'s matches newest first or oldest first, page by page after a match id, without repeats or gaps', () => {
    const { db, repository, listing } = openRepository();
    for (let n = 1; n <= 5; n++) repository.save(result({ address: address(n) }), `v${n}`);
    repository.save(result({ chainId: '296', address: address(9) }), 'other chain');
    const ids = (page: Array<{ matchId: string }>) => page.map((m) => m.matchId);
    expect(ids(listing.matches('298', { limit: 200, descending: true, afterMatchId: null }))).toEqual(['5', '4', '3', '2', '1']);
    expect(ids(listing.matches('298', { limit: 2, descending: true, afterMatchId: 4 }))).toEqual(['3', '2']);
    expect(ids(listing.matches('298', { limit: 2, descending: false, afterMatchId: 1 }))).toEqual(['2', '3']);
    expect(ids(listing.matches('298', { limit: 10, descending: false, afterMatchId: 5 }))).toEqual([]);
    expect(listing.matches('296', { limit: 10, descending: true, afterMatchId: null })).toEqual([
      { matchId: '6', address: address(9), runtimeMatch: 'perfect', creationMatch: 'perfect', verifiedAt: expect.any(String) },
    ]);
    db.close();
  });

  it('numbers the contracts of a file written before match ids existed in the order they were verified', () => {
    const dir = tempDir();
    dirs.push(dir);
    const file = path.join(dir, 'verify.sqlite');
    const old = new Database(file);
    applyMigrations(old, VERIFY_MIGRATIONS.filter((m) => m.version <= 3));
    const insert = old.prepare(`INSERT INTO verified_contract (chain_id, address, verification_id, name, compiled_path, compiler_version, runtime_match,
      creation_match, library_map, metadata, creator_tx_hash, verified_at) VALUES ('298', ?, ?, 'A', 'A.sol', 'v', 'perfect', NULL, '{}', '{}', NULL, ?)`);
    insert.run(address(1), 'late', '2025-03-01T00:00:00.000Z');
    insert.run(address(2), 'early', '2025-01-01T00:00:00.000Z');
    insert.run(address(3), 'middle', '2025-02-01T00:00:00.000Z');
    old.close();
    const db = openVerifyDb(file);
    const repository = new VerifiedRepository(db);
    expect([1, 2, 3].map((n) => repository.get('298', address(n))?.matchId)).toEqual(['3', '1', '2']);
    expect(repository.save(result({ address: address(4) }), 'new')).toMatchObject({ record: { matchId: '4' } });
    db.close();
  });
});
