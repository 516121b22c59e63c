import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyMigrations } from '../../../main/mirror/store/ledger-store.ts';
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
