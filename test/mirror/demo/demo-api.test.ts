import { describe, expect, it } from 'vitest';
import { encodeCall, eventTopic } from '../../../main/mirror/demo/evm/abi.ts';
import { generateDemoLedger } from '../../../main/mirror/demo/generate-ledger.ts';
import { Prng } from '../../../main/mirror/demo/prng.ts';
import { formatTimestamp } from '../../../main/mirror/format/timestamp.ts';
import { parseJsonLossless } from '../../../main/mirror/format/json-out.ts';
import { balanceAt, hbarBalanceAt } from '../../../renderer/src/lib/balance-at.ts';
import { nanosToTimestamp, timestampToNanos } from '../../../renderer/src/lib/ledger-format.ts';
import { decodeScheduledTransaction } from '../../../renderer/src/lib/scheduled-transaction.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';

// Every screen of the app over a freshly generated demo ledger in a real SQLite file.
const fixture = mirrorApiFixture((store) => {
  generateDemoLedger(store, { accounts: 2000, keyThread: false });
}, { seedTimeoutMs: 120_000 });
const db = fixture.store.db;

type Body = Record<string, any>;
async function get(url: string): Promise<Body> {
  const response = await fixture.get(url);
  expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
  return JSON.parse(response.body) as Body;
}

/** A list page and the next one: both non-empty, as a user paging through a screen sees them. */
async function listAndNext(url: string, key: string): Promise<Body[]> {
  const first = await get(url);
  expect(first[key]?.length, `${url} lists no ${key}`).toBeGreaterThan(0);
  expect(first.links?.next, `${url} has no next link`).toMatch(/^\/api\/v1\//);
  const second = await get(first.links.next as string);
  expect(second[key]?.length, `${first.links.next} lists no ${key}`).toBeGreaterThan(0);
  return [...first[key], ...second[key]];
}

const one = <T>(sql: string, ...params: unknown[]) => db.prepare(sql).get(...params) as T;

describe('the demo ledger serves every list endpoint', () => {
  it('transactions: pages, filters, and by-id lookups of listed ones', async () => {
    const all = await listAndNext('/api/v1/transactions?limit=25', 'transactions');
    for (const tx of all.slice(0, 5)) {
      const byId = await get(`/api/v1/transactions/${tx.transaction_id}`);
      expect(byId.transactions[0].transaction_hash).toBe(tx.transaction_hash);
    }
    const names = new Set((await get('/api/v1/transactions?limit=100')).transactions.map((t: Body) => t.name));
    expect(names.size).toBeGreaterThan(3);
    for (const type of ['CRYPTOTRANSFER', 'CRYPTOCREATEACCOUNT', 'CONTRACTCALL', 'CONTRACTCREATEINSTANCE', 'CONSENSUSSUBMITMESSAGE', 'TOKENMINT', 'SCHEDULECREATE', 'SCHEDULESIGN']) {
      const page = await get(`/api/v1/transactions?transactiontype=${type}&limit=2`);
      expect(page.transactions.length, type).toBeGreaterThan(0);
    }
    const failed = await get('/api/v1/transactions?result=fail&limit=5');
    expect(failed.transactions.length).toBeGreaterThan(0);
    const transfer = (await get('/api/v1/transactions?transactiontype=CRYPTOTRANSFER&result=success&limit=1')).transactions[0];
    const accounts = transfer.transfers.map((t: Body) => t.account);
    expect(accounts).toContain('0.0.98');
    expect(transfer.transfers.reduce((sum: number, t: Body) => sum + t.amount, 0)).toBe(0);
    expect(transfer.charged_tx_fee).toBeGreaterThan(0);
    await listAndNext(`/api/v1/transactions?account.id=${transfer.entity_id ?? accounts.find((a: string) => a !== '0.0.98')}&limit=1`, 'transactions');
  });

  it('tokens and NFTs: collections with serials, owners, base64 metadata, burned serials', async () => {
    await listAndNext('/api/v1/tokens?limit=20', 'tokens');
    const nfts = await listAndNext('/api/v1/tokens?type=NON_FUNGIBLE_UNIQUE&limit=3', 'tokens');
    const collection = nfts[0]!.token_id as string;
    const token = await get(`/api/v1/tokens/${collection}`);
    expect(token.type).toBe('NON_FUNGIBLE_UNIQUE');
    const serials = await listAndNext(`/api/v1/tokens/${collection}/nfts?limit=2`, 'nfts');
    const nft = serials[0]!;
    expect(Buffer.from(nft.metadata, 'base64').toString()).toMatch(/^ipfs:\/\//);
    expect((await get(`/api/v1/tokens/${collection}/nfts/${nft.serial_number}`)).account_id).toBe(nft.account_id);
    expect((await get(`/api/v1/tokens/${collection}/nfts/${nft.serial_number}/transactions`)).transactions.length).toBeGreaterThan(0);
    expect(one<{ n: number }>('SELECT count(*) AS n FROM nft WHERE deleted = 1').n).toBeGreaterThan(0);
    const owner = one<{ account_id: number }>('SELECT account_id FROM nft WHERE deleted = 0 AND account_id IS NOT NULL LIMIT 1').account_id;
    expect((await get(`/api/v1/accounts/0.0.${owner}/nfts`)).nfts.length).toBeGreaterThan(0);
    await listAndNext(`/api/v1/tokens/${(await get('/api/v1/tokens?type=FUNGIBLE_COMMON&limit=1')).tokens[0].token_id}/balances?limit=2`, 'balances');
  });

  it('NFT resales: a serial sold on shows its new owner, both transfers in its history, and the royalty its seller paid', async () => {
    const row = db.prepare(`SELECT nt.consensus_timestamp AS at,
      nt.token_id AS token, nt.serial_number AS serial, nt.sender_account_id AS seller, nt.receiver_account_id AS buyer, a.collector_account_id AS collector, a.amount AS royalty
      FROM nft_transfer nt JOIN assessed_custom_fee a ON a.consensus_timestamp = nt.consensus_timestamp AND a.effective_payer_account_ids = '[' || nt.sender_account_id || ']'
      JOIN nft n ON n.token_id = nt.token_id AND n.serial_number = nt.serial_number AND n.account_id = nt.receiver_account_id
      WHERE nt.sender_account_id IS NOT NULL AND a.collector_account_id NOT IN (nt.sender_account_id, nt.receiver_account_id)
      ORDER BY nt.consensus_timestamp LIMIT 1`).safeIntegers(true).get() as Record<'at' | 'token' | 'serial' | 'seller' | 'buyer' | 'collector' | 'royalty', bigint>;
    const sale = { serial: Number(row.serial), royalty: Number(row.royalty) };
    const [token, seller, buyer, collector] = [row.token, row.seller, row.buyer, row.collector].map((num) => `0.0.${num}`) as [string, string, string, string];
    const at = formatTimestamp(row.at);
    expect((await get(`/api/v1/tokens/${token}/nfts/${sale.serial}`)).account_id).toBe(buyer);
    expect(((await get(`/api/v1/accounts/${buyer}/nfts?token.id=${token}`)).nfts as Body[]).map((n) => n.serial_number)).toContain(sale.serial);
    expect(((await get(`/api/v1/accounts/${seller}/nfts?token.id=${token}`)).nfts as Body[]).map((n) => n.serial_number)).not.toContain(sale.serial);

    // Newest first: the sale, the treasury's delivery to the seller, the mint (besides a single-serial approval the seller may have given).
    const history = (await get(`/api/v1/tokens/${token}/nfts/${sale.serial}/transactions`)).transactions as Body[];
    const treasury = (await get(`/api/v1/tokens/${token}`)).treasury_account_id as string;
    expect(history.filter((t) => t.type !== 'CRYPTOAPPROVEALLOWANCE').map((t) => [t.type, t.sender_account_id, t.receiver_account_id]))
      .toEqual([['CRYPTOTRANSFER', seller, buyer], ['CRYPTOTRANSFER', treasury, seller], ['TOKENMINT', null, treasury]]);
    expect(history[0]!.consensus_timestamp).toBe(at);

    // The buyer paid the price and the transaction; the seller received the price less the royalty, which the collector received.
    const [tx] = (await get(`/api/v1/transactions/${history[0]!.transaction_id}`)).transactions as Body[];
    expect(tx!.transaction_id.startsWith(`${buyer}-`)).toBe(true);
    expect(tx!.assessed_custom_fees).toEqual([{ amount: sale.royalty, collector_account_id: collector, effective_payer_account_ids: [seller], token_id: null }]);
    const amountOf = (account: string) => tx!.transfers.find((t: Body) => t.account === account)?.amount as number;
    const price = amountOf(seller) + sale.royalty;
    expect(amountOf(collector)).toBe(sale.royalty);
    expect(amountOf(buyer)).toBe(-price - tx!.charged_tx_fee);
    for (const account of [seller, buyer, collector]) {
      const listed = (await get(`/api/v1/transactions?account.id=${account}&timestamp=${at}`)).transactions as Body[];
      expect(listed.map((t) => t.transaction_id), account).toEqual([tx!.transaction_id]);
    }
  });

  it("NFT histories: a serial's begins with its mint and lists each move after it, as the reference renders them", async () => {
    const TYPES: Record<number, string> = { 14: 'CRYPTOTRANSFER', 37: 'TOKENMINT', 38: 'TOKENBURN', 48: 'CRYPTOAPPROVEALLOWANCE', 60: 'TOKENCLAIMAIRDROP' };
    const id = (num: bigint | number | null) => (num === null ? null : `0.0.${num}`);
    // Each serial's history shape, from the versions the generator wrote (nft-versions.ts): the transaction types that began them.
    const versions = db.prepare(`SELECT v.token, v.serial, t.type FROM (
        SELECT token_id AS token, serial_number AS serial, timestamp_range_lower AS at FROM nft_history
        UNION ALL SELECT token_id, serial_number, timestamp_range_lower FROM nft) v
      JOIN "transaction" t ON t.consensus_timestamp = v.at ORDER BY v.token, v.serial, v.at`).all() as Array<{ token: number; serial: number; type: number }>;
    const shapes = new Map<string, string>();
    for (const { token, serial, type } of versions) {
      const key = `${token}/${serial}`;
      shapes.set(key, shapes.has(key) ? `${shapes.get(key)} > ${TYPES[type]}` : TYPES[type]!);
    }
    // One serial of each shape (kept by the treasury, delivered, burned, resold, approved; claimed from an airdrop, which
    // a ledger this size may not have), and a sample of the rest: the requests do not grow with the ledger.
    const byShape = new Map([...shapes].map(([key, shape]) => [shape, key]));
    for (const shape of ['TOKENMINT', 'TOKENMINT > CRYPTOTRANSFER', 'TOKENMINT > TOKENBURN', 'TOKENMINT > CRYPTOTRANSFER > CRYPTOTRANSFER',
      'TOKENMINT > CRYPTOTRANSFER > CRYPTOAPPROVEALLOWANCE']) {
      expect(byShape.has(shape), `${shape} among ${JSON.stringify([...new Set(shapes.values())])}`).toBe(true);
    }
    const rng = new Prng(20_261_127);
    const all = [...shapes.keys()];
    const checked = new Set([...byShape.values(), ...Array.from({ length: 20 }, () => rng.pick(all))]);

    const serial = db.prepare('SELECT n.deleted, t.treasury_account_id AS treasury FROM nft n JOIN token t USING (token_id) WHERE n.token_id = ? AND n.serial_number = ?');
    // What moved each serial, as the generator wrote the transfers: the history must list all of them, in order.
    const transfers = db.prepare(`SELECT nt.consensus_timestamp AS at, t.type, nt.sender_account_id AS sender, nt.receiver_account_id AS receiver
      FROM nft_transfer nt JOIN "transaction" t USING (consensus_timestamp) WHERE nt.token_id = ? AND nt.serial_number = ? ORDER BY 1`).safeIntegers(true);
    for (const key of checked) {
      const [token, number] = key.split('/').map(Number) as [number, number];
      const { deleted, treasury } = serial.get(token, number) as { deleted: number; treasury: number };
      const url = `/api/v1/tokens/0.0.${token}/nfts/${number}`;
      const history = (await get(`${url}/transactions?order=asc&limit=100`)).transactions as Body[];
      expect(history.map((t) => t.type).join(' > '), url).toBe(shapes.get(key));
      const moves = (transfers.all(token, number) as Array<Record<'at' | 'type' | 'sender' | 'receiver', bigint | null>>).map((t) => ({
        consensus_timestamp: formatTimestamp(t.at!), type: TYPES[Number(t.type)], sender_account_id: id(t.sender), receiver_account_id: id(t.receiver),
      }));
      const pick = (t: Body) => ({ consensus_timestamp: t.consensus_timestamp, type: t.type, sender_account_id: t.sender_account_id, receiver_account_id: t.receiver_account_id });
      // The mint first: from nobody to the treasury; a burn last: from the treasury to nobody.
      expect(pick(history[0]!), url).toEqual(moves[0]);
      expect(moves[0], url).toMatchObject({ type: 'TOKENMINT', sender_account_id: null, receiver_account_id: id(treasury) });
      if (deleted) expect(history.at(-1), url).toMatchObject({ type: 'TOKENBURN', sender_account_id: id(treasury), receiver_account_id: null });
      expect(history.filter((t) => t.type !== 'CRYPTOAPPROVEALLOWANCE').map(pick), url).toEqual(moves);
      // A single-serial approval, by the owner of the moment: no sender or receiver, as the reference shows it.
      let owner: string | null = null;
      for (const event of history) {
        if (event.type === 'CRYPTOAPPROVEALLOWANCE') {
          expect([event.sender_account_id, event.receiver_account_id, event.transaction_id.split('-')[0]], url).toEqual([null, null, owner]);
        } else {
          owner = event.receiver_account_id;
        }
      }
      const { spender } = await get(url);
      if (spender !== null) expect(history.at(-1)!.type, url).toBe('CRYPTOAPPROVEALLOWANCE');
    }
  });

  it('allowances and staking rewards of accounts', async () => {
    const owner = one<{ owner: number }>('SELECT owner FROM crypto_allowance ORDER BY owner LIMIT 1').owner;
    expect((await get(`/api/v1/accounts/0.0.${owner}/allowances/crypto`)).allowances.length).toBeGreaterThan(0);
    const tokenOwner = one<{ owner: number }>('SELECT owner FROM token_allowance ORDER BY owner LIMIT 1').owner;
    expect((await get(`/api/v1/accounts/0.0.${tokenOwner}/allowances/tokens`)).allowances.length).toBeGreaterThan(0);
    // An NFT approval for all, of a collection the owner holds.
    const approval = one<{ owner: number; token_id: number }>('SELECT owner, token_id FROM nft_allowance ORDER BY owner LIMIT 1');
    const approvals = (await get(`/api/v1/accounts/0.0.${approval.owner}/allowances/nfts`)).allowances as Body[];
    expect(approvals.map((a) => a.token_id)).toContain(`0.0.${approval.token_id}`);
    expect(one(`SELECT 1 AS held FROM token_account WHERE account_id = ? AND token_id = ? AND associated = 1`, approval.owner, approval.token_id)).toEqual({ held: 1 });
    const staker = one<{ account_id: number }>('SELECT account_id FROM staking_reward_transfer ORDER BY account_id LIMIT 1').account_id;
    const rewards = (await get(`/api/v1/accounts/0.0.${staker}/rewards`)).rewards;
    expect(rewards.length).toBeGreaterThan(0);
    expect(rewards[0].amount).toBeGreaterThan(0);
  });

  it('airdrops: from token treasuries to accounts that could not take them, fungible and NFT, pending, cancelled or claimed', async () => {
    const airdrops = db.prepare('SELECT * FROM token_airdrop').safeIntegers(true).all() as Array<Record<string, bigint | string | null>>;
    expect(airdrops.some((a) => a.state === 'PENDING' && a.serial_number === 0n)).toBe(true);
    expect(airdrops.some((a) => a.state === 'PENDING' && (a.serial_number as bigint) > 0n)).toBe(true);
    for (const state of ['CANCELLED', 'CLAIMED']) expect(airdrops.some((a) => a.state === state), state).toBe(true);
    const names = { PENDING: 'TOKENAIRDROP', CANCELLED: 'TOKENCANCELAIRDROP', CLAIMED: 'TOKENCLAIMAIRDROP' } as Record<string, string>;
    for (const a of airdrops) {
      const token = one<{ treasury_account_id: bigint; type: string }>('SELECT treasury_account_id, type FROM token WHERE token_id = ?', a.token_id);
      expect(BigInt(token.treasury_account_id)).toBe(a.sender_account_id);
      // Sent because the receiver could not take it: no automatic association slot.
      expect(one<{ slots: number }>('SELECT max_automatic_token_associations AS slots FROM entity WHERE id = ?', a.receiver_account_id).slots).toBe(0);
      const holding = db.prepare('SELECT balance, created_timestamp FROM token_account WHERE account_id = ? AND token_id = ?').safeIntegers(true)
        .get(a.receiver_account_id, a.token_id) as { balance: bigint; created_timestamp: bigint } | undefined;
      const nft = token.type === 'NON_FUNGIBLE_UNIQUE';
      if (nft) expect(a.amount).toBeNull();
      const owner = nft ? one<{ owner: number }>('SELECT account_id AS owner FROM nft WHERE token_id = ? AND serial_number = ?', a.token_id, a.serial_number).owner : null;
      if (a.state === 'CLAIMED') {
        // The claim associated the receiver, and the units or the serial are its own since.
        expect(holding!.created_timestamp).toBe(a.timestamp_range_lower);
        expect(holding!.balance).toBe(nft ? 1n : a.amount);
        if (nft) expect(owner).toBe(Number(a.receiver_account_id));
      } else {
        expect(holding).toBeUndefined();
        if (nft) expect(owner).toBe(Number(a.sender_account_id));
      }
      // The airdrop, its cancellation (by the sender) or its claim (by the receiver) is a transaction at that moment.
      const payer = a.state === 'CLAIMED' ? a.receiver_account_id : a.sender_account_id;
      const { transactions } = await get(`/api/v1/transactions?timestamp=${formatTimestamp(a.timestamp_range_lower as bigint)}`);
      expect(transactions.map((t: Body) => [t.name, t.result, t.transaction_id.split('-')[0]])).toEqual([[names[a.state as string], 'SUCCESS', `0.0.${payer}`]]);
      if (a.state === 'CLAIMED') {
        const moved = nft ? transactions[0].nft_transfers.map((t: Body) => [t.sender_account_id, t.receiver_account_id])
          : transactions[0].token_transfers.filter((t: Body) => t.amount > 0).map((t: Body) => [`0.0.${a.sender_account_id}`, t.account]);
        expect(moved).toEqual([[`0.0.${a.sender_account_id}`, `0.0.${a.receiver_account_id}`]]);
      }
    }
    const pending = airdrops.find((a) => a.state === 'PENDING')!;
    const received = (await get(`/api/v1/accounts/0.0.${pending.receiver_account_id}/airdrops/pending`)).airdrops as Body[];
    expect(received.map((a) => a.token_id)).toContain(`0.0.${pending.token_id}`);
    const sent = (await get(`/api/v1/accounts/0.0.${pending.sender_account_id}/airdrops/outstanding`)).airdrops as Body[];
    expect(sent.length).toBe(airdrops.filter((a) => a.state === 'PENDING' && a.sender_account_id === pending.sender_account_id).length);
  });

  it('hooks: created with their owner, run by an earlier contract, storage written by HOOKSTORE transactions and answered as of any time', async () => {
    const hooks = db.prepare('SELECT * FROM hook').safeIntegers(true).all() as Array<Record<string, bigint | string | Buffer | null>>;
    expect(new Set(hooks.map((h) => h.owner_id)).size).toBeGreaterThan(3);
    const entity = db.prepare('SELECT created_timestamp, type, alias FROM entity WHERE id = ?').safeIntegers(true);
    type Entity = { created_timestamp: bigint; type: string; alias: Buffer | null };
    for (const hook of hooks) {
      const owner = entity.get(hook.owner_id) as Entity;
      expect([owner.type, owner.alias, owner.created_timestamp]).toEqual(['ACCOUNT', null, hook.created_timestamp]);
      const contract = entity.get(hook.contract_id) as Entity;
      expect(contract.type).toBe('CONTRACT');
      expect(contract.created_timestamp).toBeLessThan(hook.created_timestamp as bigint);
    }
    // Each successful HOOKSTORE wrote its owner's slots at its timestamp; a failed one wrote none.
    const stores = db.prepare('SELECT consensus_timestamp, entity_id, payer_account_id, result FROM "transaction" WHERE type = 75').safeIntegers(true).all() as Array<Record<string, bigint>>;
    expect(stores.some((s) => s.result === 22n)).toBe(true);
    const changes = db.prepare('SELECT owner_id, consensus_timestamp FROM hook_storage_change').safeIntegers(true).all() as Array<Record<string, bigint>>;
    for (const store of stores) {
      expect(store.payer_account_id).toBe(store.entity_id);
      const written = changes.filter((c) => c.consensus_timestamp === store.consensus_timestamp);
      if (store.result === 22n) expect(written.length, `HOOKSTORE at ${store.consensus_timestamp}`).toBeGreaterThan(0);
      else expect(written).toEqual([]);
      for (const change of written) expect(change.owner_id).toBe(store.entity_id);
    }
    expect(changes.length).toBe(db.prepare('SELECT count(*) FROM "transaction" t JOIN hook_storage_change c ON c.consensus_timestamp = t.consensus_timestamp WHERE t.type = 75').pluck().get());

    // A hook whose storage had a slot removed: the live storage leaves it out, storage as of a time before has it.
    const removed = db.prepare('SELECT owner_id, hook_id, key, modified_timestamp FROM hook_storage WHERE deleted = 1 ORDER BY owner_id, hook_id LIMIT 1')
      .safeIntegers(true).get() as { owner_id: bigint; hook_id: bigint; key: Buffer; modified_timestamp: bigint };
    const base = `/api/v1/accounts/0.0.${removed.owner_id}/hooks/${removed.hook_id}/storage`;
    const key = `0x${removed.key.toString('hex')}`;
    const live = (await get(base)).storage as Body[];
    expect(live.length).toBeGreaterThan(0);
    expect(live.map((s) => s.key)).not.toContain(key);
    const before = (await get(`${base}?timestamp=lt:${formatTimestamp(removed.modified_timestamp)}`)).storage as Body[];
    expect(before.map((s) => s.key)).toContain(key);
    const listed = (await get(`/api/v1/accounts/0.0.${removed.owner_id}/hooks`)).hooks as Body[];
    expect(listed.map((h) => h.hook_id)).toContain(Number(removed.hook_id));
    expect(listed.every((h) => h.extension_point === 'ACCOUNT_ALLOWANCE_HOOK' && h.type === 'EVM')).toBe(true);
    expect((await get(`/api/v1/transactions?transactiontype=HOOKSTORE&account.id=0.0.${removed.owner_id}`)).transactions.length).toBeGreaterThan(0);
  });

  it('custom fees: token schedules of each kind, charged when a holder sends units back or a collector passes a serial on, and topic fees charged to submitters', async () => {
    const scheduled = db.prepare("SELECT f.entity_id, e.type FROM custom_fee f JOIN entity e ON e.id = f.entity_id").all() as Array<{ entity_id: number; type: string }>;
    const feeTokens = await Promise.all(scheduled.filter((f) => f.type === 'TOKEN').map(async (f) => get(`/api/v1/tokens/0.0.${f.entity_id}`)));
    for (const kind of ['fixed_fees', 'fractional_fees', 'royalty_fees']) expect(feeTokens.some((t) => t.custom_fees[kind]?.length > 0), kind).toBe(true);
    // Each has the key that may change its schedule.
    expect(feeTokens.filter((t) => t.fee_schedule_key === null)).toEqual([]);

    // Every charged transaction: its fees as the API reports them, and the movements that paid them.
    const charged = db.prepare('SELECT DISTINCT consensus_timestamp FROM assessed_custom_fee').pluck().safeIntegers(true).all() as bigint[];
    expect(charged.length).toBeGreaterThan(5);
    const kinds = new Set<string>();
    for (const at of charged) {
      const listed = (await get(`/api/v1/transactions?timestamp=${formatTimestamp(at)}`)).transactions[0] as Body;
      const [tx] = (await get(`/api/v1/transactions/${listed.transaction_id}`)).transactions as Body[];
      const payer = `0.0.${tx!.transaction_id.split('-')[0].split('.')[2]}`;
      const [resold] = tx!.nft_transfers as Body[];
      for (const fee of tx!.assessed_custom_fees as Body[]) {
        if (resold) {
          // A serial passed on between collectors: its collection's royalty. Out of what the seller received, which
          // the royalty is that share of; on a gift (the giver paid only the transaction), the fallback fee from the receiver.
          const [royalty] = (await get(`/api/v1/tokens/${resold.token_id}`)).custom_fees.royalty_fees as Body[];
          expect(fee.collector_account_id).toBe(royalty!.collector_account_id);
          // Less a staking reward the transaction paid the seller: its transfer includes that.
          const sellerReward = (tx!.staking_reward_transfers as Body[]).find((r) => r.account === resold.sender_account_id)?.amount ?? 0;
          const sellerGot = (tx!.transfers.find((t: Body) => t.account === resold.sender_account_id)?.amount ?? 0) - sellerReward;
          if (sellerGot > 0) {
            expect(fee.effective_payer_account_ids).toEqual([resold.sender_account_id]);
            expect(fee.amount).toBe(Math.floor((sellerGot + fee.amount) * royalty!.amount.numerator / royalty!.amount.denominator));
            kinds.add(`${tx!.name} royalty`);
          } else {
            expect(fee.effective_payer_account_ids).toEqual([resold.receiver_account_id]);
            expect(fee.amount).toBe(royalty!.fallback_fee.amount);
            kinds.add(`${tx!.name} fallback`);
          }
          continue;
        }
        expect(fee.effective_payer_account_ids).toEqual([payer]);
        if (fee.token_id === null) {
          // A flat HBAR fee: the collector received at least the fee in this transaction.
          expect(tx!.transfers.find((t: Body) => t.account === fee.collector_account_id)?.amount).toBeGreaterThanOrEqual(fee.amount);
        } else {
          // A fractional fee on a return to the treasury, paid on top in units: the treasury (its collector) got them with the rest.
          const token = await get(`/api/v1/tokens/${fee.token_id}`);
          expect(fee.collector_account_id).toBe(token.treasury_account_id);
          const moved = tx!.token_transfers.filter((t: Body) => t.token_id === fee.token_id);
          expect(moved.find((t: Body) => t.account === payer).amount).toBeLessThan(-fee.amount);
        }
        kinds.add(`${tx!.name} ${fee.token_id === null ? 'HBAR' : 'token'}`);
      }
    }
    expect([...kinds].sort()).toEqual(['CONSENSUSSUBMITMESSAGE HBAR', 'CRYPTOTRANSFER HBAR', 'CRYPTOTRANSFER fallback', 'CRYPTOTRANSFER royalty', 'CRYPTOTRANSFER token']);

    // A topic with a fee: its creator collects it and pays none on its own messages; a submitter that set limits shows them.
    const topic = scheduled.find((f) => f.type === 'TOPIC')!.entity_id;
    const { custom_fees: topicFees } = await get(`/api/v1/topics/0.0.${topic}`);
    const collector = topicFees.fixed_fees[0].collector_account_id as string;
    const submissions = db.prepare('SELECT consensus_timestamp, payer_account_id FROM "transaction" WHERE entity_id = ? AND type = 27 AND result = 22').safeIntegers(true).all(topic) as Array<Record<string, bigint>>;
    for (const submission of submissions) {
      const fees = db.prepare('SELECT count(*) FROM assessed_custom_fee WHERE consensus_timestamp = ?').pluck().get(submission.consensus_timestamp);
      expect(fees, `message at ${submission.consensus_timestamp}`).toBe(`0.0.${submission.payer_account_id}` === collector ? 0 : 1);
    }
    expect(submissions.length).toBeGreaterThan(0);
    const limited = db.prepare(`SELECT payer_account_id, valid_start_ns FROM "transaction" WHERE max_custom_fees != '[]' LIMIT 1`).safeIntegers(true).get() as { payer_account_id: bigint; valid_start_ns: bigint };
    const [withLimit] = (await get(`/api/v1/transactions/0.0.${limited.payer_account_id}-${limited.valid_start_ns / 1_000_000_000n}-${String(limited.valid_start_ns % 1_000_000_000n).padStart(9, '0')}`)).transactions as Body[];
    expect(withLimit!.max_custom_fees).toEqual([{ account_id: withLimit!.assessed_custom_fees[0].collector_account_id, amount: withLimit!.assessed_custom_fees[0].amount * 2, denominating_token_id: null }]);
  });

  it('topics and messages: sequence numbers, running hashes, chunks, a deleted topic', async () => {
    const topic = one<{ id: number }>("SELECT id FROM entity WHERE type = 'TOPIC' ORDER BY id LIMIT 1").id;
    expect((await get(`/api/v1/topics/0.0.${topic}`)).topic_id).toBe(`0.0.${topic}`);
    const messages = await listAndNext(`/api/v1/topics/0.0.${topic}/messages?limit=10`, 'messages');
    expect(messages.map((m) => m.sequence_number)).toEqual(Array.from({ length: messages.length }, (_, i) => i + 1));
    for (const m of messages) expect(Buffer.from(m.running_hash, 'base64')).toHaveLength(48);
    expect((await get(`/api/v1/topics/0.0.${topic}/messages/3`)).sequence_number).toBe(3);
    expect((await get(`/api/v1/topics/messages/${messages[1]!.consensus_timestamp}`)).sequence_number).toBe(2);
    const chunked = one<{ topic_id: number; sequence_number: number }>('SELECT topic_id, sequence_number FROM topic_message WHERE chunk_total > 1 LIMIT 1');
    const chunk = await get(`/api/v1/topics/0.0.${chunked.topic_id}/messages/${chunked.sequence_number}`);
    expect(chunk.chunk_info.total).toBeGreaterThan(1);
    expect(one<{ n: number }>("SELECT count(*) AS n FROM entity WHERE type = 'TOPIC' AND deleted = 1").n).toBe(1);
  });

  it('schedules: executed, pending and deleted ones, with signatures', async () => {
    const schedules = (await get('/api/v1/schedules?limit=25')).schedules as Body[];
    expect(schedules.length).toBeGreaterThanOrEqual(10);
    expect(schedules.some((s) => s.executed_timestamp !== null)).toBe(true);
    expect(schedules.some((s) => s.executed_timestamp === null && !s.deleted)).toBe(true);
    expect(schedules.filter((s) => s.deleted)).toHaveLength(1);
    const schedule = await get(`/api/v1/schedules/${schedules[0]!.schedule_id}`);
    expect(schedule.signatures.length).toBeGreaterThan(0);
    await listAndNext('/api/v1/schedules?limit=4', 'schedules');
  });

  it('schedules carry a SchedulableTransactionBody that the executed transaction carries out', async () => {
    // Decoded as the schedule page does; the amount received in the executed transaction must match.
    const executed = ((await get('/api/v1/schedules?limit=25')).schedules as Body[]).filter((s) => s.executed_timestamp !== null);
    expect(executed.length).toBeGreaterThan(3);
    for (const schedule of executed) {
      const scheduled = decodeScheduledTransaction(schedule.transaction_body)!;
      expect(scheduled, schedule.schedule_id).not.toBeNull();
      expect(scheduled.type).toBe('CRYPTOTRANSFER');
      expect(scheduled.memo).toBe(schedule.memo);
      const [debit, credit] = scheduled.transfers;
      expect(debit!.account).toBe(schedule.payer_account_id);
      expect(debit!.amount).toBe(-credit!.amount);
      const { transactions } = await get(`/api/v1/transactions?timestamp=${schedule.executed_timestamp}`);
      expect(transactions[0].scheduled).toBe(true);
      if (credit!.account === debit!.account) continue; // a transfer to itself moves nothing
      const received = (transactions[0].transfers as Body[]).filter((t) => t.account === credit!.account).reduce((sum, t) => sum + BigInt(t.amount), 0n);
      expect(received, schedule.schedule_id).toBe(credit!.amount);
    }
    // One that waits for expiry executes at its expiration time (only those whose expiry has passed).
    const all = (await get('/api/v1/schedules?limit=100')).schedules as Body[];
    const waiting = all.filter((s) => s.wait_for_expiry && s.executed_timestamp !== null);
    expect(waiting.length).toBeGreaterThan(0);
    for (const schedule of waiting) expect(schedule.executed_timestamp, schedule.schedule_id).toBe(schedule.expiration_time);
  });

  it('contracts: results, logs, actions, state, and eth_call reading the stored state', async () => {
    const contracts = await listAndNext('/api/v1/contracts?limit=5', 'contracts');
    const contract = await get(`/api/v1/contracts/${contracts[0]!.contract_id}`);
    expect(contract.runtime_bytecode).toMatch(/^0x6080/);
    const results = await listAndNext('/api/v1/contracts/results?limit=5', 'results');
    const byHash = await get(`/api/v1/contracts/results/${results[0]!.hash}`);
    expect(byHash.block_hash).toMatch(/^0x[0-9a-f]{96}$/);
    expect((await get(`/api/v1/contracts/results/${results[0]!.hash}/actions`)).actions.length).toBeGreaterThan(0);
    const logged = one<{ contract_id: number }>('SELECT contract_id FROM contract_log GROUP BY contract_id HAVING count(*) > 2 ORDER BY contract_id LIMIT 1').contract_id;
    await listAndNext(`/api/v1/contracts/0.0.${logged}/results/logs?limit=2`, 'logs');
    await listAndNext(`/api/v1/contracts/0.0.${logged}/results?limit=1`, 'results');
    await listAndNext('/api/v1/contracts/results/logs?limit=5', 'logs');
    expect((await get(`/api/v1/contracts/0.0.${logged}/state`)).state.length).toBeGreaterThan(0);

    // A Counter's count() through eth_call equals what its last event says (Incremented: the new count; Reset: zero).
    const incremented = eventTopic('Incremented(address,uint256,uint256)');
    const counter = one<{ contract_id: number }>('SELECT contract_id FROM contract_log WHERE topic0 = ? ORDER BY contract_id LIMIT 1', incremented).contract_id;
    const last = one<{ topic0: Buffer; data: Buffer }>('SELECT topic0, data FROM contract_log WHERE contract_id = ? ORDER BY consensus_timestamp DESC LIMIT 1', counter);
    const expected = last.topic0.equals(incremented) ? BigInt(`0x${last.data.subarray(32, 64).toString('hex')}`) : 0n;
    const response = await fixture.inject({ method: 'POST', url: '/api/v1/contracts/call', payload: {
      to: `0x${counter.toString(16).padStart(40, '0')}`, data: `0x${encodeCall('count()').toString('hex')}`,
    } });
    expect(response.statusCode, response.body).toBe(200);
    expect(BigInt(JSON.parse(response.body).result)).toBe(expected);
  });

  it('blocks: read off the transactions, numbered without gaps, each holding what its count says', async () => {
    const all = db.prepare('SELECT consensus_start, consensus_end, count, "index", hash, prev_hash FROM record_file ORDER BY "index"').safeIntegers(true).all() as
      Array<{ consensus_start: bigint; consensus_end: bigint; count: bigint; index: bigint; hash: string; prev_hash: string }>;
    const between = db.prepare('SELECT count(*) FROM "transaction" WHERE consensus_timestamp BETWEEN ? AND ?').pluck().safeIntegers(true);
    expect(all.length).toBeGreaterThan(1000);
    all.forEach((block, i) => {
      expect(block.index).toBe(BigInt(i));
      expect(between.get(block.consensus_start, block.consensus_end), `block ${i}`).toBe(block.count);
      // Closed before 2 s had passed since its first transaction; the next one begins at least 2 s after it.
      expect(block.consensus_end - block.consensus_start).toBeLessThan(2_000_000_000n);
      if (i > 0) {
        expect(block.consensus_start - all[i - 1]!.consensus_start).toBeGreaterThanOrEqual(2_000_000_000n);
        expect(block.prev_hash).toBe(all[i - 1]!.hash);
      }
    });
    expect(all.reduce((sum, block) => sum + block.count, 0n)).toBe(db.prepare('SELECT count(*) FROM "transaction"').pluck().safeIntegers(true).get());

    // Every contract result and log has its transaction's place in its block (some are not the first there).
    const misplaced = (table: string) => db.prepare(`SELECT count(*) FROM ${table} r
      JOIN record_file b ON b.consensus_end = (SELECT min(consensus_end) FROM record_file WHERE consensus_end >= r.consensus_timestamp)
      WHERE r.transaction_index != (SELECT count(*) FROM "transaction" t WHERE t.consensus_timestamp >= b.consensus_start AND t.consensus_timestamp < r.consensus_timestamp)`).pluck().get();
    expect(misplaced('contract_result')).toBe(0);
    expect(misplaced('contract_log')).toBe(0);
    expect(db.prepare('SELECT count(*) FROM contract_result WHERE transaction_index > 0').pluck().get()).toBeGreaterThan(0);
    // A block's gas is what its contract results used.
    expect(db.prepare(`SELECT count(*) FROM record_file b WHERE b.gas_used != (SELECT coalesce(sum(gas_used), 0) FROM contract_result r
      WHERE r.consensus_timestamp BETWEEN b.consensus_start AND b.consensus_end)`).pluck().get()).toBe(0);
    expect(db.prepare('SELECT count(*) FROM record_file WHERE gas_used > 0').pluck().get()).toBeGreaterThan(0);
    // Gas is charged as consumed: the mirror's two fields are equal since v0.140.
    expect(db.prepare('SELECT count(*) FROM contract_result WHERE gas_used != gas_consumed').pluck().get()).toBe(0);

    // The API pages through them, and each contract result names its block and its place in it.
    const [newest, older] = await listAndNext('/api/v1/blocks?limit=3', 'blocks');
    expect([newest!.number, older!.number]).toEqual([all.length - 1, all.length - 2]);
    const { results } = await get('/api/v1/contracts/results?limit=20');
    for (const result of results) {
      const block = await get(`/api/v1/blocks/${result.block_number}`);
      expect(block.hash).toBe(result.block_hash);
      expect(block.gas_used).toBe(result.block_gas_used);
      const from = timestampToNanos(block.timestamp.from)!;
      const before = Number(between.get(from, timestampToNanos(result.timestamp)! - 1n));
      expect(result.transaction_index, result.timestamp).toBe(before);
      // The block's bloom holds every bit of its results' blooms.
      const bloom = BigInt(block.logs_bloom);
      expect(bloom & BigInt(result.bloom === '0x' ? 0 : result.bloom)).toBe(result.bloom === '0x' ? 0n : BigInt(result.bloom));
    }
  });

  it('network: supply, stake, nodes, exchange rate and fees', async () => {
    const supply = await get('/api/v1/network/supply');
    expect(BigInt(supply.total_supply)).toBeGreaterThan(0n);
    const stake = await get('/api/v1/network/stake');
    expect(stake.stake_total).toBeGreaterThan(0);
    const nodes = await listAndNext('/api/v1/network/nodes?limit=10', 'nodes');
    expect(nodes[0]!.service_endpoints.length).toBeGreaterThan(0);
    expect(nodes.some((n) => n.grpc_proxy_endpoint !== null)).toBe(true);
    expect(nodes.some((n) => n.decline_reward === true)).toBe(true);
    expect(nodes[0]!.stake).toBeGreaterThan(0);
    const rate = await get('/api/v1/network/exchangerate');
    expect(rate.current_rate.cent_equivalent).toBeGreaterThan(0);
    const fees = await get('/api/v1/network/fees');
    expect(fees.fees.map((f: Body) => f.transaction_type).sort()).toEqual(['ContractCall', 'ContractCreate', 'EthereumTransaction']);
    // Registered services: the deleted one left out, each endpoint typed by the service it offers.
    const registered = (await get('/api/v1/network/registered-nodes')).registered_nodes as Body[];
    expect(registered.map((n) => n.registered_node_id)).toEqual([1, 2, 3, 4]);
    expect(registered.flatMap((n) => n.service_endpoints.map((e: Body) => e.type)).sort()).toEqual(['BLOCK_NODE', 'BLOCK_NODE', 'GENERAL_SERVICE', 'MIRROR_NODE', 'RPC_RELAY']);
    expect((await get('/api/v1/network/registered-nodes?type=rpc_relay')).registered_nodes.map((n: Body) => n.description)).toEqual(['Northwind community mirror']);
    // Each registration, the deletion and each node's naming of its block nodes is a transaction at that moment.
    const typeAt = async (timestamp: string | bigint) =>
      (await get(`/api/v1/transactions?timestamp=${typeof timestamp === 'bigint' ? formatTimestamp(timestamp) : timestamp}`)).transactions.map((t: Body) => t.name);
    for (const node of registered) expect(await typeAt(node.created_timestamp), `registered node ${node.registered_node_id}`).toEqual(['REGISTEREDNODECREATE']);
    const retired = db.prepare('SELECT created_timestamp, timestamp_range_lower FROM registered_node WHERE deleted = 1').safeIntegers(true).get() as { created_timestamp: bigint; timestamp_range_lower: bigint };
    expect(await typeAt(retired.created_timestamp)).toEqual(['REGISTEREDNODECREATE']);
    expect(await typeAt(retired.timestamp_range_lower)).toEqual(['REGISTEREDNODEDELETE']);
    const named = db.prepare('SELECT node_id, timestamp_range_lower FROM node WHERE associated_registered_nodes IS NOT NULL').safeIntegers(true).all() as Array<{ node_id: bigint; timestamp_range_lower: bigint }>;
    expect(named.length).toBeGreaterThan(0);
    for (const node of named) expect(await typeAt(node.timestamp_range_lower), `node ${node.node_id}`).toEqual(['NODEUPDATE']);
  });

  it('balances stay sane: no account row has a negative balance', () => {
    expect(one<{ n: number }>("SELECT count(*) AS n FROM entity WHERE type IN ('ACCOUNT', 'CONTRACT') AND balance < 0").n).toBe(0);
    // Every transaction's HBAR transfers add up to zero.
    expect(one<{ n: number }>('SELECT count(*) AS n FROM (SELECT consensus_timestamp FROM crypto_transfer GROUP BY consensus_timestamp HAVING sum(amount) != 0)').n).toBe(0);
  });
});

describe('the demo ledger answers balances as of a past moment', () => {
  // Computed here from the transfers alone, independently of the snapshots: today's balance less every change after `at`.
  const hbarAt = (account: number, at: bigint): bigint => {
    const row = db.prepare(`SELECT e.balance - coalesce((SELECT sum(amount) FROM crypto_transfer WHERE entity_id = e.id AND consensus_timestamp > ?), 0) AS balance
      FROM entity e WHERE e.id = ?`).safeIntegers(true).get(at, account) as { balance: bigint };
    return row.balance;
  };
  const tokenAt = (account: number, token: number, at: bigint): bigint => (db.prepare(`SELECT ta.balance - coalesce((SELECT sum(amount) FROM token_transfer
      WHERE account_id = ta.account_id AND token_id = ta.token_id AND consensus_timestamp > ?), 0) AS balance FROM token_account ta WHERE account_id = ? AND token_id = ?`)
    .safeIntegers(true).get(at, account, token) as { balance: bigint }).balance;
  const nanos = (timestamp: string): bigint => timestampToNanos(timestamp)!;

  it("an account's HBAR and token balances before its transactions, by /balances and /accounts/{id}", async () => {
    // Accounts that moved HBAR and a fungible token, at moments spread over the ledger's history.
    const moments = db.prepare(`SELECT tt.account_id AS account, tt.token_id AS token, tt.consensus_timestamp AS at FROM token_transfer tt
      JOIN crypto_transfer ct ON ct.consensus_timestamp = tt.consensus_timestamp AND ct.entity_id = tt.account_id
      WHERE tt.account_id > 1000 AND tt.consensus_timestamp % 7 = 0 ORDER BY tt.consensus_timestamp LIMIT 400`).safeIntegers(true).all() as Array<{ account: bigint; token: bigint; at: bigint }>;
    expect(moments.length).toBeGreaterThan(20);
    const picked = moments.filter((_, i) => i % Math.floor(moments.length / 12) === 0);
    for (const { account, token, at } of picked) {
      const id = `0.0.${account}`;
      const before = at - 1n;
      const query = `timestamp=lte:${nanosToTimestamp(before)}`;
      const page = await get(`/api/v1/balances?account.id=${id}&${query}`);
      // The newest snapshot at or before the moment, and the balances it holds.
      const snapshot = nanos(page.timestamp);
      expect(snapshot <= before, `${id} ${query}`).toBe(true);
      expect(BigInt(page.balances[0].balance), `${id} at ${page.timestamp}`).toBe(hbarAt(Number(account), snapshot));
      const held = page.balances[0].tokens.find((t: Body) => t.token_id === `0.0.${token}`);
      const expected = tokenAt(Number(account), Number(token), snapshot);
      expect(held ? BigInt(held.balance) : 0n, `${id} token 0.0.${token} at ${page.timestamp}`).toBe(expected);

      const asOf = await get(`/api/v1/accounts/${id}?transactions=false&${query}`);
      expect(asOf.balance.timestamp).toBe(page.timestamp);
      expect(BigInt(asOf.balance.balance)).toBe(hbarAt(Number(account), snapshot));
    }
  });

  it("the app's balance just before and after a transaction (snapshot plus the transfers since) is the one the transfers give", async () => {
    // The app's own reader over this API, as its mirror/get channel answers (integers beyond 2^53 kept exact).
    const read = async (path: string) => {
      const response = await fixture.get(path);
      return response.statusCode === 200 ? { ok: true as const, value: parseJsonLossless(response.body) }
        : { ok: false as const, error: { code: 'not-found' as const, message: response.body, details: [] } };
    };
    // Transactions spread over the history, each with the accounts it moved HBAR for (the node and 0.0.98, busy, included).
    const sample = db.prepare(`SELECT consensus_timestamp AS at, entity_id AS account, amount FROM crypto_transfer
      WHERE consensus_timestamp IN (SELECT consensus_timestamp FROM "transaction" WHERE consensus_timestamp % 499 = 0 LIMIT 15)`)
      .safeIntegers(true).all() as Array<{ at: bigint; account: bigint; amount: bigint }>;
    expect(sample.length).toBeGreaterThan(30);
    for (const { at, account, amount } of sample) {
      const outcome = await hbarBalanceAt(read, `0.0.${account}`, nanosToTimestamp(at - 1n)!, { maxPages: 100 });
      expect(outcome.kind, `0.0.${account} before ${at}`).toBe('known');
      if (outcome.kind !== 'known') continue;
      expect(outcome.value.balance, `0.0.${account} before ${at}`).toBe(hbarAt(Number(account), at - 1n));
      const after = await hbarBalanceAt(read, `0.0.${account}`, nanosToTimestamp(at)!, { maxPages: 100 });
      expect(after.kind === 'known' && after.value.balance).toBe(outcome.value.balance + amount);
    }
  });

  it("the app's token and NFT balances just before and after a transaction are the ones the transfers give", async () => {
    const read = async (path: string) => {
      const response = await fixture.get(path);
      return response.statusCode === 200 ? { ok: true as const, value: parseJsonLossless(response.body) }
        : { ok: false as const, error: { code: 'not-found' as const, message: response.body, details: [] } };
    };
    const nftAt = (account: bigint, token: bigint, at: bigint): bigint => (db.prepare(`SELECT coalesce(sum(CASE WHEN receiver_account_id = ? THEN 1 ELSE 0 END)
      - sum(CASE WHEN sender_account_id = ? THEN 1 ELSE 0 END), 0) AS n FROM nft_transfer WHERE token_id = ? AND consensus_timestamp <= ?`)
      .safeIntegers(true).get(account, account, token, at) as { n: bigint }).n;
    const fungible = db.prepare(`SELECT consensus_timestamp AS at, account_id AS account, token_id AS token, amount FROM token_transfer
      WHERE consensus_timestamp % 13 = 0 ORDER BY consensus_timestamp LIMIT 12`).safeIntegers(true).all() as Array<{ at: bigint; account: bigint; token: bigint; amount: bigint }>;
    expect(fungible.length).toBeGreaterThan(5);
    for (const { at, account, token, amount } of fungible) {
      const asset = { kind: 'token' as const, token: `0.0.${token}` };
      const before = await balanceAt(read, `0.0.${account}`, asset, nanosToTimestamp(at - 1n)!, { maxPages: 100 });
      expect(before.kind === 'known' && before.value.balance, `0.0.${account} token 0.0.${token} before ${at}`).toBe(tokenAt(Number(account), Number(token), at - 1n));
      const after = await balanceAt(read, `0.0.${account}`, asset, nanosToTimestamp(at)!, { maxPages: 100 });
      expect(after.kind === 'known' && after.value.balance).toBe(tokenAt(Number(account), Number(token), at - 1n) + amount);
    }
    const nfts = db.prepare(`SELECT consensus_timestamp AS at, receiver_account_id AS account, token_id AS token FROM nft_transfer
      WHERE receiver_account_id IS NOT NULL AND sender_account_id IS NOT NULL AND consensus_timestamp % 5 = 0 ORDER BY consensus_timestamp LIMIT 8`).safeIntegers(true).all() as Array<{ at: bigint; account: bigint; token: bigint }>;
    expect(nfts.length).toBeGreaterThan(3);
    for (const { at, account, token } of nfts) {
      const after = await balanceAt(read, `0.0.${account}`, { kind: 'token', token: `0.0.${token}` }, nanosToTimestamp(at)!, { maxPages: 100 });
      expect(after.kind === 'known' && after.value.balance, `0.0.${account} NFTs of 0.0.${token} at ${at}`).toBe(nftAt(account, token, at));
    }
  });

  it('a snapshot lists an account whose balance has not changed for months, and the treasury marks every snapshot', async () => {
    // An account whose last transfer lies long before the ledger's end, asked about 70 days after it.
    const quiet = db.prepare(`SELECT entity_id AS account, max(consensus_timestamp) AS last FROM crypto_transfer WHERE entity_id > 1000 GROUP BY entity_id
      HAVING last < (SELECT max(consensus_timestamp) FROM crypto_transfer) - 200 * 86400000000000 ORDER BY entity_id LIMIT 1`).safeIntegers(true).get() as { account: bigint; last: bigint };
    const later = quiet.last + 70n * 86_400n * 1_000_000_000n;
    const page = await get(`/api/v1/balances?account.id=0.0.${quiet.account}&timestamp=lte:${later / 1_000_000_000n}`);
    expect(nanos(page.timestamp) > quiet.last + 60n * 86_400n * 1_000_000_000n).toBe(true);
    expect(page.balances).toEqual([expect.objectContaining({ account: `0.0.${quiet.account}`, balance: Number(hbarAt(Number(quiet.account), nanos(page.timestamp))) })]);
    const snapshots = one<{ n: number }>('SELECT count(DISTINCT consensus_timestamp) AS n FROM account_balance').n;
    expect(one<{ n: number }>('SELECT count(*) AS n FROM account_balance WHERE account_id = 2').n).toBe(snapshots);
    // Every HBAR balance a snapshot holds is the one the transfers give (a sample of them).
    const rows = db.prepare('SELECT account_id AS account, consensus_timestamp AS at, balance FROM account_balance WHERE account_id > 1000 AND account_id % 37 = 0')
      .safeIntegers(true).all() as Array<{ account: bigint; at: bigint; balance: bigint }>;
    expect(rows.length).toBeGreaterThan(100);
    for (const row of rows) expect(row.balance, `0.0.${row.account} at ${row.at}`).toBe(hbarAt(Number(row.account), row.at));
  });
});

describe('the demo ledger keeps earlier versions of its accounts', () => {
  it('an account that began staking after its creation is found as it was before, staking to none', async () => {
    // Its version staking to none ends where the stake began (later versions are its reward payouts').
    const staker = db.prepare(`SELECT e.id, h.timestamp_range_upper AS since, e.staked_node_id AS node FROM entity e JOIN entity_history h ON h.id = e.id
      WHERE e.type = 'ACCOUNT' AND e.staked_node_id >= 0 AND h.staked_node_id = -1 AND h.timestamp_range_upper > e.created_timestamp ORDER BY e.id LIMIT 1`)
      .safeIntegers(true).get() as { id: bigint; since: bigint; node: bigint };
    const before = await get(`/api/v1/accounts/0.0.${staker.id}?transactions=false&timestamp=lte:${nanosToTimestamp(staker.since - 1n)}`);
    expect(before).toMatchObject({ account: `0.0.${staker.id}`, staked_node_id: null, stake_period_start: null });
    const after = await get(`/api/v1/accounts/0.0.${staker.id}?transactions=false&timestamp=lte:${nanosToTimestamp(staker.since)}`);
    expect(after.staked_node_id).toBe(Number(staker.node));
  });
});
