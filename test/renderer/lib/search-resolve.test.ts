import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../../main/common/api-contract.ts';
import { fail, fakeMirrorGetter as mirror } from '../../helpers/fake-mirror-getter.ts';
import { resolveSearch, searchCandidates } from '../../../renderer/src/lib/search-resolve.ts';
import { classifySearch } from '../../../renderer/src/lib/search-input.ts';
import { damagedStoreMessage } from '../../../main/mirror/http/mirror-server.ts';
import { relayedOutcome, type RelayedReply, type Shortfall } from '../../../main/mirror/http/read-through.ts';
import { clockTime } from '../../../main/common/clock-time.ts';

/** A mirror 503 as the mirror/get handler gives it: the mirror's status and body kept. */
const refused = (message: string): ApiResult<never> => ({ ok: false, error: { code: 'unavailable', message, details: [message], mirror: { status: 503, body: { _status: { messages: [{ message }] } } } } });

/** The read-through's own 503 when the upstream could not supply `notHeld` (main/mirror/http/read-through.ts), as the search gets it. */
function readThroughRefusal(answer: Shortfall | RelayedReply, notHeld: string): ApiResult<never> {
  const outcome = relayedOutcome(answer, notHeld);
  if (outcome.status !== 503) throw new Error(`the read-through answers ${outcome.status} here, not 503`);
  return refused(outcome.messages[0]!.message);
}

describe('resolveSearch', () => {
  it('opens a contract before the account of the same id', async () => {
    const { get, asked } = mirror({
      '/api/v1/contracts/0.0.7': { contract_id: '0.0.7' },
      '/api/v1/accounts/0.0.7?transactions=false': { account: '0.0.7' },
    });
    expect(await resolveSearch('0.0.7', get)).toEqual({ kind: 'found', hash: '#/contract?id=0.0.7' });
    expect(asked).toEqual(['/api/v1/contracts/0.0.7', '/api/v1/accounts/0.0.7?transactions=false', '/api/v1/tokens/0.0.7', '/api/v1/topics/0.0.7', '/api/v1/schedules/0.0.7']);
  });

  it.each([
    ['0.0.1001', '/api/v1/accounts/0.0.1001?transactions=false', { account: '0.0.1001' }, '#/account?id=0.0.1001'],
    ['0.0.5000', '/api/v1/tokens/0.0.5000', { token_id: '0.0.5000' }, '#/token?id=0.0.5000'],
    ['0.0.9000', '/api/v1/topics/0.0.9000', { topic_id: '0.0.9000' }, '#/topic?id=0.0.9000'],
    ['0.0.9100', '/api/v1/schedules/0.0.9100', { schedule_id: '0.0.9100' }, '#/schedule?id=0.0.9100'],
    [`0x${'ab'.repeat(20)}`, `/api/v1/accounts/0x${'ab'.repeat(20)}?transactions=false`, { account: '0.0.1500' }, '#/account?id=0.0.1500'],
    ['CIQAAAH4AY2OFK2FL37TSPYEQGPPUJRP4XTKWHD62HKPQX543DTOFFQ', '/api/v1/accounts/CIQAAAH4AY2OFK2FL37TSPYEQGPPUJRP4XTKWHD62HKPQX543DTOFFQ?transactions=false', { account: '0.0.1600' }, '#/account?id=0.0.1600'],
    ['0.0.3@1700000000.5', '/api/v1/transactions/0.0.3-1700000000-000000005', { transactions: [] }, '#/transaction?id=0.0.3-1700000000-000000005'],
    [`${'ef'.repeat(48)}`, `/api/v1/transactions/0x${'ef'.repeat(48)}`, { transactions: [] }, `#/transaction?id=0x${'ef'.repeat(48)}`],
    [`0x${'cd'.repeat(32)}`, `/api/v1/contracts/results/0x${'cd'.repeat(32)}`, { hash: 'x' }, `#/contract-result?id=0x${'cd'.repeat(32)}`],
  ])('resolves %s through %s', async (input, path, body, hash) => {
    expect(await resolveSearch(input, mirror({ [path]: body }).get)).toEqual({ kind: 'found', hash });
  });

  it('opens a block by its hash when no transaction or contract result has it: whole, or its first 32 bytes as Ethereum tools show it', async () => {
    const hash = `0x${'a1'.repeat(48)}`;
    const whole = mirror({ [`/api/v1/blocks/${hash}`]: { number: 1234, hash } });
    expect(await resolveSearch(hash, whole.get)).toEqual({ kind: 'found', hash: '#/block?number=1234' });
    expect(whole.asked).toEqual([`/api/v1/transactions/${hash}`, `/api/v1/blocks/${hash}`]);
    const short = hash.slice(0, 66);
    expect(await resolveSearch(short, mirror({ [`/api/v1/blocks/${short}`]: { number: 1234, hash } }).get)).toEqual({ kind: 'found', hash: '#/block?number=1234' });
    // A transaction of that hash comes first.
    expect(await resolveSearch(hash, mirror({ [`/api/v1/transactions/${hash}`]: { transactions: [] }, [`/api/v1/blocks/${hash}`]: { number: 1 } }).get))
      .toEqual({ kind: 'found', hash: `#/transaction?id=${hash}` });
    expect(await resolveSearch(hash, mirror({}).get)).toEqual({ kind: 'not-found', message: 'No transaction or block with this hash in the local mirror' });
  });

  it('offers both the entity and the block a whole number alone names, when both exist', async () => {
    const { get, asked } = mirror({
      '/api/v1/accounts/0.0.1234?transactions=false': { account: '0.0.1234' },
      '/api/v1/blocks/1234': { number: 1234 },
    });
    expect(await resolveSearch(' 1234 ', get)).toEqual({
      kind: 'choice', message: '“1234” could be',
      options: [{ label: 'account 0.0.1234', hash: '#/account?id=0.0.1234' }, { label: 'block 1234', hash: '#/block?number=1234' }],
    });
    expect(asked).toEqual(['/api/v1/contracts/0.0.1234', '/api/v1/accounts/0.0.1234?transactions=false', '/api/v1/tokens/0.0.1234', '/api/v1/topics/0.0.1234', '/api/v1/schedules/0.0.1234', '/api/v1/blocks/1234']);
  });

  it('opens what a whole number alone names when only one thing has it: the block, or the entity', async () => {
    expect(await resolveSearch('139666', mirror({ '/api/v1/blocks/139666': { number: 139666 } }).get)).toEqual({ kind: 'found', hash: '#/block?number=139666' });
    expect(await resolveSearch('7', mirror({ '/api/v1/tokens/0.0.7': { token_id: '0.0.7' } }).get)).toEqual({ kind: 'found', hash: '#/token?id=0.0.7' });
    // A full id is an entity's only: no block is asked for.
    const full = mirror({ '/api/v1/blocks/7': { number: 7 } });
    expect(await resolveSearch('0.0.7', full.get)).toMatchObject({ kind: 'not-found' });
    expect(full.asked).not.toContain('/api/v1/blocks/7');
    expect(await resolveSearch('424242', mirror({}).get)).toEqual({
      kind: 'not-found', message: 'No account, contract, token, topic or schedule 0.0.424242, or block 424242 in the local mirror',
    });
  });

  it('opens the block of a whole number whose entity lookup failed, and reports the failure when nothing was found', async () => {
    const broken = { '/api/v1/contracts/0.0.5': fail('internal', 'The store broke') };
    expect(await resolveSearch('5', mirror({ '/api/v1/blocks/5': { number: 5 } }, broken).get)).toEqual({ kind: 'found', hash: '#/block?number=5' });
    expect(await resolveSearch('5', mirror({}, broken).get)).toEqual({ kind: 'error', message: 'The store broke' });
  });

  it('opens the transaction at a consensus time by its id, or says none is there', async () => {
    const path = '/api/v1/transactions?timestamp=1791994154.785003172&limit=1';
    const batch = { transaction_id: '0.0.3172-1791994150-815717005', nonce: 0, name: 'ATOMICBATCH', consensus_timestamp: '1791994154.785003172' };
    const { get, asked } = mirror({ [path]: { transactions: [batch], links: { next: null } } });
    expect(await resolveSearch('1791994154.785003172', get)).toEqual({ kind: 'found', hash: '#/transaction?id=0.0.3172-1791994150-815717005' });
    expect(asked).toEqual([path]);
    // A child record keeps its nonce.
    const child = mirror({ [path]: { transactions: [{ ...batch, nonce: 2 }] } });
    expect(await resolveSearch('1791994154.785003172', child.get)).toEqual({ kind: 'found', hash: '#/transaction?id=0.0.3172-1791994150-815717005&nonce=2' });
    // The list answers an empty page where no transaction has that time.
    const none = mirror({ '/api/v1/transactions?timestamp=1791994154.500000000&limit=1': { transactions: [], links: { next: null } } });
    expect(await resolveSearch('1791994154.5', none.get)).toEqual({ kind: 'not-found', message: 'No transaction at consensus time 1791994154.500000000 in the local mirror' });
  });

  it('asks for a base64 transaction hash in hex, as the by-id resource takes it', async () => {
    const hex = '0xd9f8b1523fb1102b0c7189d59308fda44d1e8dd0f124dc344145f77544b1d17bf02874752ab7d179599ffc906352bf5b';
    const { get } = mirror({ [`/api/v1/transactions/${hex}`]: { transactions: [] } });
    expect(await resolveSearch('2fixUj+xECsMcYnVkwj9pE0ejdDxJNw0QUX3dUSx0XvwKHR1KrfReVmf/JBjUr9b', get)).toEqual({ kind: 'found', hash: `#/transaction?id=${hex}` });
  });

  it('says when nothing matches, naming what was looked for', async () => {
    expect(await resolveSearch('0.0.424242', mirror({}).get)).toEqual({ kind: 'not-found', message: 'No account, contract, token, topic or schedule 0.0.424242 in the local mirror' });
  });

  it('opens the one token whose name contains the words, or the Tokens screen filtered by them when several do', async () => {
    const one = mirror({ '/api/v1/tokens?name=Vivid+Punks&limit=2': { tokens: [{ token_id: '0.0.1002', name: 'Vivid Punks' }], links: { next: null } } });
    expect(await resolveSearch('Vivid Punks', one.get)).toEqual({ kind: 'found', hash: '#/token?id=0.0.1002' });
    expect(one.asked).toEqual(['/api/v1/tokens?name=Vivid+Punks&limit=2']);
    const several = mirror({ '/api/v1/tokens?name=gold&limit=2': { tokens: [{ token_id: '0.0.1006' }, { token_id: '0.0.1037' }], links: { next: '/api/v1/tokens?name=gold&limit=2&token.id=gt:0.0.1037' } } });
    expect(await resolveSearch('gold', several.get)).toEqual({ kind: 'found', hash: '#/tokens?name=gold' });
    const none = mirror({ '/api/v1/tokens?name=nothing+like+it&limit=2': { tokens: [], links: { next: null } } });
    expect(await resolveSearch('nothing like it', none.get)).toEqual({ kind: 'not-found', message: 'No token whose name contains “nothing like it” in the local mirror' });
  });

  it('opens an NFT by its collection and serial, or says the collection has no such serial', async () => {
    const { get, asked } = mirror({ '/api/v1/tokens/0.0.1104/nfts/81': { token_id: '0.0.1104', serial_number: 81 } });
    expect(await resolveSearch('0.0.1104/81', get)).toEqual({ kind: 'found', hash: '#/nft?token=0.0.1104&serial=81' });
    expect(await resolveSearch('0.0.1104#81', get)).toEqual({ kind: 'found', hash: '#/nft?token=0.0.1104&serial=81' });
    expect(asked).toEqual(['/api/v1/tokens/0.0.1104/nfts/81', '/api/v1/tokens/0.0.1104/nfts/81']);
    expect(await resolveSearch('0.0.1104/82', get)).toEqual({ kind: 'not-found', message: 'No NFT 0.0.1104 #82 in the local mirror' });
    // The collection's checksum is checked as an id's is.
    expect(await resolveSearch('0.0.123-vfmkw/1', get, 296)).toMatchObject({ kind: 'invalid' });
  });

  it('looks for an alias typed in lower case upper-cased, and for a token name with the words as typed', async () => {
    const alias = 'HIQQFGWYY2XMNDYTQKH4ZHH6G2EDAL6JBG6CB6HXOP3UOM6FDM7ATN5K';
    const typed = alias.toLowerCase();
    const account = mirror({ [`/api/v1/accounts/${alias}?transactions=false`]: { account: '0.0.1009' } });
    expect(await resolveSearch(typed, account.get)).toEqual({ kind: 'found', hash: '#/account?id=0.0.1009' });
    expect(account.asked).toEqual([`/api/v1/accounts/${alias}?transactions=false`, `/api/v1/tokens?name=${typed}&limit=2`]);
    expect(await resolveSearch(typed, mirror({}).get)).toEqual({
      kind: 'not-found',
      message: `No account with this alias (looked for in upper case, as aliases are written) or token whose name contains “${typed}” in the local mirror`,
    });
  });

  it('takes an id with the checksum of the profile\'s network, and refuses another network\'s or a mistyped one without asking', async () => {
    const found = mirror({ '/api/v1/accounts/0.0.123?transactions=false': { account: '0.0.123' } });
    expect(await resolveSearch('0.0.123-vfmkw', found.get, 295)).toEqual({ kind: 'found', hash: '#/account?id=0.0.123' });
    // Where the profile's network is not a known Hedera one, a checksum cannot be checked: the id is looked up.
    expect(await resolveSearch('0.0.123-vfmkw', found.get, null)).toEqual({ kind: 'found', hash: '#/account?id=0.0.123' });
    const { get, asked } = mirror({});
    expect(await resolveSearch('0.0.123-vfmkw', get, 296)).toEqual({ kind: 'invalid', message: '0.0.123-vfmkw is an id of mainnet (its checksum is that network\'s); this profile is testnet' });
    expect(await resolveSearch('0.0.3-tzfmx@1700000000.5', get, 295)).toEqual({ kind: 'invalid', message: 'The checksum tzfmx does not fit 0.0.3 on mainnet: the id or its checksum was mistyped' });
    expect(asked).toEqual([]);
    const transaction = mirror({ '/api/v1/transactions/0.0.3-1700000000-000000005': { transactions: [] } });
    expect(await resolveSearch('0.0.3-tzfmz@1700000000.5', transaction.get, 295)).toEqual({ kind: 'found', hash: '#/transaction?id=0.0.3-1700000000-000000005' });
  });

  it('opens a block by its number written as the app shows it, asking for the block alone', async () => {
    const { get, asked } = mirror({ '/api/v1/blocks/16332': { number: 16332 } });
    expect(await resolveSearch('16,332', get)).toEqual({ kind: 'found', hash: '#/block?number=16332' });
    expect(await resolveSearch('#16332', get)).toEqual({ kind: 'found', hash: '#/block?number=16332' });
    expect(asked).toEqual(['/api/v1/blocks/16332', '/api/v1/blocks/16332']);
    expect(await resolveSearch('16 333', get)).toEqual({ kind: 'not-found', message: 'No block 16333 in the local mirror' });
  });

  it('names block numbers among what it takes, in the hint for an empty box and in a refusal', async () => {
    const { get } = mirror({});
    expect(await resolveSearch('', get)).toEqual({ kind: 'invalid', message: expect.stringContaining('block number') });
    expect(await resolveSearch('16,33', get)).toEqual({ kind: 'invalid', message: expect.stringMatching(/^“16,33” is not an entity id, .*block number/) });
  });

  it('says a number past the largest block number is too large', async () => {
    const { get, asked } = mirror({});
    expect(await resolveSearch('9,223,372,036,854,775,808', get)).toEqual({
      kind: 'invalid', message: '“9,223,372,036,854,775,808” is larger than any block number: the largest a block can have is 9,223,372,036,854,775,807.',
    });
    expect(asked).toEqual([]);
  });

  it('quotes a long refused paste cut short, with its length', async () => {
    const { get } = mirror({});
    const bytecode = `0x${'60806040'.repeat(600)}`;
    const outcome = await resolveSearch(bytecode, get);
    expect(outcome).toEqual({ kind: 'invalid', message: expect.stringMatching(/^“0x(60806040){7}60…” \(4,802 characters\) is not an entity id/) });
    expect((outcome as { message: string }).message.length).toBeLessThan(250);
  });

  it('finds an id pasted with invisible characters, and quotes what it refuses without them', async () => {
    const { get } = mirror({ '/api/v1/accounts/0.0.1100?transactions=false': { account: '0.0.1100' } });
    expect(await resolveSearch('\u200B0.0.1100\uFEFF', get)).toEqual({ kind: 'found', hash: '#/account?id=0.0.1100' });
    expect(await resolveSearch('\u200B0.0.1.2\u2060', get)).toMatchObject({ kind: 'invalid', message: expect.stringMatching(/^“0\.0\.1\.2” is not/) });
  });

  it('refuses malformed input without asking the mirror', async () => {
    const { get, asked } = mirror({});
    expect(await resolveSearch('0.0.1.2', get)).toMatchObject({ kind: 'invalid' });
    expect(await resolveSearch('ab', get)).toMatchObject({ kind: 'invalid' });
    expect(await resolveSearch('  ', get)).toMatchObject({ kind: 'invalid' });
    expect(asked).toEqual([]);
  });

  it('reports a failing mirror rather than "not found"', async () => {
    const { get } = mirror({}, { '/api/v1/contracts/0.0.5': fail('unavailable', 'The Mirrordesk service is not reachable') });
    expect(await resolveSearch('0.0.5', get)).toEqual({ kind: 'error', message: 'The Mirrordesk service is not reachable' });
    const throwing = async (): Promise<ApiResult<unknown>> => { throw new Error('transport broke'); };
    expect(await resolveSearch('0.0.5', throwing)).toEqual({ kind: 'error', message: 'transport broke' });
  });

  it('offline on a synced profile, finds what the store holds past ids it cannot tell about, and says it cannot tell when nothing is held', async () => {
    const offline = (what: string): ApiResult<never> => readThroughRefusal({ kind: 'offline' }, `this ${what}`);
    const { get } = mirror({ '/api/v1/tokens/0.0.5': { token_id: '0.0.5' } }, {
      '/api/v1/contracts/0.0.5': offline('contract'), '/api/v1/accounts/0.0.5?transactions=false': offline('account'),
    });
    expect(await resolveSearch('0.0.5', get)).toEqual({ kind: 'found', hash: '#/token?id=0.0.5' });
    const none = mirror({}, { '/api/v1/contracts/0.0.6': offline('contract'), '/api/v1/topics/0.0.6': offline('topic') });
    expect(await resolveSearch('0.0.6', none.get)).toEqual({
      kind: 'error', message: 'No account, contract, token, topic or schedule 0.0.6 in this synced store, and its upstream mirror node cannot be reached to look there',
    });
  });

  it('says so when the upstream was busy or the store was being compacted, rather than that it cannot be reached', async () => {
    const busy = mirror({}, { '/api/v1/contracts/0.0.7': readThroughRefusal({ kind: 'busy' }, 'this contract') });
    expect(await resolveSearch('0.0.7', busy.get)).toEqual({
      kind: 'error', message: 'No account, contract, token, topic or schedule 0.0.7 in this synced store, and its upstream mirror node did not answer in time; try again in a moment',
    });
    const compacting = mirror({}, { '/api/v1/tokens/0.0.7': readThroughRefusal({ kind: 'store-busy' }, 'this token') });
    expect(await resolveSearch('0.0.7', compacting.get)).toEqual({
      kind: 'error', message: 'No account, contract, token, topic or schedule 0.0.7 in this synced store, and the store is being compacted, so its upstream cannot be asked now; try again in a moment',
    });
    const full = mirror({}, { '/api/v1/tokens/0.0.7': readThroughRefusal({ kind: 'store-full', disk: 'the disk is full (0 KiB free in /data)' }, 'this token') });
    expect(await resolveSearch('0.0.7', full.get)).toEqual({
      kind: 'error', message: 'No account, contract, token, topic or schedule 0.0.7 in this synced store, and what its upstream has cannot be stored: the disk is full (0 KiB free in /data); free some space on that disk and try again',
    });
  });

  it("says a damaged store's 503 as it is, for the whole search, not as an upstream out of reach", async () => {
    const damage = damagedStoreMessage('database disk image is malformed');
    const damaged = mirror({}, { '/api/v1/contracts/0.0.8': refused(damage) });
    expect(await resolveSearch('0.0.8', damaged.get)).toEqual({ kind: 'error', message: damage });
    // What the damage did not reach is still found.
    const partly = mirror({ '/api/v1/tokens/0.0.8': { token_id: '0.0.8' } }, { '/api/v1/contracts/0.0.8': refused(damage) });
    expect(await resolveSearch('0.0.8', partly.get)).toEqual({ kind: 'found', hash: '#/token?id=0.0.8' });
  });

  it("names an upstream's Retry-After hold and its failure answer from the read-through's words", async () => {
    const until = Date.now() + 90_000;
    const held = mirror({}, { '/api/v1/contracts/0.0.9': readThroughRefusal({ kind: 'held', until }, 'this contract') });
    expect(await resolveSearch('0.0.9', held.get)).toEqual({
      kind: 'error', message: `No account, contract, token, topic or schedule 0.0.9 in this synced store, and its upstream mirror node asked to wait until ${clockTime(until)} before it is asked again; try again then`,
    });
    const failing = mirror({}, { '/api/v1/contracts/0.0.9': readThroughRefusal({ kind: 'reply', status: 500, body: null }, 'this contract') });
    expect(await resolveSearch('0.0.9', failing.get)).toEqual({
      kind: 'error', message: 'No account, contract, token, topic or schedule 0.0.9 in this synced store, and its upstream mirror node answered HTTP 500',
    });
  });

  it('says a hold without naming a time when its message names none it can read', async () => {
    const held = mirror({}, { '/api/v1/contracts/0.0.9': refused('The upstream mirror node asked to wait until later, and this synced store does not hold this contract') });
    expect(await resolveSearch('0.0.9', held.get)).toEqual({
      kind: 'error', message: 'No account, contract, token, topic or schedule 0.0.9 in this synced store, and its upstream mirror node asked to wait before it is asked again; try again in a while',
    });
  });

  it('skips an answer without the id field it routes by', async () => {
    expect(await resolveSearch('0.0.5', mirror({ '/api/v1/contracts/0.0.5': {}, '/api/v1/tokens/0.0.5': { token_id: '0.0.5' } }).get))
      .toEqual({ kind: 'found', hash: '#/token?id=0.0.5' });
  });

  it('percent-encodes what it puts in a path', () => {
    expect(searchCandidates(classifySearch('0.0.1'))[0]!.path).toBe('/api/v1/contracts/0.0.1');
    expect(searchCandidates({ kind: 'alias', alias: 'A/B' })[0]!.path).toBe('/api/v1/accounts/A%2FB?transactions=false');
  });
});
