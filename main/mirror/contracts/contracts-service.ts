import { decodeEntityId, sqlInt } from '../format/entity-id.ts';
import type { Filter } from '../http/filter-operator.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import { badRequest, NOT_FOUND, type GetOutcome } from '../query/mirror-get.ts';
import { singleKeyNextLink } from '../query/next-link.ts';
import { parseEntityIdParam } from '../query/param-values.ts';
import { timestampFiltersOf, validateQuery } from '../query/query-filters.ts';
import { StoreService } from '../query/store-service.ts';
import { findContractByEvmAddress, parseContractRef } from './contract-ref.ts';
import type { ContractRow } from './contract-row.ts';
import { CONTRACT_BY_ID_RULES, parseContractsParams } from './contracts-params.ts';
import { contractByIdSql, contractsPageSql, FILE_CONTENT_SQL } from './contracts-sql.ts';
import { renderContract, renderContractWithBytecode } from './render-contract.ts';

export const CONTRACTS_PATH = '/api/v1/contracts';

/** File ids up to this number are system files, never a contract's bytecode. */
const LAST_SYSTEM_FILE_NUM = 1000n;

/** GET /api/v1/contracts and /api/v1/contracts/{contractIdOrAddress}. */
export class ContractsService extends StoreService {
  list(raw: ParsedQuery): GetOutcome {
    const config = this.config();
    const parsed = parseContractsParams(raw, config);
    if (!parsed.ok) return { status: 400, messages: parsed.messages };
    const { query } = parsed;
    const ids: Filter<bigint>[] = [];
    for (const { operator, ref } of query.ids) {
      const id = ref.kind === 'id' ? ref.id : findContractByEvmAddress(this.statements, ref.address);
      if (id === null) return { status: 404, messages: [{ message: 'Not found' }] };
      ids.push({ operator, value: id });
    }
    const { sql, params } = contractsPageSql(ids, query.order, query.limit);
    const rows = this.statements.get(sql).all(...params) as ContractRow[];
    const contracts = rows.map(renderContract);
    const last = contracts.at(-1)?.contract_id as string | undefined;
    const page = { count: contracts.length, limit: query.limit, order: query.order };
    const next = singleKeyNextLink(CONTRACTS_PATH, raw, page, 'contract.id', last, parseEntityIdParam);
    return { status: 200, body: { contracts, links: { next } }, next };
  }

  byId(raw: ParsedQuery, idText: string): GetOutcome {
    const config = this.config();
    const ref = parseContractRef(idText, config.shard, config.realm);
    if (ref === null) return badRequest({ message: 'Invalid parameter: contractid' });
    const validated = validateQuery(raw, CONTRACT_BY_ID_RULES);
    if (!validated.ok) return { status: 400, messages: validated.messages };
    const timestamps = timestampFiltersOf(validated.filters);
    const { sql, bind } = contractByIdSql(ref.kind === 'id' ? 'id' : 'evm_address', timestamps);
    const row = this.statements.get(sql).get(...bind(ref.kind === 'id' ? ref.id : ref.address)) as (ContractRow & { initcode: Buffer | null }) | undefined;
    if (!row) return NOT_FOUND;
    return { status: 200, body: renderContractWithBytecode(row, this.#bytecode(row)) };
  }

  /** The creation bytecode: the contract's file as it stood at creation, else its initcode. */
  #bytecode(row: ContractRow & { initcode: Buffer | null }): string {
    if (row.file_id !== null && decodeEntityId(row.file_id).num > LAST_SYSTEM_FILE_NUM) {
      const created = row.created_timestamp ?? 0n;
      const fileId = sqlInt(row.file_id);
      const parts = this.statements.get(FILE_CONTENT_SQL).all(fileId, sqlInt(created), fileId, sqlInt(created)) as Array<{ file_data: Buffer | null }>;
            const text = Buffer.concat(parts.map((p) => p.file_data ?? Buffer.alloc(0))).toString('utf8');
      return text.startsWith('0x') ? text : `0x${text}`;
    }
    return `0x${row.initcode?.toString('hex') ?? ''}`;
  }
}

