import type { SqliteDatabase } from '../mirror/store/ledger-store.ts';
import { contractRowsOf, type ContractRows } from './contract-rows.ts';
import type { ListedCollection } from './listed-crawl.ts';
import { upsertSql } from './upsert-sql.ts';

export const FIRST_CONTRACTS_PAGE = '/api/v1/contracts?limit=100&order=asc';

const ENTITY_FIELDS = [
  'id', 'shard', 'realm', 'num', 'key', 'public_key', 'auto_renew_account_id', 'auto_renew_period', 'created_timestamp',
  'deleted', 'evm_address', 'expiration_timestamp', 'max_automatic_token_associations', 'memo', 'ethereum_nonce',
  'obtainer_id', 'permanent_removal', 'proxy_account_id', 'timestamp_range_lower',
] as const;

/**
 * `/api/v1/contracts`, crawled by `crawlListed`: each contract's bytecode and runtime bytecode
 * come from `/api/v1/contracts/{id}`.
 */
export const CONTRACTS_LIST: ListedCollection<ContractRows> = {
  phase: 'contracts',
  firstPage: FIRST_CONTRACTS_PAGE,
  idParam: 'contract.id',
  listKey: 'contracts',
  idKey: 'contract_id',
  entity: 'contract',
  rowsOf: contractRowsOf,
  upserter: contractUpserter,
};

/** Stores one contract's entity and bytecode rows as upserts; callers wrap them in a transaction. */
export function contractUpserter(db: SqliteDatabase): (row: ContractRows) => void {
  // A contract the accounts crawl stored becomes a CONTRACT; its account fields agree already.
  const upsertEntity = db.prepare(upsertSql('entity', ENTITY_FIELDS, 'id', { type: "'CONTRACT'" }));
  const upsertContract = db.prepare(`INSERT INTO contract (id, file_id, initcode, runtime_bytecode) VALUES (@id, @file_id, @initcode, @runtime_bytecode)
    ON CONFLICT (id) DO UPDATE SET file_id = excluded.file_id, initcode = excluded.initcode, runtime_bytecode = excluded.runtime_bytecode`);
  return (row) => {
    const { file_id, initcode, runtime_bytecode, ...entity } = row;
    upsertEntity.run(entity);
    upsertContract.run({ id: row.id, file_id, initcode, runtime_bytecode });
  };
}
