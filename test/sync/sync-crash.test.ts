import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callBridge, startServe, waitForDemoReady, type ServeProcess } from '../helpers/serve-process.ts';
import { comparePages, httpGet } from './compare-mirrors.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-sync-crash-'));
const running: ServeProcess[] = [];
let upstream: ServeProcess;
beforeAll(async () => {
  upstream = await startServe(['--data-dir', path.join(dir, 'upstream'), '--demo-accounts', '1500']);
  running.push(upstream);
  await waitForDemoReady(upstream.urls.get('ui')!);
});
afterAll(async () => {
  for (const serve of running) serve.child.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

/** `serve --network custom` syncing from the upstream into `dataDir`. */
async function startSyncing(dataDir: string, rate: number): Promise<ServeProcess> {
  const serve = await startServe(['--data-dir', dataDir, '--network', 'custom', '--upstream-mirror', upstream.urls.get('mirror')!, '--sync-rate', String(rate)]);
  running.push(serve);
  return serve;
}

async function waitUntilCaughtUp(serve: ServeProcess): Promise<void> {
  for (;;) {
    const { value } = await callBridge(serve.urls.get('ui')!, 'sync/status');
    if (value.state === 'following' && value.completedPasses >= 1) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Resolves once the accounts crawl into `dataDir` has committed a page but not the last one. */
async function accountsPartlyStored(dataDir: string): Promise<void> {
  for (;;) {
    const file = fs.existsSync(dataDir) ? fs.readdirSync(dataDir).find((name) => /^custom-[0-9a-f]{12}\.sqlite$/.test(name)) : undefined;
    if (file) {
      const db = new Database(path.join(dataDir, file), { readonly: true, fileMustExist: true });
      try {
        const items = db.prepare("SELECT items FROM sync_cursor WHERE phase = 'accounts'").pluck().get() as number | undefined;
        if (items !== undefined && items > 0 && items < 1500) return;
        if (items !== undefined && items >= 1500) throw new Error('the accounts crawl finished before a kill could land in it');
      } catch (error) {
        // The schema may not be there yet (the store is being created): look again.
        if (!(error instanceof Error) || !/no such table/.test(error.message)) throw error;
      } finally {
        db.close();
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function databaseOf(dataDir: string): string {
  return path.join(dataDir, fs.readdirSync(dataDir).find((name) => /^custom-[0-9a-f]{12}\.sqlite$/.test(name))!);
}

/** Every synced row, hashed per table: equal digests mean equal stores. */
function digest(file: string): Record<string, string> {
  const db = new Database(file, { readonly: true });
  const hash = (sql: string) => createHash('sha256').update(JSON.stringify(db.prepare(sql).raw().all(), (_k, v) => (typeof v === 'bigint' ? v.toString() : v))).digest('hex');
  db.defaultSafeIntegers(true);
  const result = {
    entity: hash('SELECT * FROM entity ORDER BY id'),
    entity_stake: hash('SELECT * FROM entity_stake ORDER BY id'),
    token_account: hash('SELECT * FROM token_account ORDER BY account_id, token_id'),
    token: hash('SELECT * FROM token ORDER BY token_id'),
    custom_fee: hash('SELECT * FROM custom_fee ORDER BY entity_id'),
    contract: hash('SELECT * FROM contract ORDER BY id'),
    cursors: hash("SELECT phase, next_url, items, passes FROM sync_cursor WHERE phase IN ('accounts', 'tokens', 'contracts') ORDER BY phase"),
  };
  db.close();
  return result;
}

describe('sync killed with SIGKILL at random points', () => {
  it('resumes after each kill and ends with the same store as an uninterrupted run', async () => {
    const reference = await startSyncing(path.join(dir, 'reference'), 0);
    await waitUntilCaughtUp(reference);
    await reference.stop();

    const crashed = path.join(dir, 'crashed');
    const seed = Date.now() % 10_000;
    let state = seed;
    const killedAt: number[] = [];
    const random = () => ((state = (state * 16807) % 2147483647) / 2147483647);
    for (let kill = 0; kill < 3; kill++) {
      const serve = await startSyncing(crashed, 40);
      // The first kill lands as soon as part of the accounts is stored, so at least one kill is
      // mid-crawl however long the start-up took; the others at random times after it.
      if (kill === 0) await accountsPartlyStored(crashed);
      else await new Promise((resolve) => setTimeout(resolve, 200 + random() * 1000));
      serve.child.kill('SIGKILL');
      await serve.exit;
      // Pages and cursors commit together: the store holds exactly the accounts the cursor counts.
      const db = new Database(databaseOf(crashed), { readonly: true });
      const items = (phase: string) => (db.prepare('SELECT items FROM sync_cursor WHERE phase = ?').pluck().get(phase) as number | undefined) ?? 0;
      const entities = db.prepare("SELECT count(*) FROM entity WHERE type != 'TOKEN'").pluck().get() as number;
      const tokens = db.prepare('SELECT count(*) FROM token').pluck().get() as number;
      const accountsItems = items('accounts');
      const tokensItems = items('tokens');
      db.close();
      expect(entities, `seed ${seed}, kill ${kill}`).toBe(accountsItems);
      expect(tokens, `seed ${seed}, kill ${kill}`).toBe(tokensItems);
      killedAt.push(entities);
    }
    // The kills landed in the middle of the crawl, not before or after it.
    expect(killedAt.some((n) => n > 0 && n < 1500), `stored when killed: ${killedAt.join(', ')}`).toBe(true);
    const resumed = await startSyncing(crashed, 0);
    await waitUntilCaughtUp(resumed);
    const { pages, differences } = await comparePages(httpGet(upstream.urls.get('mirror')!), httpGet(resumed.urls.get('mirror')!));
    expect(pages).toBeGreaterThan(50);
    expect(differences).toEqual([]);
    await resumed.stop();

    expect(digest(databaseOf(crashed)), `seed ${seed}`).toEqual(digest(databaseOf(path.join(dir, 'reference'))));
  }, 240_000);
});
