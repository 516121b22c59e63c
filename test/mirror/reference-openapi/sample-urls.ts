import type { SqliteDatabase } from '../../../main/mirror/store/ledger-store.ts';

type Body = Record<string, any>;
export type JsonGet = (url: string) => Promise<Body>;

/**
 * Request paths over every GET operation of the mirror API, with ids read from its own lists
 * (and, where a list cannot find the rows worth asking for, from the store): several of each kind,
 * so that the optional parts of an answer (an NFT airdrop's missing amount, a contract result
 * without a failed init code, a scheduled transaction) are all met.
 */
export async function sampleUrls(get: JsonGet, db: SqliteDatabase): Promise<string[]> {
  const urls: string[] = [];
  const add = (...more: string[]) => urls.push(...more);
  const ids = (sql: string): string[] => (db.prepare(sql).pluck().all() as Array<number | bigint>).map((id) => `0.0.${id}`);

  add('/api/v1/accounts', '/api/v1/accounts?limit=100&order=desc', '/api/v1/accounts?balance=false', '/api/v1/balances', '/api/v1/balances?limit=100&order=desc');
  const accounts = ((await get('/api/v1/accounts?limit=30&order=desc')).accounts as Body[]);
  const owners = [
    ...accounts.map((a) => a.account as string),
    ...ids('SELECT DISTINCT owner FROM crypto_allowance LIMIT 5'), ...ids('SELECT DISTINCT owner FROM token_allowance LIMIT 5'),
    ...ids('SELECT DISTINCT owner FROM nft_allowance LIMIT 5'), ...ids('SELECT DISTINCT account_id FROM staking_reward_transfer LIMIT 5'),
    ...ids("SELECT DISTINCT sender_account_id FROM token_airdrop WHERE state = 'PENDING' LIMIT 5"),
    ...ids("SELECT DISTINCT receiver_account_id FROM token_airdrop WHERE state = 'PENDING' LIMIT 5"),
    ...ids('SELECT DISTINCT owner_id FROM hook LIMIT 5'),
    '0.0.2', '0.0.98', '0.0.800',
  ];
  for (const id of new Set(owners)) {
    add(`/api/v1/accounts/${id}`, `/api/v1/balances?account.id=${id}`);
    for (const sub of ['tokens', 'nfts', 'rewards', 'hooks', 'allowances/crypto', 'allowances/tokens', 'allowances/nfts', 'airdrops/outstanding', 'airdrops/pending']) {
      add(`/api/v1/accounts/${id}/${sub}`);
    }
  }
  const hooks = db.prepare('SELECT owner_id, hook_id FROM hook LIMIT 8').all() as Array<{ owner_id: number; hook_id: number }>;
  for (const hook of hooks) add(`/api/v1/accounts/0.0.${hook.owner_id}/hooks/${hook.hook_id}/storage`);
  for (const account of accounts.slice(0, 10)) {
    if (account.evm_address) add(`/api/v1/accounts/${account.evm_address}`);
    if (account.alias) add(`/api/v1/accounts/${account.alias}`);
  }

  add('/api/v1/tokens', '/api/v1/tokens?limit=100', '/api/v1/tokens?type=NON_FUNGIBLE_UNIQUE');
  const tokens = [...(await get('/api/v1/tokens?limit=15')).tokens, ...(await get('/api/v1/tokens?type=NON_FUNGIBLE_UNIQUE&limit=5')).tokens] as Body[];
  for (const token of tokens) {
    add(`/api/v1/tokens/${token.token_id}`, `/api/v1/tokens/${token.token_id}/balances`);
    if (token.type !== 'NON_FUNGIBLE_UNIQUE') continue;
    add(`/api/v1/tokens/${token.token_id}/nfts`);
    for (const nft of (await get(`/api/v1/tokens/${token.token_id}/nfts?limit=2`)).nfts as Body[]) {
      add(`/api/v1/tokens/${token.token_id}/nfts/${nft.serial_number}`, `/api/v1/tokens/${token.token_id}/nfts/${nft.serial_number}/transactions`);
    }
  }

  add('/api/v1/transactions', '/api/v1/transactions?limit=100&order=asc', '/api/v1/transactions?result=fail&limit=100');
  const transactions = ((await get('/api/v1/transactions?limit=40')).transactions as Body[]);
  const types = db.prepare('SELECT DISTINCT type FROM "transaction"').pluck().all() as Array<number | bigint>;
  for (const type of types) {
    const one = (db.prepare('SELECT payer_account_id, valid_start_ns FROM "transaction" WHERE type = ? LIMIT 1').get(type) as { payer_account_id: bigint | number; valid_start_ns: bigint | number });
    const ns = BigInt(one.valid_start_ns);
    add(`/api/v1/transactions/0.0.${one.payer_account_id}-${ns / 1_000_000_000n}-${ns % 1_000_000_000n}`);
  }
  for (const tx of transactions) add(`/api/v1/transactions/${tx.transaction_id}`);

  add('/api/v1/schedules', '/api/v1/schedules?limit=100&order=desc');
  for (const schedule of (await get('/api/v1/schedules?limit=15')).schedules as Body[]) add(`/api/v1/schedules/${schedule.schedule_id}`);

  add('/api/v1/contracts', '/api/v1/contracts/results?limit=100', '/api/v1/contracts/results/logs?limit=100');
  for (const contract of (await get('/api/v1/contracts?limit=10')).contracts as Body[]) {
    const id = contract.contract_id as string;
    add(`/api/v1/contracts/${id}`, `/api/v1/contracts/${contract.evm_address}`, `/api/v1/contracts/${id}/results`, `/api/v1/contracts/${id}/results/logs`, `/api/v1/contracts/${id}/state`);
  }
  const results = (await get('/api/v1/contracts/results?limit=100')).results as Body[];
  // A failed one too, which carries its error message and, for a creation, its init code.
  for (const result of [...results.slice(0, 10), ...results.filter((r) => r.result !== 'SUCCESS').slice(0, 3)]) {
    add(`/api/v1/contracts/results/${result.hash}`, `/api/v1/contracts/results/${result.hash}/actions`, `/api/v1/contracts/${result.contract_id}/results/${result.timestamp}`);
  }
  if (results[0]) add(`/api/v1/contracts/results/${results[0].hash}/opcodes`);

  add('/api/v1/blocks', '/api/v1/blocks?limit=100');
  for (const block of (await get('/api/v1/blocks?limit=5')).blocks as Body[]) add(`/api/v1/blocks/${block.number}`, `/api/v1/blocks/${block.hash}`);

  for (const topic of ids("SELECT id FROM entity WHERE type = 'TOPIC' LIMIT 8")) {
    add(`/api/v1/topics/${topic}`, `/api/v1/topics/${topic}/messages`, `/api/v1/topics/${topic}/messages/1`);
    const [first] = (await get(`/api/v1/topics/${topic}/messages?limit=1`)).messages as Body[];
    if (first) add(`/api/v1/topics/messages/${first.consensus_timestamp}`);
  }

  for (const name of ['exchangerate', 'fees', 'nodes', 'registered-nodes', 'stake', 'supply']) add(`/api/v1/network/${name}`);

  // Answers that refuse: the error bodies have a schema too.
  add('/api/v1/accounts?limit=x', '/api/v1/accounts/0.0.99999999', '/api/v1/tokens/0.0.99999999', '/api/v1/transactions/0.0.2-1-1', '/api/v1/topics/x');
  return urls;
}
