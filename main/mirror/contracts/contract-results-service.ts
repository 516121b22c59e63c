import type { MirrorApiConfig } from '../config.ts';
import { decodeEntityId, sqlInt } from '../format/entity-id.ts';
import { formatTimestamp } from '../format/timestamp.ts';
import type { Filter } from '../http/filter-operator.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import { findByEvmAddress } from '../accounts/account-path-id.ts';
import { badRequest, NOT_FOUND, type GetOutcome } from '../query/mirror-get.ts';
import { nextPageLink } from '../query/next-link.ts';
import { MAX_LONG, parseEntityRef, parseTimestampParam } from '../query/param-values.ts';
import { validateQuery, type MirrorMessage } from '../query/query-filters.ts';
import { StoreService } from '../query/store-service.ts';
import { nowNanos, timestampBounds } from '../query/timestamp-range.ts';
import { bindTimestampWindow, MAX_TRANSACTIONS_RANGE_NS } from '../transactions/timestamp-window.ts';
import { blockByHash, blockByNumber } from '../blocks/block-lookup.ts';
import { blockAt, blocksAt } from './contract-blocks.ts';
import { parseContractRef, resolveContractRef } from './contract-ref.ts';
import type { ContractResultRow, EthereumTransactionRow } from './contract-result-row.ts';
import { HBAR_RULE, parseContractResultsParams, type ContractResultsQuery } from './contract-results-params.ts';
import { contractResultsPageSql, ETHEREUM_TRANSACTION_SQL, type ResultConditions } from './contract-results-sql.ts';
import {
  findTransaction, INVALID_TRANSACTION_ID, loadContractTransaction, parseTransactionRef, type ContractTransactionRecord,
} from './contract-transaction.ts';
import { CONTRACTS_PATH } from './contracts-service.ts';
import { renderResultLog, renderStateChange } from './render-contract-log.ts';
import { renderContractResult, renderContractResultDetails } from './render-contract-result.ts';

export const CONTRACT_RESULTS_PATH = `${CONTRACTS_PATH}/results`;
const LAST_SYSTEM_FILE_NUM = 1000n;
const EMPTY = (): GetOutcome => ({ status: 200, body: { results: [], links: { next: null } }, next: null });

/** Contract results: the global list, one contract's list, and a single result by timestamp, id or hash. */
export class ContractResultsService extends StoreService {
  /** GET /api/v1/contracts/results and /api/v1/contracts/{id}/results. */
  list(raw: ParsedQuery, contractIdText?: string): GetOutcome {
    const config = this.config();
    // Order of answers: a bad contract id (400), then bad parameters (400), then an unknown contract (404).
    const ref = contractIdText === undefined ? null : parseContractRef(contractIdText, config.shard, config.realm);
    if (contractIdText !== undefined && ref === null) return badRequest({ message: 'Invalid parameter: contractid' });
    const parsed = parseContractResultsParams(raw, config);
    if (!parsed.ok) return badRequest(...parsed.messages);
    let contractId: bigint | null = null;
    if (ref !== null) {
      const resolved = resolveContractRef(this.statements, ref);
      if (!resolved.ok) return { status: 404, messages: [{ message: resolved.message }] };
      contractId = resolved.id;
    }
    const { query } = parsed;
    const conditions = this.#conditions(query, contractId);
    if (conditions === null) return EMPTY();
    let windowNext: bigint | null = null;
    if (contractId === null && config.query.bindTimestampRange && !conditions.timestamps.some((f) => f.operator === 'eq')) {
      const width = config.query.maxTransactionsTimestampRangeNs;
      const bound = this.#bindWindow(conditions.timestamps, query.order, width === undefined ? MAX_TRANSACTIONS_RANGE_NS : BigInt(width));
      if (bound === null) return EMPTY();
      conditions.timestamps = bound.filters;
      windowNext = bound.next;
    }
    const { sql, params } = contractResultsPageSql(conditions, query.order, query.limit);
    const rows = this.statements.get(sql).all(...params) as ContractResultRow[];
    const results = contractId === null ? this.#renderDetailsList(rows, query.hbar, config) : rows.map(renderContractResult);
    const full = results.length === query.limit;
    const anchor = full ? formatTimestamp(rows.at(-1)!.consensus_timestamp) : windowNext === null ? null : formatTimestamp(windowNext);
    const path = contractIdText === undefined ? CONTRACT_RESULTS_PATH : `${CONTRACTS_PATH}/${contractIdText}/results`;
    const next = anchor === null ? null : nextPageLink(path, raw, [{ key: 'timestamp', value: anchor }], query.order, parseTimestampParam);
    return { status: 200, body: { results, links: { next } }, next };
  }

  /** GET /api/v1/contracts/{id}/results/{timestamp}. */
  byTimestamp(raw: ParsedQuery, contractIdText: string, timestampText: string): GetOutcome {
    const config = this.config();
    const messages: MirrorMessage[] = [];
    const ref = parseEntityRef(contractIdText, 'any', config.shard, config.realm);
    if (ref === null) messages.push({ message: 'Invalid parameter: contractid' });
    const timestamp = parseTimestampParam(timestampText);
    if (timestamp === null) messages.push({ message: 'Invalid parameter: timestamp' });
    if (ref === null || timestamp === null) return badRequest(...messages);
    const validated = validateQuery(raw, { hbar: HBAR_RULE });
    if (!validated.ok) return badRequest(...validated.messages);
    const resolved = resolveContractRef(this.statements, ref);
    if (!resolved.ok) return { status: 404, messages: [{ message: resolved.message }] };
    const record = loadContractTransaction(this.statements, timestamp, resolved.id);
    if (record === null || record.results.length === 0) return NOT_FOUND;
    const changes = record.stateChanges.filter((c) => c.contract_id === resolved.id || (record.involved.has(c.contract_id) && c.migration === 0n));
    return this.#single(record, changes, hbarOf(validated.filters), config);
  }

  /** GET /api/v1/contracts/results/{transactionIdOrHash}. */
  byTransaction(raw: ParsedQuery, idOrHash: string): GetOutcome {
    const config = this.config();
    const validated = validateQuery(raw, {
      hbar: HBAR_RULE,
      nonce: (op, value) => op === 'eq' && /^\d{1,10}$/.test(value) && Number(value) <= 2_147_483_647,
    });
    if (!validated.ok) return badRequest(...validated.messages);
    const ref = parseTransactionRef(idOrHash);
    if (ref === null) return badRequest({ message: INVALID_TRANSACTION_ID });
    const nonce = Number(validated.filters.filter((f) => f.key === 'nonce').at(-1)?.value ?? 0);
    const anchor = findTransaction(this.statements, ref, nonce);
    if (anchor === null) return NOT_FOUND;
    const record = loadContractTransaction(this.statements, anchor.timestamp, anchor.entityId);
    if (record === null || record.results.length === 0) return NOT_FOUND;
    const changes = record.stateChanges.filter((c) => record.involved.has(c.contract_id) && c.migration === 0n);
    return this.#single(record, changes, hbarOf(validated.filters), config);
  }

  #single(record: ContractTransactionRecord, changes: ContractTransactionRecord['stateChanges'], hbar: boolean, config: MirrorApiConfig): GetOutcome {
    const result = record.results[0]!;
    const eth = this.#ethereumTransaction(result.consensus_timestamp, record.payer);
    const body = renderContractResultDetails(result, blockAt(this.statements, result.consensus_timestamp), eth, {
      hbar,
      includeAuthorizationList: config.response.enableDelegationAddress,
      callDataFile: eth ? this.#callDataFile(eth) : null,
    });
    body.logs = record.logs.map(renderResultLog);
    body.state_changes = changes.map(renderStateChange);
    return { status: result.call_result === null ? 206 : 200, body };
  }

  #renderDetailsList(rows: ContractResultRow[], hbar: boolean, config: MirrorApiConfig): Record<string, unknown>[] {
    const blocks = blocksAt(this.statements, rows.map((r) => r.consensus_timestamp));
    return rows.map((row) => renderContractResultDetails(row, blocks.get(row.consensus_timestamp) ?? null,
      this.#ethereumTransaction(row.consensus_timestamp, row.payer_account_id),
      { hbar, includeAuthorizationList: config.response.enableDelegationAddress, list: true }));
  }

  #ethereumTransaction(timestamp: bigint, payer: bigint | null): EthereumTransactionRow | null {
    return (this.statements.get(ETHEREUM_TRANSACTION_SQL).get(sqlInt(timestamp), payer === null ? null : sqlInt(payer)) as EthereumTransactionRow | undefined) ?? null;
  }

  /** The current contents of the file an Ethereum transaction's call data was put in. */
  #callDataFile(eth: EthereumTransactionRow): Buffer | null {
    if (eth.call_data_id === null || decodeEntityId(eth.call_data_id).num <= LAST_SYSTEM_FILE_NUM) return null;
    const id = sqlInt(eth.call_data_id);
    const parts = this.statements.get(`SELECT file_data FROM file_data WHERE entity_id = ?
  AND consensus_timestamp >= coalesce((SELECT max(consensus_timestamp) FROM file_data WHERE entity_id = ? AND transaction_type IN (17, 19)), 0)
ORDER BY consensus_timestamp`).all(id, id) as Array<{ file_data: Buffer | null }>;
    return parts.length === 0 ? null : Buffer.concat(parts.map((p) => p.file_data ?? Buffer.alloc(0)));
  }

  /** Resolves senders and the block filter; null when they leave nothing to list. */
  #conditions(query: ContractResultsQuery, contractId: bigint | null): ResultConditions | null {
    const senders: Filter<bigint>[] = [];
    for (const { operator, ref } of query.from) {
      const id = ref.kind === 'id' ? ref.id : findByEvmAddress(this.db, ref.address);
      if (id === null) return null;
      senders.push({ operator, value: id });
    }
    const timestamps = [...query.timestamps];
    if (query.block) {
      const block = query.block.kind === 'number' ? blockByNumber(this.statements, query.block.value) : blockByHash(this.statements, query.block.value);
      if (block === null) return null;
      timestamps.push({ operator: 'gte', value: block.consensus_start }, { operator: 'lte', value: block.consensus_end });
    }
    return { contractId, senders, timestamps, transactionIndexes: query.transactionIndexes, internal: query.internal };
  }

  /**
   * The reference's bindTimestampRange for the global list: at most `width` (60 days unless
   * configured), taken at the paging end (back from the upper bound when descending, on from the
   * lower bound or the first result when ascending); the cut-off side becomes the next page's anchor.
   */
  #bindWindow(filters: Filter<bigint>[], order: ContractResultsQuery['order'], width: bigint): { filters: Filter<bigint>[]; next: bigint | null } | null {
    const bounds = timestampBounds(filters, 'eq');
    if (bounds === null) return null;
    let { lower, upper } = bounds;
    let next: bigint | null = null;
    if (order === 'desc') {
      // Without an upper bound the reference leaves a descending list unbounded; with one it cuts
      // the window back from it whether or not older results exist (unlike the transactions list).
      if (upper < MAX_LONG && upper - lower + 1n > width) next = lower = upper - width + 1n;
    } else {
      const firstResult = () => (this.statements.get('SELECT min(consensus_timestamp) AS ts FROM contract_result').get() as { ts: bigint | null }).ts;
      ({ bounds: { lower, upper }, next } = bindTimestampWindow(bounds, 'asc', firstResult, nowNanos(), width));
    }
    const out: Filter<bigint>[] = [{ operator: 'gte', value: lower }, { operator: 'lte', value: upper }];
    for (const value of bounds.excluded) out.push({ operator: 'ne', value });
    return { filters: out, next };
  }
}

function hbarOf(filters: Array<{ key: string; value: string }>): boolean {
  return (filters.filter((f) => f.key === 'hbar').at(-1)?.value ?? 'true').toLowerCase() === 'true';
}
