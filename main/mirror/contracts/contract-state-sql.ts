import { sqlInt } from '../format/entity-id.ts';
import { SQL_OPERATOR } from '../http/filter-operator.ts';
import type { ContractStateQuery } from './contract-state-params.ts';
import type { SqlStatement } from '../query/sql-statement.ts';
import { addFilterConditions } from '../query/sql-comparisons.ts';

export interface StateRow {
  contract_id: bigint;
  slot: Buffer;
  value: Buffer | null;
  modified_timestamp: bigint | null;
  evm_address: Buffer | null;
}

/** A stored slot as a 32-byte word in hex: slots of state changes are kept without leading zeros. */
const PADDED_SLOT = (column: string): string => `substr('${'0'.repeat(64)}' || hex(${column}), -64)`;

/**
 * One contract's storage page in slot order. Without timestamps it is the current storage
 * (contract_state); with them, for each slot the newest change within the bounds, its
 * written value (else the value read). Both walk the (contract_id, slot) key of one contract.
 */
export function contractStateSql(contractId: bigint, query: ContractStateQuery): SqlStatement {
  const params: SqlStatement['params'] = [sqlInt(contractId)];
  const slotConditions = (column: string): string[] => {
    const out: string[] = [];
    addFilterConditions(out, params, PADDED_SLOT(column), query.slots, (v) => v);
    return out;
  };
  const direction = query.order === 'desc' ? 'DESC' : 'ASC';
  if (query.timestamps.length === 0) {
    const where = ['s.contract_id = ?', ...slotConditions('s.slot')];
    params.push(query.limit);
    return {
      sql: `SELECT s.contract_id, s.slot, s.value, s.modified_timestamp, e.evm_address FROM contract_state s
LEFT JOIN entity e ON e.id = s.contract_id WHERE ${where.join(' AND ')} ORDER BY ${PADDED_SLOT('s.slot')} ${direction} LIMIT ?`,
      params,
    };
  }
  const times = query.timestamps.map((f) => `consensus_timestamp ${SQL_OPERATOR[f.operator]} ?`);
  const where = ['sc.contract_id = ?', ...slotConditions('sc.slot'), ...times.map((t) => `sc.${t}`)];
  params.push(...query.timestamps.map((f) => sqlInt(f.value)));
  // The newest change of the same slot within the same bounds.
  where.push(`sc.consensus_timestamp = (SELECT max(consensus_timestamp) FROM contract_state_change
    WHERE contract_id = sc.contract_id AND slot = sc.slot AND ${times.join(' AND ')})`);
  params.push(...query.timestamps.map((f) => sqlInt(f.value)));
  params.push(query.limit);
  return {
    sql: `SELECT sc.contract_id, sc.slot, coalesce(sc.value_written, sc.value_read) AS value, sc.consensus_timestamp AS modified_timestamp,
  e.evm_address FROM contract_state_change sc INDEXED BY contract_state_change__contract_slot
LEFT JOIN entity e ON e.id = sc.contract_id WHERE ${where.join(' AND ')} ORDER BY ${PADDED_SLOT('sc.slot')} ${direction} LIMIT ?`,
    params,
  };
}
