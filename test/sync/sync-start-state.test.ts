import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import { FIRST_ACCOUNTS_PAGE } from '../../main/sync/accounts-crawl.ts';
import { SyncCursors, type SyncCursor } from '../../main/sync/sync-cursor.ts';
import { SyncEngine } from '../../main/sync/sync-engine.ts';
import { FIRST_TOKENS_PAGE } from '../../main/sync/tokens-crawl.ts';

// The state a run starts in, read before it has asked the upstream anything (nothing listens on
// port 9; the engine is closed before its first retry). A run resumed between phases used to say
// "following" (shown as "up to date") while it went on crawling tokens.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-sync-start-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function stateAtStart(name: string, cursors: SyncCursor[]): Promise<string> {
  const store = new LedgerStore({ file: path.join(dir, `${name}.sqlite`) });
  const saved = new SyncCursors(store.db);
  for (const cursor of cursors) saved.put(cursor);
  const engine = new SyncEngine({ profile: name, db: store.db, upstreamUrl: 'http://127.0.0.1:9', requestsPerSecond: 0, timeoutMs: 1_000 });
  try {
    engine.start();
    return engine.status().state;
  } finally {
    await engine.close();
    store.close();
  }
}

const done = (phase: SyncCursor['phase']): SyncCursor => ({ phase, nextUrl: null, items: 10, passes: 1, mark: null });

describe('the state a sync run starts in', () => {
  it('is syncing while the accounts crawl is unfinished', async () => {
    expect(await stateAtStart('fresh', [])).toBe('syncing');
    expect(await stateAtStart('accounts', [{ phase: 'accounts', nextUrl: FIRST_ACCOUNTS_PAGE, items: 0, passes: 0, mark: null }])).toBe('syncing');
  });

  it('is syncing when the accounts are through but the tokens or contracts are not', async () => {
    expect(await stateAtStart('tokens', [done('accounts'), { phase: 'tokens', nextUrl: FIRST_TOKENS_PAGE, items: 100, passes: 0, mark: null }])).toBe('syncing');
    expect(await stateAtStart('no-contracts-yet', [done('accounts'), done('tokens')])).toBe('syncing');
  });

  it('is following once every crawl is through', async () => {
    expect(await stateAtStart('through', [done('accounts'), done('tokens'), done('contracts')])).toBe('following');
  });
});
