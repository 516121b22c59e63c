import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { afterEach, describe, expect, it } from 'vitest';
import { applyMigrations } from '../../../main/mirror/store/ledger-store.ts';
import { VerifiedRepository } from '../../../main/verify/repository/verified-repository.ts';
import { openVerifyDb } from '../../../main/verify/store/verify-db.ts';
import { VERIFY_MIGRATIONS } from '../../../main/verify/store/verify-migrations.ts';
import { tempDir } from '../verify-fixture.ts';

// The verified repository's sources found by the keccak256 a metadata names them by, including
// those of a file written before the hashes were kept (migration 6), on a real SQLite file.

const ADDRESS = `0x${'ab'.repeat(20)}`;
const LIBRARY = '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\nlibrary Lib { function one() internal pure returns (uint256) { return 1; } }\n';
const keccak = (text: string) => `0x${Buffer.from(keccak_256(Buffer.from(text, 'utf8'))).toString('hex')}`;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('VerifiedRepository as known sources', () => {
  it('finds a source stored before its hash was kept, and a contract of then has no immutable references', () => {
    const dir = tempDir();
    dirs.push(dir);
    const file = path.join(dir, 'verify.sqlite');
    const old = new Database(file);
    applyMigrations(old, VERIFY_MIGRATIONS.filter((m) => m.version <= 5));
    old.prepare(`INSERT INTO verified_contract (chain_id, address, verification_id, match_id, name, compiled_path, compiler_version, runtime_match,
      creation_match, library_map, metadata, creator_tx_hash, verified_at) VALUES ('298', ?, 'v1', 1, 'A', 'A.sol', 'v', 'perfect', NULL, '{}', '{}', NULL, 'then')`).run(ADDRESS);
    old.prepare("INSERT INTO verified_file (chain_id, address, path, content) VALUES ('298', ?, 'contracts/Lib.sol', ?)").run(ADDRESS, LIBRARY);
    old.close();

    const db = openVerifyDb(file);
    const repository = new VerifiedRepository(db);
    expect(repository.sourceByKeccak256(keccak(LIBRARY))).toBe(LIBRARY);
    expect(repository.sourceByKeccak256(keccak(LIBRARY).toUpperCase().replace('0X', '0x'))).toBe(LIBRARY);
    expect(repository.sourceByKeccak256(keccak(`${LIBRARY} `))).toBeNull();
    expect(repository.get('298', ADDRESS)).toMatchObject({ name: 'A', immutableReferences: null });
    // Found through the index, not by reading every source.
    const plan = db.prepare('EXPLAIN QUERY PLAN SELECT content FROM verified_file WHERE keccak256 = ? LIMIT 1').all('0x') as Array<{ detail: string }>;
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/USING INDEX verified_file__keccak256/);
    db.close();
  });

  it('opens with no write once every source is hashed: a read-only connection to such a file is enough', () => {
    const dir = tempDir();
    dirs.push(dir);
    const file = path.join(dir, 'verify.sqlite');
    const old = new Database(file);
    applyMigrations(old, VERIFY_MIGRATIONS.filter((m) => m.version <= 5));
    old.prepare("INSERT INTO verified_file (chain_id, address, path, content) VALUES ('298', ?, 'contracts/Lib.sol', ?)").run(ADDRESS, LIBRARY);
    old.close();
    // The first start hashes the source stored before; every later one finds nothing to hash.
    const first = openVerifyDb(file);
    new VerifiedRepository(first);
    first.close();

    // SQLite refuses any write statement here, an UPDATE that would change no row included.
    const readOnly = new Database(file, { readonly: true });
    const repository = new VerifiedRepository(readOnly);
    expect(repository.sourceByKeccak256(keccak(LIBRARY))).toBe(LIBRARY);
    readOnly.close();
  });

  it('hashes the sources stored before inside SQLite, never reading them all into memory at once', () => {
    const dir = tempDir();
    dirs.push(dir);
    const file = path.join(dir, 'verify.sqlite');
    const old = new Database(file);
    applyMigrations(old, VERIFY_MIGRATIONS.filter((m) => m.version <= 5));
    const insert = old.prepare("INSERT INTO verified_file (chain_id, address, path, content) VALUES ('298', ?, ?, ?)");
    const sources = Array.from({ length: 50 }, (_, i) => `${LIBRARY}// ${i}\n`);
    sources.forEach((source, i) => insert.run(ADDRESS, `contracts/Lib${i}.sol`, source));
    old.close();

    const db = openVerifyDb(file);
    // Any statement reading sources and asked for all its rows at once fails the test.
    const readsAll: string[] = [];
    const watched = new Proxy(db, {
      get(target, key) {
        if (key !== 'prepare') return Reflect.get(target, key, target);
        return (sql: string) => {
          const statement = target.prepare(sql);
          if (/SELECT[\s\S]*\bcontent\b/i.test(sql)) {
            const all = statement.all.bind(statement);
            statement.all = ((...args: unknown[]) => {
              readsAll.push(sql);
              return all(...args);
            }) as typeof statement.all;
          }
          return statement;
        };
      },
    });
    const repository = new VerifiedRepository(watched);
    expect(readsAll).toEqual([]);
    for (const source of sources) expect(repository.sourceByKeccak256(keccak(source))).toBe(source);
    expect((db.prepare('SELECT COUNT(*) AS n FROM verified_file WHERE keccak256 IS NULL').get() as { n: number }).n).toBe(0);
    db.close();
  });
});
