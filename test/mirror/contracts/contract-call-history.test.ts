import { describe, expect, it } from 'vitest';
import { generateDemoLedger } from '../../../main/mirror/demo/generate-ledger.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';

/** A call at a past block over the demo ledger: entities, code and balances as they were then. */
const fixture = mirrorApiFixture((store) => {
  generateDemoLedger(store, { accounts: 1200, keyThread: false });
}, { hostCheck: false, seedTimeoutMs: 120_000 });

const DECIMALS = '0x313ce567';

const address = (id: bigint): string => `0x${id.toString(16).padStart(40, '0')}`;
const word = (value: bigint): string => `0x${value.toString(16).padStart(64, '0')}`;

async function call(body: Record<string, unknown>): Promise<{ status: number; body: any }> {
  const response = await fixture.inject({
    method: 'POST', url: '/api/v1/contracts/call', payload: JSON.stringify(body), headers: { 'content-type': 'application/json' },
  });
  return { status: response.statusCode, body: JSON.parse(response.body) };
}

function query<T>(sql: string, ...params: unknown[]): T[] {
  return fixture.store.db.prepare(sql).safeIntegers(true).all(...params) as T[];
}

/** The first block whose end is at or after the timestamp (the block a transaction at it is in). */
function blockOf(timestamp: bigint): bigint {
  return query<{ index: bigint }>('SELECT "index" FROM record_file WHERE consensus_end >= ? ORDER BY consensus_end LIMIT 1', timestamp)[0]!.index;
}

function blockEnd(index: bigint): bigint {
  return query<{ consensus_end: bigint }>('SELECT consensus_end FROM record_file WHERE "index" = ?', index)[0]!.consensus_end;
}

/** Init code that returns BALANCE(account) as the "deployed code": a call's answer is the balance it saw. */
const balanceProbe = (id: bigint): string => `0x73${id.toString(16).padStart(40, '0')}3160005260206000f3`;

describe('POST /api/v1/contracts/call at a past block', () => {
  it('answers before a contract\'s creation as for an address with no contract, and from its creation block as now', async () => {
    const contracts = query<{ id: bigint; created_timestamp: bigint }>(`SELECT id, created_timestamp FROM entity WHERE type = 'CONTRACT' ORDER BY id`);
    let token: { id: bigint; created_timestamp: bigint } | undefined;
    for (const contract of contracts) if ((await call({ to: address(contract.id), data: DECIMALS })).status === 200) token ??= contract;
    expect(token, 'a DemoToken deployment answering decimals()').toBeDefined();
    const now = await call({ to: address(token!.id), data: DECIMALS });
    expect(now.body.result).toMatch(/^0x0{62}[0-9a-f]{2}$/);
    expect(BigInt(now.body.result)).toBeGreaterThan(0n);

    const created = blockOf(token!.created_timestamp);
    const nothing = address(10n ** 9n);
    const absent = await call({ to: nothing, data: DECIMALS, block: String(created - 1n) });
    expect(absent).toEqual({ status: 200, body: { result: '0x' } });
    expect(await call({ to: address(token!.id), data: DECIMALS, block: String(created - 1n) })).toEqual(absent);
    expect(await call({ to: address(token!.id), data: DECIMALS, block: 'earliest' })).toEqual(await call({ to: nothing, data: DECIMALS, block: 'earliest' }));
    expect(await call({ to: address(token!.id), data: DECIMALS, block: String(created) })).toEqual(now);
  });

  it('sees an account\'s HBAR balance as it was at the end of the block', async () => {
    // An account existing at a mid-ledger block that later transfers changed: its balance then is
    // the current one less those transfers (the demo's snapshots agree with its transfers).
    const middle = query<{ index: bigint }>('SELECT "index" FROM record_file ORDER BY consensus_end')
      .map((row) => row.index).at(-1)! / 2n;
    const end = blockEnd(middle);
    const [account] = query<{ id: bigint; balance: bigint; later: bigint }>(`SELECT e.id, e.balance, sum(t.amount) AS later
FROM entity e JOIN crypto_transfer t ON t.entity_id = e.id AND t.consensus_timestamp > ?
WHERE e.type = 'ACCOUNT' AND coalesce(e.deleted, 0) = 0 AND e.created_timestamp <= ? AND e.id > 1000
GROUP BY e.id HAVING sum(t.amount) <> 0 ORDER BY e.id LIMIT 1`, end, end);
    expect(account, 'an account whose balance changed after the block').toBeDefined();
    const then = account!.balance - account!.later;

    expect((await call({ data: balanceProbe(account!.id) })).body.result).toBe(word(account!.balance));
    expect((await call({ data: balanceProbe(account!.id), block: String(middle) })).body.result).toBe(word(then));
  });

  it('checks a payer\'s balance as it was at the end of the block, not as it is now', async () => {
    const middle = query<{ index: bigint }>('SELECT "index" FROM record_file ORDER BY consensus_end')
      .map((row) => row.index).at(-1)! / 2n;
    const end = blockEnd(middle);
    // Accounts whose later transfers raised (gained) or lowered (spent) their balance since the block.
    const changed = (having: string) => query<{ id: bigint; balance: bigint; later: bigint }>(`SELECT e.id, e.balance, sum(t.amount) AS later
FROM entity e JOIN crypto_transfer t ON t.entity_id = e.id AND t.consensus_timestamp > ?
WHERE e.type = 'ACCOUNT' AND coalesce(e.deleted, 0) = 0 AND e.created_timestamp <= ? AND e.id > 1000
GROUP BY e.id HAVING ${having} ORDER BY e.id LIMIT 1`, end, end)[0];
    const payment = (id: bigint, value: bigint, block?: bigint) =>
      call({ from: address(id), to: address(id), value: value.toString(), ...(block === undefined ? {} : { block: String(block) }) });
    const refusedForBalance = (reply: { status: number; body: any }) =>
      reply.status === 400 && reply.body._status.messages[0].message === 'INSUFFICIENT_PAYER_BALANCE';

    const gained = changed('sum(t.amount) > 0');
    expect(gained, 'an account that gained HBAR after the block').toBeDefined();
    const gainedThen = gained!.balance - gained!.later;
    expect(refusedForBalance(await payment(gained!.id, gainedThen + 1n, middle))).toBe(true);
    expect(refusedForBalance(await payment(gained!.id, gainedThen, middle))).toBe(false);
    expect(refusedForBalance(await payment(gained!.id, gainedThen + 1n))).toBe(false);

    const spent = changed('sum(t.amount) < 0');
    expect(spent, 'an account that spent HBAR after the block').toBeDefined();
    const spentThen = spent!.balance - spent!.later;
    expect(refusedForBalance(await payment(spent!.id, spentThen, middle))).toBe(false);
    expect(refusedForBalance(await payment(spent!.id, spent!.balance + 1n))).toBe(true);
    expect(refusedForBalance(await payment(spent!.id, spent!.balance + 1n, middle))).toBe(false);
  });

  it('gives an account created after the block no balance at it', async () => {
    const [account] = query<{ id: bigint; balance: bigint; created_timestamp: bigint }>(`SELECT id, balance, created_timestamp FROM entity
WHERE type = 'ACCOUNT' AND coalesce(deleted, 0) = 0 AND balance > 0 AND id > 1000 ORDER BY created_timestamp DESC LIMIT 1`);
    const created = blockOf(account!.created_timestamp);
    expect((await call({ data: balanceProbe(account!.id) })).body.result).toBe(word(account!.balance));
    expect((await call({ data: balanceProbe(account!.id), block: String(created - 1n) })).body.result).toBe(word(0n));
    // Nor is it there to pay, though it can pay now: the reference looks the sender up in the block's state.
    const pay = (block?: bigint) => call({ from: address(account!.id), to: address(account!.id), value: '1', ...(block === undefined ? {} : { block: String(block) }) });
    expect((await pay()).status).toBe(200);
    expect((await pay(created - 1n)).body._status.messages).toEqual([{ message: 'PAYER_ACCOUNT_NOT_FOUND', detail: 'Sender account not found.', data: '0x' }]);
    expect((await pay(created)).status).toBe(200);
  });
});
