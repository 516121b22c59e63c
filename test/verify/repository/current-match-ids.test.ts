import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqliteDatabase } from '../../../main/mirror/store/ledger-store.ts';
import type { CodeNow, CodeNowReader } from '../../../main/verify/chain/code-now.ts';
import { runtimeCodeHashOf } from '../../../main/verify/engine/runtime-code-hash.ts';
import type { VerificationResult } from '../../../main/verify/engine/verification-result.ts';
import { RepositoryListing, type ChainListing, type ListedMatch } from '../../../main/verify/repository/repository-listing.ts';
import { NEWEST_MATCH_IDS_SQL, VerifiedRepository } from '../../../main/verify/repository/verified-repository.ts';
import { openVerifyDb } from '../../../main/verify/store/verify-db.ts';
import { tempDir } from '../verify-fixture.ts';

// What counts on a chain read over the network (a --chain-rpc chain) is each address's newest
// verification: found in one SQL query, with the chain's remoteness asked of the code reader once.
// Pinned against the per-address path (the one a local chain takes, here told every address is
// `remote`, as the listing did before) on a real verify.sqlite with several codes per address.

const CODE = { X: '0x6080aa', Y: '0x6080bb', Z: '0x6080cc', W: '0x6080dd' } as const;
const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
const A1 = address(1);
const A2 = address(2);
const A3 = address(3);
const A4 = address(4);

/** Every address answered `remote`, one by one: the path the listing of a remote chain took before. */
const ONE_BY_ONE: CodeNowReader = { codeNow: () => ({ kind: 'remote' }), isRemote: () => false };

let dir: string;
let db: SqliteDatabase;

/**
 * Saves in this order (match ids 1 to 10), through the repository's own API, each code under its
 * own key: saved with that code at the address, which no other stored code's verification is.
 * Dates out of save order, and ties of verified_at broken by the match id.
 */
function buildStore(): void {
  let code: CodeNow = { kind: 'unreadable' };
  const repository = new VerifiedRepository(db, { codeNow: () => code, isRemote: () => false });
  const save = (chainId: string, at: string, day: string, runtimeCode: string | null, perfect: boolean, id: string) => {
    code = runtimeCode === null ? { kind: 'unreadable' } : { kind: 'code', runtimeCode };
    const result: VerificationResult = {
      chainId, address: at, runtimeMatch: perfect ? 'perfect' : 'partial', creationMatch: null, status: perfect ? 'perfect' : 'partial', libraryMap: {},
      name: id, compiledPath: `${id}.sol`, compilerVersion: '0.8.37+commit.f401782d', sources: { [`${id}.sol`]: `contract C${id} {}` }, metadata: '{}',
      creatorTxHash: null, constructorArguments: null, runtimeCodeHash: runtimeCode === null ? undefined : runtimeCodeHashOf(runtimeCode),
    };
    expect(repository.save(result, id, new Date(`2026-${day}T00:00:00.000Z`))).toMatchObject({ stored: true });
  };
  save('298', A1, '01-01', CODE.X, false, 'a1x'); // 1
  save('298', A1, '01-03', CODE.Y, true, 'a1y'); // 2: A1's newest
  save('298', A1, '01-02', CODE.Z, true, 'a1z'); // 3: saved last, verified earlier
  save('298', A2, '01-05', null, true, 'a2legacy'); // 4: kept without its code's hash
  save('298', A2, '01-05', CODE.X, false, 'a2x'); // 5: A2's newest, by match id at the same time
  save('298', A3, '01-04', CODE.X, true, 'a3x'); // 6
  save('298', A4, '01-06', CODE.X, true, 'a4x'); // 7
  save('298', A4, '01-06', CODE.Y, false, 'a4y'); // 8: A4's newest, by match id at the same time
  save('298', A4, '01-02', CODE.Z, true, 'a4z'); // 9
  save('296', A1, '02-01', CODE.W, true, 'other chain'); // 10: newer than all of 298's, on another chain
}

beforeAll(() => {
  dir = tempDir();
  db = openVerifyDb(path.join(dir, 'verify.sqlite'));
  buildStore();
});
afterAll(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A reader of a chain over the network, counting what it is asked. */
function remoteReader() {
  const asked = { isRemote: 0, codeNow: 0 };
  const reader: CodeNowReader = {
    codeNow: () => {
      asked.codeNow++;
      return { kind: 'remote' };
    },
    isRemote: () => {
      asked.isRemote++;
      return true;
    },
  };
  return { reader, asked };
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe('the verifications that count on a chain read over the network', () => {
  it('are each address\'s newest, the same ids as address by address, and only the chain\'s', () => {
    const { reader } = remoteReader();
    const inSql = new VerifiedRepository(db, reader).currentMatchIds('298');
    expect(sorted(inSql)).toEqual([2, 5, 6, 8]);
    expect(sorted(inSql)).toEqual(sorted(new VerifiedRepository(db, ONE_BY_ONE).currentMatchIds('298')));
    const lookedUp = [A1, A2, A3, A4].map((at) => Number(new VerifiedRepository(db, reader).get('298', at)?.matchId));
    expect(sorted(inSql)).toEqual(sorted(lookedUp));
    expect(new VerifiedRepository(db, reader).currentMatchIds('296')).toEqual([10]);
    expect(new VerifiedRepository(db, reader).currentMatchIds('1')).toEqual([]);
  });

  it('ask the code reader once whether the chain is remote, and read no code', () => {
    const { reader, asked } = remoteReader();
    const chain = new RepositoryListing(db, (chainId) => new VerifiedRepository(db, reader).currentMatchIds(chainId)).chain('298');
    expect(chain.counts()).toEqual({ full: 2, partial: 2 });
    expect(asked).toEqual({ isRemote: 1, codeNow: 0 });
  });

  it('give the same counts and pages as the listing made address by address', () => {
    const listingOver = (reader: CodeNowReader): ChainListing => new RepositoryListing(db, (chainId) => new VerifiedRepository(db, reader).currentMatchIds(chainId)).chain('298');
    const inSql = listingOver(remoteReader().reader);
    const oneByOne = listingOver(ONE_BY_ONE);
    expect(inSql.counts()).toEqual(oneByOne.counts());
    for (const match of ['full_match', 'partial_match', 'any_match'] as ListedMatch[]) {
      for (const descending of [false, true]) {
        for (const offset of [0, 1, 2, 3, 4]) {
          const page = { offset, limit: 2, descending };
          expect(inSql.addresses(match, page), `${match} ${JSON.stringify(page)}`).toEqual(oneByOne.addresses(match, page));
        }
      }
    }
    for (const descending of [false, true]) {
      for (const afterMatchId of [null, 2, 5, 6, 8, 9]) {
        const page = { limit: 2, descending, afterMatchId };
        expect(inSql.matches(page), JSON.stringify(page)).toEqual(oneByOne.matches(page));
      }
    }
    expect(inSql.addresses('any_match', { offset: 0, limit: 10 })).toEqual([A1, A3, A2, A4]);
    expect(inSql.matches({ limit: 10, descending: false, afterMatchId: null }).map((m) => m.matchId)).toEqual(['2', '5', '6', '8']);
  });

  it('are found through the primary key, each address\'s few rows sorted, never the whole table', () => {
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${NEWEST_MATCH_IDS_SQL}`).all('298') as Array<{ detail: string }>).map((row) => row.detail).join('\n');
    expect(plan).toMatch(/SEARCH verified_contract USING PRIMARY KEY \(chain_id=\?\)/);
    expect(plan).not.toMatch(/SCAN verified_contract/);
    expect(plan).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
  });
});
