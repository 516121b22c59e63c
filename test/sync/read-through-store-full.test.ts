import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultMirrorApiConfig } from '../../main/mirror/config.ts';
import { createMirrorApi } from '../../main/mirror/mirror-api.ts';
import { LedgerStore, type SqliteDatabase } from '../../main/mirror/store/ledger-store.ts';
import { UpstreamReadThrough } from '../../main/sync/upstream-read-through.ts';
import { startServe, waitForDemoReady, type ServeProcess } from '../helpers/serve-process.ts';
import { compareUrls, httpGet, type Get } from './compare-mirrors.ts';

// A synced store on a full disk, as far as SQLite can tell: it may not grow by a page (PRAGMA
// max_page_count, which makes a write that needs one fail with SQLite's own SQLITE_FULL, "database
// or disk is full"), and the pages where a looked-up account and kept answers would go are filled.
// The upstream is a real second Mirrordesk serving its demo ledger; the local mirror API answers
// on a loopback port of its own.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-read-through-full-'));
let upstream: ServeProcess;
let remote: Get;
beforeAll(async () => {
  upstream = await startServe(['--data-dir', path.join(dir, 'upstream'), '--demo-accounts', '1200']);
  await waitForDemoReady(upstream.urls.get('ui')!);
  remote = httpGet(upstream.urls.get('mirror')!);
}, 60_000);
afterAll(async () => {
  await upstream?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const FILLER = 'filler:';

/** Runs `insert` until SQLite refuses a page `refusals` times in a row (keys on random pages need many tries). */
function fillUntilRefused(insert: (i: number) => void, refusals: number): void {
  for (let i = 0, refused = 0; refused < refusals; i++) {
    try {
      insert(i);
      refused = 0;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_FULL') throw error;
      refused += 1;
    }
  }
}

/**
 * No room for another page, and none in the pages the lookup of account `num` (entity rows are in
 * id order: the ones just above it fill its page) and kept answers (random keys) would write to.
 */
function fillDisk(db: SqliteDatabase, num: number): void {
  db.exec('VACUUM');
  db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
  const entity = db.prepare("INSERT INTO entity (id, num, realm, shard, timestamp_range_lower, type) VALUES (?, ?, 0, 0, 0, 'ACCOUNT')");
  fillUntilRefused((i) => entity.run(num + 1 + i, num + 1 + i), 1);
  const answer = db.prepare('INSERT INTO upstream_answer (path, body, stored_at) VALUES (?, ?, 0)');
  fillUntilRefused(() => answer.run(`${FILLER}${randomUUID()}`, 'x'), 200);
}

const keptAnswers = (db: SqliteDatabase) => db.prepare('SELECT path FROM upstream_answer WHERE path NOT LIKE ? ORDER BY path').pluck().all(`${FILLER}%`) as string[];

describe('a synced store on a full disk', () => {
  it("serves what the upstream relays without keeping it, says the disk is full where only the store could answer, and keeps both once there is room", async () => {
    const store = new LedgerStore({ file: path.join(dir, 'local.sqlite') });
    const logged: string[] = [];
    const readThrough = new UpstreamReadThrough({ db: store.db, upstreamUrl: upstream.urls.get('mirror')!, requestsPerSecond: 0, log: (line) => logged.push(line) });
    const api = createMirrorApi(store, defaultMirrorApiConfig, false, { readThrough });
    await api.server.listen({ port: 0, host: '127.0.0.1' });
    const local = httpGet(`http://127.0.0.1:${(api.server.server.address() as AddressInfo).port}`);
    try {
      const accounts = JSON.parse((await remote('/api/v1/accounts?limit=1&order=desc')).body) as { accounts: Array<{ account: string }> };
      const account = accounts.accounts[0]!.account;
      const nftTokens = JSON.parse((await remote('/api/v1/tokens?type=NON_FUNGIBLE_UNIQUE&limit=1')).body) as { tokens: Array<{ token_id: string }> };
      const relayed = [
        '/api/v1/network/exchangerate', '/api/v1/network/fees', '/api/v1/schedules?limit=5',
        `/api/v1/tokens/${nftTokens.tokens[0]!.token_id}/nfts?limit=5`, `/api/v1/accounts/${account}/allowances/crypto`,
      ];
      fillDisk(store.db, Number(account.split('.')[2]));

      // What the upstream relays is served as it answers, and nothing of it is kept.
      expect(await compareUrls(remote, local, relayed)).toEqual([]);
      expect(keptAnswers(store.db)).toEqual([]);
      // The account is answered from the store, which cannot take it: 503 saying so, not "Service unavailable".
      const missing = await local(`/api/v1/accounts/${account}`);
      expect(missing.status).toBe(503);
      const escaped = dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      expect((JSON.parse(missing.body) as { _status: { messages: Array<{ message: string }> } })._status.messages).toEqual([{
        message: expect.stringMatching(new RegExp(`^The local store cannot grow: the disk is full \\(\\d+(\\.\\d)? [KMG]iB free in ${escaped}\\), so it cannot take this account from the upstream; free some space on that disk and ask again$`)),
      }]);
      // Said in the log once for the lot, not per request.
      expect(logged).toEqual([expect.stringMatching(/^read-through: the local store cannot grow: the disk is full \(.+\); answers from the upstream are served but not kept/)]);

      // Room again: the account is stored and answered, the relayed answers kept.
      store.db.pragma('max_page_count = 1073741823');
      expect(await compareUrls(remote, local, [`/api/v1/accounts/${account}?transactions=false`, ...relayed])).toEqual([]);
      expect(keptAnswers(store.db)).toEqual([...relayed].sort());
    } finally {
      await api.server.close();
      readThrough.close();
      store.close();
    }
  }, 60_000);
});
