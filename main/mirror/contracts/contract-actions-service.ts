import { formatOptionalEntityId, sqlInt } from '../format/entity-id.ts';
import { int64 } from '../format/json-out.ts';
import { formatTimestamp } from '../format/timestamp.ts';
import { SQL_OPERATOR, type FilterOperator } from '../http/filter-operator.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import { badRequest, NOT_FOUND, type GetOutcome } from '../query/mirror-get.ts';
import { singleKeyNextLink } from '../query/next-link.ts';
import { parsePositiveLong } from '../query/param-values.ts';
import { filtersFor, limitOf, LIMIT_RULE, orderOf, ORDER_RULE, validateQuery } from '../query/query-filters.ts';
import { StoreService } from '../query/store-service.ts';
import { hexOrEmpty, hexOrNull, longZeroAddress } from './contract-hex.ts';
import { CONTRACT_RESULTS_PATH } from './contract-results-service.ts';
import { findTransaction, INVALID_TRANSACTION_ID, parseTransactionRef } from './contract-transaction.ts';

const CALL_TYPES = ['NO_ACTION', 'CALL', 'CREATE', 'PRECOMPILE', 'SYSTEM'];
const CALL_OPERATION_TYPES = ['UNKNOWN', 'CALL', 'CALLCODE', 'DELEGATECALL', 'STATICCALL', 'CREATE', 'CREATE2'];
const RESULT_DATA_TYPES: Record<number, string> = { 11: 'OUTPUT', 12: 'REVERT_REASON', 13: 'ERROR' };

interface ActionRow {
  consensus_timestamp: bigint;
  index: bigint;
  call_depth: bigint | null;
  call_operation_type: bigint | null;
  call_type: bigint | null;
  caller: bigint | null;
  caller_type: string | null;
  gas: bigint | null;
  gas_used: bigint | null;
  input: Buffer | null;
  recipient_account: bigint | null;
  recipient_address: Buffer | null;
  recipient_contract: bigint | null;
  result_data: Buffer | null;
  result_data_type: bigint | null;
  value: bigint | null;
}

/** GET /api/v1/contracts/results/{transactionIdOrHash}/actions: the call trace, by action index. */
export class ContractActionsService extends StoreService {
  list(raw: ParsedQuery, idOrHash: string): GetOutcome {
    const validated = validateQuery(raw, {
      index: (op, value) => op !== 'ne' && parsePositiveLong(value, true) !== null,
      limit: LIMIT_RULE,
      order: ORDER_RULE,
    });
    if (!validated.ok) return badRequest(...validated.messages);
    const ref = parseTransactionRef(idOrHash);
    if (ref === null) return badRequest({ message: INVALID_TRANSACTION_ID });
    const anchor = findTransaction(this.statements, ref);
    if (anchor === null) return NOT_FOUND;
    const payer = ref.kind === 'id' ? ref.payer : anchor.payer;
    const { filters } = validated;
    const limit = limitOf(filters, this.config().response.limit);
    const order = orderOf(filters, 'asc');
    const indexes = filtersFor(filters, 'index');
    const rows = this.statements.get(contractActionsSql(indexes.map((f) => f.operator), order))
      .all(sqlInt(anchor.timestamp), payer === null ? null : sqlInt(payer), ...indexes.map((f) => sqlInt(BigInt(f.value))), limit) as ActionRow[];
    const actions = rows.map(renderAction);
    const page = { count: rows.length, limit, order };
    const next = singleKeyNextLink(`${CONTRACT_RESULTS_PATH}/${idOrHash}/actions`, raw, page, 'index', rows.at(-1)?.index.toString(), (t) => parsePositiveLong(t, true));
    return { status: 200, body: { actions, links: { next } }, next };
  }
}

/** One transaction's actions (the primary key walk), `index` bounded by the given operators. */
export function contractActionsSql(indexOperators: FilterOperator[], order: 'asc' | 'desc'): string {
  const where = ['consensus_timestamp = ?', 'payer_account_id IS ?', ...indexOperators.map((op) => `"index" ${SQL_OPERATOR[op]} ?`)];
  return `SELECT * FROM contract_action WHERE ${where.join(' AND ')} ORDER BY "index" ${order === 'desc' ? 'DESC' : 'ASC'} LIMIT ?`;
}

function renderAction(row: ActionRow): Record<string, unknown> {
  const recipient = row.recipient_account ?? row.recipient_contract;
  return {
    call_depth: int64(row.call_depth),
    call_operation_type: row.call_operation_type === null ? null : CALL_OPERATION_TYPES[Number(row.call_operation_type)] ?? 'UNKNOWN',
    call_type: row.call_type === null ? null : CALL_TYPES[Number(row.call_type)] ?? 'NO_ACTION',
    caller: formatOptionalEntityId(row.caller),
    caller_type: row.caller_type,
    from: longZeroAddress(row.caller),
    gas: int64(row.gas),
    gas_used: int64(row.gas_used),
    index: int64(row.index),
    input: hexOrNull(row.input),
    recipient: formatOptionalEntityId(recipient),
    recipient_type: row.recipient_account !== null ? 'ACCOUNT' : row.recipient_contract !== null ? 'CONTRACT' : null,
    result_data: hexOrNull(row.result_data),
    result_data_type: row.result_data_type === null ? null : RESULT_DATA_TYPES[Number(row.result_data_type)] ?? null,
    timestamp: formatTimestamp(row.consensus_timestamp),
    to: row.recipient_address && row.recipient_address.length > 0 ? hexOrEmpty(row.recipient_address) : longZeroAddress(recipient),
    value: int64(row.value),
  };
}
