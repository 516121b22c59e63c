import type { SqliteDatabase } from '../mirror/store/ledger-store.ts';
import { contractRowsOf, type ContractRows } from './contract-rows.ts';
import { SyncCursors, type SyncCursor } from './sync-cursor.ts';
import type { UpstreamClient } from './upstream-client.ts';
import { UpstreamFormatError } from './upstream-values.ts';

export const FIRST_CONTRACTS_PAGE = '/api/v1/contracts?limit=100&order=asc';
/** By-id reads in flight at once: the rate limiter spaces them, a local upstream answers in parallel. */
const DETAIL_CONCURRENCY = 4;

const ENTITY_FIELDS = [
  'id', 'shard', 'realm', 'num', 'key', 'public_key', 'auto_renew_account_id', 'auto_renew_period', 'created_timestamp',
  'deleted', 'evm_address', 'expiration_timestamp', 'max_automatic_token_associations', 'memo', 'ethereum_nonce',
  'obtainer_id', 'permanent_removal', 'proxy_account_id', 'timestamp_range_lower',
] as const;

export interface ContractsContext {
  client: UpstreamClient;
  db: SqliteDatabase;
  signal: AbortSignal;
  onPage?: (page: { items: number; lastContract: string | null }) => void;
}

/**
 * One pass over `/api/v1/contracts`, ascending, following `links.next`; each contract's
 * bytecode and runtime bytecode come from its by-id operation. A page of contracts and the
 * cursor after it commit together. Resolves 'unsupported' when the upstream has no
 * contracts list.
 */
export async function crawlContracts(context: ContractsContext): Promise<'done' | 'unsupported'> {
  const cursors = new SyncCursors(context.db);
  const write = contractPageWriter(context.db, cursors);
  let cursor: SyncCursor = cursors.get('contracts') ?? { phase: 'contracts', nextUrl: FIRST_CONTRACTS_PAGE, items: 0, passes: 0, mark: null };
  while (cursor.nextUrl !== null) {
    const url: string = cursor.nextUrl;
    const reply = await context.client.get(url, { signal: context.signal });
    if (reply.status === 404) return 'unsupported';
    if (reply.status !== 200) throw new UpstreamFormatError(`unexpected answer to ${url}`);
    const body = reply.body as { contracts?: unknown; links?: { next?: unknown } };
    if (!Array.isArray(body.contracts)) throw new UpstreamFormatError(`the contracts page ${url} has no "contracts" array`);
    const rows = await fetchContracts(context, (body.contracts as Array<{ contract_id?: unknown }>).map((listed) => String(listed.contract_id)));
    const nextUrl = typeof body.links?.next === 'string' ? body.links.next : null;
    cursor = { ...cursor, nextUrl, items: cursor.items + rows.length, passes: nextUrl === null ? cursor.passes + 1 : cursor.passes };
    context.signal.throwIfAborted();
    write(rows, cursor);
    context.onPage?.({ items: rows.length, lastContract: rows.length > 0 ? String((body.contracts.at(-1) as { contract_id?: unknown }).contract_id) : null });
  }
  return 'done';
}

/** The by-id records of listed contracts, a few requests at a time, in list order; one gone by now (404) is skipped. */
async function fetchContracts(context: ContractsContext, ids: string[]): Promise<ContractRows[]> {
  const found: Array<ContractRows | null> = new Array(ids.length).fill(null);
  for (let i = 0; i < ids.length; i += DETAIL_CONCURRENCY) {
    await Promise.all(ids.slice(i, i + DETAIL_CONCURRENCY).map(async (id, j) => {
      const detail = await context.client.get(`/api/v1/contracts/${id}`, { signal: context.signal });
      if (detail.status === 200) found[i + j] = contractRowsOf(detail.body as Record<string, unknown>);
    }));
  }
  return found.filter((row): row is ContractRows => row !== null);
}

/** True when the store has the contract table (migration 004). */
export function hasContractTable(db: SqliteDatabase): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'contract'").get() !== undefined;
}

function contractPageWriter(db: SqliteDatabase, cursors: SyncCursors): (rows: ContractRows[], cursor: SyncCursor) => void {
  const upsert = contractUpserter(db);
  return db.transaction((rows: ContractRows[], cursor: SyncCursor) => {
    for (const row of rows) upsert(row);
    cursors.put(cursor);
  });
}

/** Stores one contract's entity and bytecode rows as upserts; callers wrap them in a transaction. */
export function contractUpserter(db: SqliteDatabase): (row: ContractRows) => void {
  // A contract the accounts crawl stored becomes a CONTRACT; its account fields agree already.
  const upsertEntity = db.prepare(`INSERT INTO entity (${ENTITY_FIELDS.join(', ')}, type)
    VALUES (${ENTITY_FIELDS.map((f) => `@${f}`).join(', ')}, 'CONTRACT')
    ON CONFLICT (id) DO UPDATE SET type = 'CONTRACT', ${ENTITY_FIELDS.filter((f) => f !== 'id').map((f) => `${f} = excluded.${f}`).join(', ')}`);
  const upsertContract = db.prepare(`INSERT INTO contract (id, file_id, initcode, runtime_bytecode) VALUES (@id, @file_id, @initcode, @runtime_bytecode)
    ON CONFLICT (id) DO UPDATE SET file_id = excluded.file_id, initcode = excluded.initcode, runtime_bytecode = excluded.runtime_bytecode`);
  return (row) => {
    const { file_id, initcode, runtime_bytecode, ...entity } = row;
    upsertEntity.run(entity);
    upsertContract.run({ id: row.id, file_id, initcode, runtime_bytecode });
  };
}
