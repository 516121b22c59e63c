import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyMigrations } from '../../../main/mirror/store/ledger-store.ts';
import { RepositoryListing } from '../../../main/verify/repository/repository-listing.ts';
import { VerifiedRepository } from '../../../main/verify/repository/verified-repository.ts';
import { openVerifyDb } from '../../../main/verify/store/verify-db.ts';
import { VERIFY_MIGRATIONS } from '../../../main/verify/store/verify-migrations.ts';
import type { CodeNow } from '../../../main/verify/chain/code-now.ts';
import { runtimeCodeHashOf } from '../../../main/verify/engine/runtime-code-hash.ts';
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

describe('the narrow reads of the contract page\'s Source tab', () => {
  it('lists the sources with their sizes in UTF-8 bytes, and reads one source by its path', () => {
    const dir = tempDir();
    dirs.push(dir);
    const db = openVerifyDb(path.join(dir, 'verify.sqlite'));
    const repository = new VerifiedRepository(db);
    // Two- three- and four-byte characters, and a NUL, which SQLite's length() of text would stop at.
    const wide = '// Grüße ✓ 𝄞 \u0000\ncontract A {}';
    const sources = { 'A.sol': wide, 'lib/B.sol': 'library B {}' };
    repository.save(result({ sources, metadata: '{"m":1}' }), 'v1');
    const sizes = repository.sourceSizes('298', ADDRESS);
    expect(sizes?.sources).toEqual([{ path: 'A.sol', bytes: Buffer.byteLength(wide, 'utf8') }, { path: 'lib/B.sol', bytes: 12 }]);
    expect(Buffer.byteLength(wide, 'utf8')).toBeGreaterThan(wide.length);
    expect(sizes?.record).toMatchObject({ name: 'A', status: 'perfect', metadata: '{"m":1}' });
    expect(JSON.stringify(sizes)).not.toContain('contract A');
    expect(repository.sourceContent('298', ADDRESS, 'A.sol')).toMatchObject({ record: { name: 'A' }, content: wide });
    expect(repository.sourceContent('298', ADDRESS, 'lib/B.sol')?.content).toBe('library B {}');
    expect(repository.sourceContent('298', ADDRESS, 'C.sol')).toMatchObject({ record: { name: 'A' }, content: null });
    const unverified = `0x${'cd'.repeat(20)}`;
    expect(repository.sourceSizes('298', unverified)).toBeNull();
    expect(repository.sourceContent('298', unverified, 'A.sol')).toBeNull();
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
    expect(ids(listing.chain('298').matches({ limit: 200, descending: true, afterMatchId: null }))).toEqual(['5', '4', '3', '2', '1']);
    expect(ids(listing.chain('298').matches({ limit: 2, descending: true, afterMatchId: 4 }))).toEqual(['3', '2']);
    expect(ids(listing.chain('298').matches({ limit: 2, descending: false, afterMatchId: 1 }))).toEqual(['2', '3']);
    expect(ids(listing.chain('298').matches({ limit: 10, descending: false, afterMatchId: 5 }))).toEqual([]);
    expect(listing.chain('296').matches({ limit: 10, descending: true, afterMatchId: null })).toEqual([
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

describe('verifications of one address on ledgers of one chain id (other code there)', () => {
  // Two ledgers of chain 298 (the demo and a local node, say) with other contracts at one address.
  const CODE_X = '0x6080aa';
  const CODE_Y = '0x6080bb';
  let code: CodeNow = { kind: 'code', runtimeCode: CODE_X };
  const openRepository = () => {
    const dir = tempDir();
    dirs.push(dir);
    const db = openVerifyDb(path.join(dir, 'verify.sqlite'));
    const repository = new VerifiedRepository(db, { codeNow: () => code, isRemote: () => false });
    return { db, repository, listing: new RepositoryListing(db, (chainId) => repository.currentMatchIds(chainId)) };
  };
  const of = (name: string, runtimeCode: string, overrides: Partial<VerificationResult> = {}) =>
    result({ name, sources: { [`${name}.sol`]: `contract ${name} {}` }, runtimeCodeHash: runtimeCodeHashOf(runtimeCode), ...overrides });

  it('keeps each code\'s record and files, and reads the one of the code there now, with its match id', () => {
    const { db, repository, listing } = openRepository();
    code = { kind: 'code', runtimeCode: CODE_X };
    const x = repository.save(of('X', CODE_X), 'vx', new Date('2026-01-01T00:00:00Z'));
    code = { kind: 'code', runtimeCode: CODE_Y };
    expect(repository.get('298', ADDRESS)).toBeNull();
    const y = repository.save(of('Y', CODE_Y), 'vy', new Date('2026-01-02T00:00:00Z'));
    expect(y).toMatchObject({ stored: true, record: { name: 'Y', matchId: '2' } });
    expect(repository.files('298', ADDRESS)?.sources).toEqual({ 'Y.sol': 'contract Y {}' });

    code = { kind: 'code', runtimeCode: CODE_X };
    expect(repository.get('298', ADDRESS)).toEqual(x.stored && x.record);
    expect(repository.get('298', ADDRESS)).toMatchObject({ name: 'X', matchId: '1', status: 'perfect' });
    expect(repository.files('298', ADDRESS)?.sources).toEqual({ 'X.sol': 'contract X {}' });
    expect(repository.byAddress(ADDRESS).map((r) => r.name)).toEqual(['X']);
    expect(listing.chain('298').matches({ limit: 10, descending: false, afterMatchId: null }).map((m) => m.matchId)).toEqual(['1']);
    expect(listing.chain('298').counts()).toEqual({ full: 1, partial: 0 });

    code = { kind: 'code', runtimeCode: CODE_Y };
    expect(repository.get('298', ADDRESS)).toMatchObject({ name: 'Y', matchId: '2' });
    expect(listing.chain('298').matches({ limit: 10, descending: false, afterMatchId: null }).map((m) => m.matchId)).toEqual(['2']);
    db.close();
  });

  it('replaces only a record of the same code, and only by a better match', () => {
    const { db, repository } = openRepository();
    code = { kind: 'code', runtimeCode: CODE_X };
    repository.save(of('X', CODE_X, { runtimeMatch: 'partial', creationMatch: null, status: 'partial' }), 'partial');
    code = { kind: 'code', runtimeCode: CODE_Y };
    repository.save(of('Y', CODE_Y), 'vy');
    // A perfect match of Y again is no better: kept. A better match of X replaces X's alone, keeping its id.
    expect(repository.save(of('Y', CODE_Y), 'vy again')).toMatchObject({ stored: false, existing: { verificationId: 'vy' } });
    code = { kind: 'code', runtimeCode: CODE_X };
    expect(repository.save(of('X', CODE_X), 'perfect')).toMatchObject({ stored: true, record: { verificationId: 'perfect', matchId: '1', status: 'perfect' } });
    expect(db.prepare('SELECT COUNT(*) FROM verified_contract').pluck().get()).toBe(2);
    expect(db.prepare('SELECT COUNT(*) FROM verified_file').pluck().get()).toBe(2);
    code = { kind: 'code', runtimeCode: CODE_Y };
    expect(repository.get('298', ADDRESS)).toMatchObject({ name: 'Y', verificationId: 'vy' });
    db.close();
  });

  it('stores a match whose code was not read under the code that counts, leaving a record without a hash alone', () => {
    const { db, repository } = openRepository();
    code = { kind: 'code', runtimeCode: CODE_X };
    // Kept without a hash (its code not read), and not counting here: X's code names no metadata of it.
    repository.save(result({ name: 'Legacy' }), 'legacy');
    repository.save(of('X', CODE_X, { runtimeMatch: 'partial', creationMatch: null, status: 'partial' }), 'vx');
    const creationOnly = repository.save(result({ name: 'C' }), 'vc');
    expect(creationOnly).toMatchObject({ stored: true, record: { name: 'C', matchId: '2', runtimeCodeHash: runtimeCodeHashOf(CODE_X) } });
    expect(db.prepare("SELECT name, match_id FROM verified_contract WHERE runtime_code_sha256 = ''").all()).toEqual([{ name: 'Legacy', match_id: 1 }]);
    expect(repository.get('298', ADDRESS)).toMatchObject({ name: 'C', matchId: '2' });
    db.close();
  });

  it('weighs a match whose code was not read, with none counting, against the record without a hash, not over it', () => {
    const { db, repository } = openRepository();
    code = { kind: 'unreadable' };
    repository.save(result({ name: 'Legacy' }), 'legacy');
    const partial = repository.save(result({ name: 'P', runtimeMatch: 'partial', creationMatch: null, status: 'partial' }), 'vp');
    expect(partial).toMatchObject({ stored: false, existing: { name: 'Legacy', status: 'perfect' } });
    expect(db.prepare('SELECT name FROM verified_contract').pluck().all()).toEqual(['Legacy']);
    db.close();
  });

  it('answers the latest where the code is not read: a chain over the network, an address a synced store lacks', () => {
    const { db, repository, listing } = openRepository();
    code = { kind: 'code', runtimeCode: CODE_X };
    repository.save(of('X', CODE_X), 'vx', new Date('2026-01-01T00:00:00Z'));
    code = { kind: 'code', runtimeCode: CODE_Y };
    repository.save(of('Y', CODE_Y), 'vy', new Date('2026-01-02T00:00:00Z'));
    for (const now of [{ kind: 'remote' }, { kind: 'unknown' }] as const) {
      code = now;
      expect(repository.get('298', ADDRESS)).toMatchObject({ name: 'Y' });
      expect(listing.chain('298').addresses('any_match', { offset: 0, limit: 10 })).toEqual([ADDRESS]);
    }
    code = { kind: 'code', runtimeCode: '0x' };
    expect(repository.get('298', ADDRESS)).toBeNull();
    expect(listing.chain('298').counts()).toEqual({ full: 0, partial: 0 });
    db.close();
  });

  it('opens a schema 7 file with every contract and file carried over, and a new code\'s match beside them', () => {
    const dir = tempDir();
    dirs.push(dir);
    const file = path.join(dir, 'verify.sqlite');
    const old = new Database(file);
    applyMigrations(old, VERIFY_MIGRATIONS.filter((m) => m.version <= 7));
    const insert = old.prepare(`INSERT INTO verified_contract (chain_id, address, verification_id, match_id, name, compiled_path, compiler_version, runtime_match,
      creation_match, library_map, metadata, creator_tx_hash, verified_at, constructor_arguments, immutable_references, runtime_code_sha256)
      VALUES (?, ?, ?, ?, ?, 'A.sol', 'v', 'perfect', 'perfect', '{}', '{}', NULL, ?, '0x', '{"1":[]}', ?)`);
    const other = `0x${'cd'.repeat(20)}`;
    insert.run('298', ADDRESS, 'hashed', 7, 'X', '2026-01-01T00:00:00.000Z', runtimeCodeHashOf(CODE_X));
    insert.run('296', other, 'before hashes', 3, 'Legacy', '2025-01-01T00:00:00.000Z', null);
    const file7 = old.prepare('INSERT INTO verified_file (chain_id, address, path, content, keccak256) VALUES (?, ?, ?, ?, ?)');
    file7.run('298', ADDRESS, 'X.sol', 'contract X {}', '0x01');
    file7.run('298', ADDRESS, 'lib/L.sol', 'library L {}', '0x02');
    file7.run('296', other, 'Legacy.sol', 'contract Legacy {}', '0x03');
    old.close();

    const db = openVerifyDb(file);
    expect(db.pragma('user_version', { simple: true })).toBe(8);
    expect(db.prepare('SELECT chain_id, address, match_id, verification_id, runtime_code_sha256, immutable_references, constructor_arguments FROM verified_contract ORDER BY match_id').all()).toEqual([
      { chain_id: '296', address: other, match_id: 3, verification_id: 'before hashes', runtime_code_sha256: '', immutable_references: '{"1":[]}', constructor_arguments: '0x' },
      { chain_id: '298', address: ADDRESS, match_id: 7, verification_id: 'hashed', runtime_code_sha256: runtimeCodeHashOf(CODE_X), immutable_references: '{"1":[]}', constructor_arguments: '0x' },
    ]);
    expect(db.prepare('SELECT chain_id, path, runtime_code_sha256, keccak256 FROM verified_file ORDER BY keccak256').all()).toEqual([
      { chain_id: '298', path: 'X.sol', runtime_code_sha256: runtimeCodeHashOf(CODE_X), keccak256: '0x01' },
      { chain_id: '298', path: 'lib/L.sol', runtime_code_sha256: runtimeCodeHashOf(CODE_X), keccak256: '0x02' },
      { chain_id: '296', path: 'Legacy.sol', runtime_code_sha256: '', keccak256: '0x03' },
    ]);
    code = { kind: 'code', runtimeCode: CODE_X };
    const repository = new VerifiedRepository(db, { codeNow: () => code, isRemote: () => false });
    expect(repository.get('298', ADDRESS)).toMatchObject({ name: 'X', matchId: '7', runtimeCodeHash: runtimeCodeHashOf(CODE_X) });
    expect(repository.files('298', ADDRESS)?.sources).toEqual({ 'X.sol': 'contract X {}', 'lib/L.sol': 'library L {}' });
    code = { kind: 'remote' };
    expect(repository.get('296', other)).toMatchObject({ name: 'Legacy', matchId: '3', runtimeCodeHash: null });
    expect(repository.files('296', other)?.sources).toEqual({ 'Legacy.sol': 'contract Legacy {}' });
    code = { kind: 'code', runtimeCode: CODE_Y };
    expect(repository.save(of('Y', CODE_Y), 'vy')).toMatchObject({ stored: true, record: { name: 'Y', matchId: '8' } });
    code = { kind: 'code', runtimeCode: CODE_X };
    expect(repository.get('298', ADDRESS)).toMatchObject({ name: 'X', matchId: '7' });
    db.close();
  });
});
