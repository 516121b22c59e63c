import { formatEntityId } from '../format/entity-id.ts';
import { formatTimestamp } from '../format/timestamp.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import { badRequest, type GetOutcome } from '../query/mirror-get.ts';
import { singleKeyNextLink } from '../query/next-link.ts';
import { StoreService } from '../query/store-service.ts';
import { contractAddress, paddedHex } from './contract-hex.ts';
import { parseContractRef, resolveContractRef } from './contract-ref.ts';
import { parseContractStateParams } from './contract-state-params.ts';
import { contractStateSql, type StateRow } from './contract-state-sql.ts';
import { CONTRACTS_PATH } from './contracts-service.ts';

/** GET /api/v1/contracts/{id}/state: current storage, or with `timestamp` storage as it stood then. */
export class ContractStateService extends StoreService {
  list(raw: ParsedQuery, contractIdText: string): GetOutcome {
    const config = this.config();
    const ref = parseContractRef(contractIdText, config.shard, config.realm);
    if (ref === null) return badRequest({ message: 'Invalid parameter: contractid' });
    const parsed = parseContractStateParams(raw, config);
    if (!parsed.ok) return badRequest(...parsed.messages);
    const resolved = resolveContractRef(this.statements, ref);
    if (!resolved.ok) return { status: 404, messages: [{ message: resolved.message }] };
    const { query } = parsed;
    const { sql, params } = contractStateSql(resolved.id, query);
    const rows = this.statements.get(sql).all(...params) as StateRow[];
    const state = rows.map((row) => ({
      address: contractAddress(row.evm_address, row.contract_id),
      contract_id: formatEntityId(row.contract_id),
      timestamp: formatTimestamp(row.modified_timestamp),
      slot: paddedHex(row.slot),
      value: paddedHex(row.value),
    }));
    const page = { count: state.length, limit: query.limit, order: query.order };
    const next = singleKeyNextLink(`${CONTRACTS_PATH}/${contractIdText}/state`, raw, page, 'slot', state.at(-1)?.slot, slotValue);
    return { status: 200, body: { state, links: { next } }, next };
  }
}

function slotValue(text: string): bigint | null {
  return /^(0x)?[0-9a-fA-F]{1,64}$/.test(text) ? BigInt(`0x${text.replace(/^0x/, '')}`) : null;
}

