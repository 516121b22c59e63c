import { sqlInt } from '../format/entity-id.ts';
import { formatTimestamp } from '../format/timestamp.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import { badRequest, type GetOutcome } from '../query/mirror-get.ts';
import { Bound, boundParts, boundsNextLink } from '../query/paging-bounds.ts';
import { parseTimestampParam } from '../query/param-values.ts';
import { addComparisons } from '../query/sql-comparisons.ts';
import { StoreService } from '../query/store-service.ts';
import { blocksAt } from './contract-blocks.ts';
import { parseContractLogsParams, type ContractLogsQuery } from './contract-logs-params.ts';
import { contractLogsPartSql } from './contract-logs-sql.ts';
import { parseContractRef, resolveContractRef } from './contract-ref.ts';
import type { ContractLogRow } from './contract-result-row.ts';
import { CONTRACTS_PATH } from './contracts-service.ts';
import { renderLog } from './render-contract-log.ts';

export const CONTRACT_LOGS_PATH = `${CONTRACTS_PATH}/results/logs`;

/** GET /api/v1/contracts/results/logs and /api/v1/contracts/{id}/results/logs. */
export class ContractLogsService extends StoreService {
  list(raw: ParsedQuery, contractIdText?: string): GetOutcome {
    const config = this.config();
    const byContract = contractIdText !== undefined;
    const ref = byContract ? parseContractRef(contractIdText, config.shard, config.realm) : null;
    if (byContract && ref === null) return badRequest({ message: 'Invalid parameter: contractid' });
    const parsed = parseContractLogsParams(raw, config, byContract);
    if (!parsed.ok) return badRequest(...parsed.messages);
    const { query } = parsed;
    let contractId: bigint | null = null;
    if (ref !== null) {
      const resolved = resolveContractRef(this.statements, ref);
      if (!resolved.ok) return { status: 404, messages: [{ message: resolved.message }] };
      contractId = resolved.id;
    }
    let timestamp = query.timestamp;
    if (query.transactionHash !== null) {
      const found = this.#timestampOfHash(query.transactionHash, query);
      if (found === null) return page([], null);
      timestamp = new Bound('timestamp');
      timestamp.add({ key: 'timestamp', operator: 'eq', value: found });
    }
    const rows = this.#rows(contractId, timestamp, query);
    const blocks = blocksAt(this.statements, [...new Set(rows.map((r) => r.consensus_timestamp))]);
    const logs = rows.map((row) => renderLog(row, blocks.get(row.consensus_timestamp) ?? null));
    const last = rows.at(-1);
    const path = byContract ? `${CONTRACTS_PATH}/${contractIdText}/results/logs` : CONTRACT_LOGS_PATH;
    const next = boundsNextLink(path, raw, { count: rows.length, limit: query.limit, order: query.order },
      { primary: query.timestamp, secondary: query.index },
      last && { primary: formatTimestamp(last.consensus_timestamp)!, secondary: last.index.toString() }, parseTimestampParam);
    return page(logs, next);
  }

  /** Runs each index-friendly part of the request and keeps the first `limit` rows in order. */
  #rows(contractId: bigint | null, timestamp: Bound, query: ContractLogsQuery): ContractLogRow[] {
    const parts = boundParts(timestamp, query.index);
    const rows: ContractLogRow[] = [];
    for (const part of parts.length > 0 ? parts : [[]]) {
      const { sql, params } = contractLogsPartSql(contractId, part, query.topics, query.order, query.limit);
      rows.push(...this.statements.get(sql).all(...params) as ContractLogRow[]);
    }
    const sign = query.order === 'asc' ? 1 : -1;
    rows.sort((a, b) => sign * (a.consensus_timestamp === b.consensus_timestamp
      ? Number(a.index - b.index)
      : a.consensus_timestamp < b.consensus_timestamp ? -1 : 1));
    return rows.slice(0, query.limit);
  }

  /** The consensus timestamp of the transaction with this hash, within the request's timestamp bounds. */
  #timestampOfHash(hash: Buffer, query: ContractLogsQuery): bigint | null {
    const where = ['hash = ?'];
    const params: Array<Buffer | number | bigint> = [hash.subarray(0, 32)];
    const bounds = [query.timestamp.equal, query.timestamp.lower, query.timestamp.upper].filter((f) => f !== null);
    addComparisons(where, params, 'consensus_timestamp', bounds, sqlInt);
    const direction = query.order === 'asc' ? 'ASC' : 'DESC';
    const rows = this.statements.get(`SELECT consensus_timestamp, hash_suffix FROM transaction_hash WHERE ${where.join(' AND ')}
ORDER BY consensus_timestamp ${direction}`).all(...params) as Array<{ consensus_timestamp: bigint; hash_suffix: Buffer | null }>;
    const suffix = hash.subarray(32);
    const match = rows.find((r) => suffix.length === 0 || r.hash_suffix === null || r.hash_suffix.equals(suffix));
    return match?.consensus_timestamp ?? null;
  }
}

function page(logs: unknown[], next: string | null): GetOutcome {
  return { status: 200, body: { logs, links: { next } }, next };
}
