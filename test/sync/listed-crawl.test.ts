import { afterEach, describe, expect, it } from 'vitest';
import { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import { CONTRACTS_LIST, FIRST_CONTRACTS_PAGE } from '../../main/sync/contracts-crawl.ts';
import { crawlListed } from '../../main/sync/listed-crawl.ts';
import { SyncCursors } from '../../main/sync/sync-cursor.ts';
import { FIRST_TOKENS_PAGE, TOKENS_LIST } from '../../main/sync/tokens-crawl.ts';
import { SHORT_PAGE_ATTEMPTS, type ShortPageRetry } from '../../main/sync/list-end.ts';
import { UpstreamClient } from '../../main/sync/upstream-client.ts';
import { UpstreamFormatError } from '../../main/sync/upstream-values.ts';
import { ScriptedUpstreams, tokenInfo as token } from './scripted-upstream.ts';

/**
 * The loop the tokens and contracts crawls share (`crawlListed`), against a scripted upstream
 * on loopback and a real in-memory store: list pages, by-id records, the cursor committed with
 * each page, resuming, and the answers that end a crawl.
 */
const upstreams = new ScriptedUpstreams();
const stores: LedgerStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) store.close();
  await upstreams.closeAll();
});

const SECOND_TOKENS_PAGE = `${FIRST_TOKENS_PAGE}&token.id=gt:0.0.1002`;
/** What the crawl asks to confirm that a page naming no next one ends the list. */
const AFTER_1002 = '/api/v1/tokens?token.id=gt:0.0.1002&limit=1&order=asc';
const AFTER_1003 = '/api/v1/tokens?token.id=gt:0.0.1003&limit=1&order=asc';

/** Answers `routes[path]` (a status and body), 404 otherwise; records every path asked. */
async function upstream(routes: () => Record<string, [number, unknown]>): Promise<{ client: UpstreamClient; asked: string[] }> {
  const asked: string[] = [];
  const baseUrl = await upstreams.start((req, res) => {
    asked.push(req.url!);
    const [status, body] = routes()[req.url!] ?? [404, { _status: { messages: [{ message: 'Not found' }] } }];
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  return { client: new UpstreamClient({ baseUrl, requestsPerSecond: 0, timeoutMs: 2000, backoffBaseMs: 1, backoffCapMs: 5 }), asked };
}

function store(): LedgerStore {
  const opened = new LedgerStore({ file: ':memory:' });
  stores.push(opened);
  return opened;
}

/** The fault the crawl finds in the answer to `url`, which it names (the sync's error says it). */
const inAnswer = (url: string, message: string) => Object.assign(new UpstreamFormatError(message), { url });

const storedTokens = (db: LedgerStore['db']) => db.prepare('SELECT token_id FROM token ORDER BY token_id').pluck().all();

describe('crawlListed (tokens and contracts)', () => {
  it('stores each listed token\'s by-id record, skips one gone meanwhile, and resumes after the last committed page', async () => {
    let secondPageBroken = true;
    const { client, asked } = await upstream(() => ({
      [FIRST_TOKENS_PAGE]: [200, { tokens: [{ token_id: '0.0.1001' }, { token_id: '0.0.1002' }], links: { next: SECOND_TOKENS_PAGE } }],
      // A 4xx other than 404/429 is not retried: the crawl stops with what it committed.
      [SECOND_TOKENS_PAGE]: secondPageBroken ? [400, { _status: { messages: [{ message: 'bad' }] } }] : [200, { tokens: [{ token_id: '0.0.1003' }], links: { next: null } }],
      // Asked before the pass ends: nothing follows the last token.
      [AFTER_1003]: [200, { tokens: [], links: { next: null } }],
      '/api/v1/tokens/0.0.1001': [200, token(1001)],
      '/api/v1/tokens/0.0.1003': [200, token(1003)],
    }));
    const { db } = store();
    const pages: number[] = [];
    const context = { client, db, signal: new AbortController().signal, onPage: ({ items }: { items: number }) => pages.push(items) };

    await expect(crawlListed(TOKENS_LIST, context)).rejects.toThrow(/HTTP 400/);
    expect(storedTokens(db)).toEqual([1001]);
    expect(new SyncCursors(db).get('tokens')).toEqual({ phase: 'tokens', nextUrl: SECOND_TOKENS_PAGE, items: 1, passes: 0, mark: null, since: null });
    expect(pages).toEqual([1]);

    secondPageBroken = false;
    asked.length = 0;
    expect(await crawlListed(TOKENS_LIST, context)).toBe('done');
    expect(asked).toEqual([SECOND_TOKENS_PAGE, AFTER_1003, '/api/v1/tokens/0.0.1003']);
    expect(storedTokens(db)).toEqual([1001, 1003]);
    expect(new SyncCursors(db).get('tokens')).toEqual({ phase: 'tokens', nextUrl: null, items: 2, passes: 1, mark: null, since: null });
    expect(pages).toEqual([1, 1]);

    // A complete pass asks nothing more.
    asked.length = 0;
    expect(await crawlListed(TOKENS_LIST, context)).toBe('done');
    expect(asked).toEqual([]);
  });

  it('resolves unsupported, storing nothing, when the upstream has no such list', async () => {
    const { client, asked } = await upstream(() => ({}));
    const { db } = store();
    expect(await crawlListed(CONTRACTS_LIST, { client, db, signal: new AbortController().signal })).toBe('unsupported');
    expect(asked).toEqual([FIRST_CONTRACTS_PAGE]);
    expect(new SyncCursors(db).get('contracts')).toBeNull();
  });

  it('asks again for a page that ended the list early, and ends the pass only once nothing follows', async () => {
    // The second page comes back empty, as if the list ended there, twice; the upstream lists a token after 0.0.1002 all along.
    const secondPageAsked = () => asked.filter((url) => url === SECOND_TOKENS_PAGE).length;
    const { client, asked } = await upstream(() => ({
      [FIRST_TOKENS_PAGE]: [200, { tokens: [{ token_id: '0.0.1001' }, { token_id: '0.0.1002' }], links: { next: SECOND_TOKENS_PAGE } }],
      [SECOND_TOKENS_PAGE]: secondPageAsked() <= 2 ? [200, { tokens: [], links: { next: null } }] : [200, { tokens: [{ token_id: '0.0.1003' }], links: { next: null } }],
      [AFTER_1002]: [200, { tokens: [{ token_id: '0.0.1003' }], links: { next: null } }],
      [AFTER_1003]: [200, { tokens: [], links: { next: null } }],
      '/api/v1/tokens/0.0.1001': [200, token(1001)],
      '/api/v1/tokens/0.0.1002': [200, token(1002)],
      '/api/v1/tokens/0.0.1003': [200, token(1003)],
    }));
    const { db } = store();
    // Each ask again is said, with when it is due; the page coming whole (as every page that does) says it is over.
    const said: string[] = [];
    const context = {
      client, db, signal: new AbortController().signal, shortPageBackoff: { baseMs: 1, capMs: 5 },
      onShortPage: ({ message, retryAt }: ShortPageRetry) => said.push(`${message} (due in ${retryAt - Date.now() <= 5 ? 'ms' : 'longer'})`),
      onPageWhole: () => said.push('whole'),
    };
    expect(await crawlListed(TOKENS_LIST, context)).toBe('done');
    expect(asked.filter((url) => !/\/tokens\/0\.0\.\d+$/.test(url))).toEqual([
      FIRST_TOKENS_PAGE, SECOND_TOKENS_PAGE, AFTER_1002, SECOND_TOKENS_PAGE, AFTER_1002, SECOND_TOKENS_PAGE, AFTER_1003,
    ]);
    expect(said).toEqual([
      'whole',
      `the upstream's tokens page ${SECOND_TOKENS_PAGE} ended the list, yet it lists 0.0.1003 after 0.0.1002; it is asked for again, up to ${SHORT_PAGE_ATTEMPTS} times in all (due in ms)`,
      `the upstream's tokens page ${SECOND_TOKENS_PAGE} ended the list 2 times in a row, yet it lists 0.0.1003 after 0.0.1002; it is asked for again, up to ${SHORT_PAGE_ATTEMPTS} times in all (due in ms)`,
      'whole',
    ]);
    expect(storedTokens(db)).toEqual([1001, 1002, 1003]);
    expect(new SyncCursors(db).get('tokens')).toEqual({ phase: 'tokens', nextUrl: null, items: 3, passes: 1, mark: null, since: null });
  });

  it('fails, naming the page, when the upstream keeps ending the list early; the cursor stays at that page', async () => {
    const { client, asked } = await upstream(() => ({
      [FIRST_CONTRACTS_PAGE]: [200, { contracts: [], links: { next: null } }],
      '/api/v1/contracts?limit=1&order=asc': [200, { contracts: [{ contract_id: '0.0.2001' }], links: { next: null } }],
    }));
    const { db } = store();
    const context = { client, db, signal: new AbortController().signal, shortPageBackoff: { baseMs: 1, capMs: 5 } };
    await expect(crawlListed(CONTRACTS_LIST, context)).rejects.toThrow(
      new UpstreamFormatError(`the upstream's contracts page ${FIRST_CONTRACTS_PAGE} ended the list ${SHORT_PAGE_ATTEMPTS} times in a row, yet it lists 0.0.2001 after the start`));
    expect(asked.filter((url) => url === FIRST_CONTRACTS_PAGE)).toHaveLength(SHORT_PAGE_ATTEMPTS);
    expect(new SyncCursors(db).get('contracts')).toBeNull();
  });

  it('takes a page\'s end as it is when the upstream refuses to say what follows', async () => {
    const { client, asked } = await upstream(() => ({ [FIRST_CONTRACTS_PAGE]: [200, { contracts: [], links: { next: null } }] }));
    const { db } = store();
    expect(await crawlListed(CONTRACTS_LIST, { client, db, signal: new AbortController().signal })).toBe('done');
    expect(asked).toEqual([FIRST_CONTRACTS_PAGE, '/api/v1/contracts?limit=1&order=asc']);
    expect(new SyncCursors(db).get('contracts')).toMatchObject({ nextUrl: null, passes: 1 });
  });

  it('refuses a page without links as malformed, not as the end of the list', async () => {
    const { client } = await upstream(() => ({ [FIRST_TOKENS_PAGE]: [200, { tokens: [] }] }));
    const { db } = store();
    await expect(crawlListed(TOKENS_LIST, { client, db, signal: new AbortController().signal }))
      .rejects.toThrow(inAnswer(`${client.baseUrl}${FIRST_TOKENS_PAGE}`, `the page ${FIRST_TOKENS_PAGE} has no "links" object`));
    expect(new SyncCursors(db).get('tokens')).toBeNull();
  });

  it('refuses a next link back to a page read before, leaving the cursor at the page that named it', async () => {
    const { client, asked } = await upstream(() => ({
      [FIRST_TOKENS_PAGE]: [200, { tokens: [{ token_id: '0.0.1001' }, { token_id: '0.0.1002' }], links: { next: SECOND_TOKENS_PAGE } }],
      // The second page names the first again: followed, the crawl would go round the two for good.
      [SECOND_TOKENS_PAGE]: [200, { tokens: [{ token_id: '0.0.1003' }], links: { next: FIRST_TOKENS_PAGE } }],
      '/api/v1/tokens/0.0.1001': [200, token(1001)],
      '/api/v1/tokens/0.0.1002': [200, token(1002)],
      '/api/v1/tokens/0.0.1003': [200, token(1003)],
    }));
    const { db } = store();
    await expect(crawlListed(TOKENS_LIST, { client, db, signal: new AbortController().signal }))
      .rejects.toThrow(`the upstream's next link after ${SECOND_TOKENS_PAGE} leads back to a page at or before it (${FIRST_TOKENS_PAGE})`);
    expect(asked.filter((url) => !url.startsWith('/api/v1/tokens/'))).toEqual([FIRST_TOKENS_PAGE, SECOND_TOKENS_PAGE]);
    expect(storedTokens(db)).toEqual([1001, 1002]);
    expect(new SyncCursors(db).get('tokens')).toMatchObject({ nextUrl: SECOND_TOKENS_PAGE, items: 2, passes: 0 });
  });

  it('resumed at a page whose next link goes back, refuses it at once each time, without walking (and counting) the pages between again', async () => {
    // A proxy makes the third page link back to the second: each run resumes at the third page, and
    // used to follow the link (it had not read the second page in that run), storing and counting
    // the second and third pages again before the loop closed, run after run.
    const THIRD_TOKENS_PAGE = `${FIRST_TOKENS_PAGE}&token.id=gt:0.0.1003`;
    const AFTER_1004 = '/api/v1/tokens?token.id=gt:0.0.1004&limit=1&order=asc';
    let loopBack = true;
    const { client, asked } = await upstream(() => ({
      [FIRST_TOKENS_PAGE]: [200, { tokens: [{ token_id: '0.0.1001' }, { token_id: '0.0.1002' }], links: { next: SECOND_TOKENS_PAGE } }],
      [SECOND_TOKENS_PAGE]: [200, { tokens: [{ token_id: '0.0.1003' }], links: { next: THIRD_TOKENS_PAGE } }],
      [THIRD_TOKENS_PAGE]: [200, { tokens: [{ token_id: '0.0.1004' }], links: { next: loopBack ? SECOND_TOKENS_PAGE : null } }],
      [AFTER_1004]: [200, { tokens: [], links: { next: null } }],
      ...Object.fromEntries([1001, 1002, 1003, 1004].map((num) => [`/api/v1/tokens/0.0.${num}`, [200, token(num)]])),
    }));
    const { db } = store();
    const context = { client, db, signal: new AbortController().signal };
    const loop = `the upstream's next link after ${THIRD_TOKENS_PAGE} leads back to a page at or before it (${SECOND_TOKENS_PAGE})`;
    // The first run reads the three pages and stops at the third's link; the cursor stays there.
    await expect(crawlListed(TOKENS_LIST, context)).rejects.toThrow(loop);
    expect(new SyncCursors(db).get('tokens')).toMatchObject({ nextUrl: THIRD_TOKENS_PAGE, items: 3, passes: 0 });
    for (let retry = 0; retry < 2; retry++) {
      asked.length = 0;
      await expect(crawlListed(TOKENS_LIST, context)).rejects.toThrow(loop);
      expect(asked).toEqual([THIRD_TOKENS_PAGE]);
      expect(new SyncCursors(db).get('tokens')).toMatchObject({ nextUrl: THIRD_TOKENS_PAGE, items: 3, passes: 0 });
    }
    // The upstream links on again: the pass ends counting each token once.
    loopBack = false;
    expect(await crawlListed(TOKENS_LIST, context)).toBe('done');
    expect(storedTokens(db)).toEqual([1001, 1002, 1003, 1004]);
    expect(new SyncCursors(db).get('tokens')).toMatchObject({ nextUrl: null, items: 4, passes: 1 });
  });

  it('refuses a by-id answer naming another token than the one listed, storing nothing of the page', async () => {
    const { client } = await upstream(() => ({
      [FIRST_TOKENS_PAGE]: [200, { tokens: [{ token_id: '0.0.1275' }], links: { next: null } }],
      // A proxy mixing answers up: stored, it would overwrite 0.0.1980 and leave 0.0.1275 as it was.
      '/api/v1/tokens/0.0.1275': [200, token(1980)],
      '/api/v1/tokens?token.id=gt:0.0.1275&limit=1&order=asc': [200, { tokens: [], links: { next: null } }],
    }));
    const { db } = store();
    await expect(crawlListed(TOKENS_LIST, { client, db, signal: new AbortController().signal }))
      .rejects.toThrow(inAnswer(`${client.baseUrl}/api/v1/tokens/0.0.1275`, 'the upstream answered token 0.0.1275 with another token (0.0.1980)'));
    expect(storedTokens(db)).toEqual([]);
    expect(new SyncCursors(db).get('tokens')).toBeNull();
  });

  it('names the collection when a page lacks its array', async () => {
    const { client } = await upstream(() => ({ [FIRST_CONTRACTS_PAGE]: [200, { contract: [], links: { next: null } }] }));
    const { db } = store();
    await expect(crawlListed(CONTRACTS_LIST, { client, db, signal: new AbortController().signal }))
      .rejects.toThrow(`the contracts page ${FIRST_CONTRACTS_PAGE} has no "contracts" array`);
  });

  it('stops at an abort without committing the page in flight', async () => {
    const abort = new AbortController();
    const { client } = await upstream(() => {
      abort.abort(); // while the first page is being answered
      return { [FIRST_TOKENS_PAGE]: [200, { tokens: [], links: { next: null } }] };
    });
    const { db } = store();
    await expect(crawlListed(TOKENS_LIST, { client, db, signal: abort.signal })).rejects.toThrow();
    expect(new SyncCursors(db).get('tokens')).toBeNull();
  });
});
