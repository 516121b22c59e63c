import type { MirrorApiConfig } from '../config.ts';
import { formatOptionalEntityId, sqlInt } from '../format/entity-id.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import type { MirrorMessage } from '../query/query-filters.ts';
import type { BadRequest } from '../query/mirror-get.ts';
import { validateQuery } from '../query/query-filters.ts';
import { StatementCache } from '../query/statement-cache.ts';
import type { SqliteDatabase } from '../store/ledger-store.ts';
import { blockAt } from './contract-blocks.ts';
import { callLimitsOf } from './call/call-limits.ts';
import type { CallRunner } from './call/call-runner.ts';
import { SystemContractUnavailable } from './call/system-contracts.ts';
import { hexOrEmpty } from './contract-hex.ts';
import type { EthereumTransactionRow } from './contract-result-row.ts';
import { ETHEREUM_TRANSACTION_SQL } from './contract-results-sql.ts';
import { findTransaction, INVALID_TRANSACTION_ID, loadContractTransaction, parseTransactionRef } from './contract-transaction.ts';
import { replayRequest } from './opcode-replay-request.ts';
import type { TraceOptions } from './opcode-tracer.ts';

export type OpcodesReply = { status: 200; body: Record<string, unknown> } | { status: 400 | 404 | 501; messages: MirrorMessage[] };

const BOOLEAN = (op: string, value: string): boolean => op === 'eq' && /^(true|false)$/i.test(value);

/**
 * GET /api/v1/contracts/results/{transactionIdOrHash}/opcodes: replays the transaction in the
 * EVM over the storage as it stood just before it (from the recorded state changes) and
 * returns the opcode trace. A replay that reaches a Hedera system contract cannot run
 * locally and answers 501.
 */
export class ContractOpcodesService {
  readonly #statements: StatementCache;
  readonly #runner: CallRunner;
  readonly #config: () => MirrorApiConfig;

  /** `runner` is shared with /contracts/call: one EVM worker takes both kinds of job in turn. */
  constructor(db: SqliteDatabase, config: () => MirrorApiConfig, runner: CallRunner) {
    this.#statements = new StatementCache(db);
    this.#runner = runner;
    this.#config = config;
  }

  /** The request's problems (400), or null when it is one the trace could answer. */
  invalid(raw: ParsedQuery, idOrHash: string): BadRequest | null {
    const parsed = parseTraceRequest(raw, idOrHash);
    return 'error' in parsed ? parsed.error : null;
  }

  async trace(raw: ParsedQuery, idOrHash: string): Promise<OpcodesReply> {
    const parsed = parseTraceRequest(raw, idOrHash);
    if ('error' in parsed) return parsed.error;
    const { ref, options } = parsed;
    const anchor = findTransaction(this.#statements, ref);
    const record = anchor && loadContractTransaction(this.#statements, anchor.timestamp, anchor.entityId);
    const traced = record?.results[0];
    if (!anchor || !record || !traced) return { status: 404, messages: [{ message: 'Not found' }] };
    const contractId = traced.contract_id;
    const eth = (this.#statements.get(ETHEREUM_TRANSACTION_SQL).get(sqlInt(anchor.timestamp), record.payer === null ? null : sqlInt(record.payer)) as EthereumTransactionRow | undefined) ?? null;
    const config = this.#config();
    const limits = callLimitsOf(config);
    const request = replayRequest(this.#statements, traced, eth, BigInt(limits.maxGasLimit));
    const block = blockAt(this.#statements, anchor.timestamp);
    const result = await this.#runner.run({
      request,
      block: { number: block?.index ?? 0n, timestamp: anchor.timestamp },
      view: { kind: 'at', timestamp: anchor.timestamp - 1n },
      limits,
      shardRealm: { shard: config.shard, realm: config.realm },
      trace: options,
    });
    if (result.kind === 'system-contract') {
      return { status: 501, messages: [{ message: 'Not implemented', detail: new SystemContractUnavailable(result.address, result.contractName).message }] };
    }
    const { outcome } = result;
    const opcodes = result.opcodes ?? [];
    const last = opcodes.at(-1);
    if (last && !outcome.success && outcome.error === 'revert') last.reason = hexOrEmpty(outcome.returnValue);
    // The reference names the replay's recipient (OpcodeServiceImpl.buildOpcodesResponse): a
    // creation has none, so it answers the zero address and no contract id, not the one created.
    const creation = request.to.length === 0;
    return {
      status: 200,
      body: {
        address: creation ? `0x${'00'.repeat(20)}` : hexOrEmpty(request.to),
        contract_id: creation ? null : formatOptionalEntityId(contractId),
        failed: !outcome.success,
        gas: Number(outcome.gasUsed),
        opcodes,
        return_value: hexOrEmpty(outcome.returnValue),
      },
    };
  }
}

function parseTraceRequest(raw: ParsedQuery, idOrHash: string): { error: BadRequest } | { ref: NonNullable<ReturnType<typeof parseTransactionRef>>; options: TraceOptions } {
  const validated = validateQuery(raw, { stack: BOOLEAN, memory: BOOLEAN, storage: BOOLEAN });
  if (!validated.ok) return { error: { status: 400, messages: validated.messages } };
  const ref = parseTransactionRef(idOrHash);
  if (ref === null) return { error: { status: 400, messages: [{ message: INVALID_TRANSACTION_ID }] } };
  const flag = (key: string, fallback: boolean): boolean =>
    (validated.filters.filter((f) => f.key === key).at(-1)?.value ?? String(fallback)).toLowerCase() === 'true';
  return { ref, options: { stack: flag('stack', true), memory: flag('memory', false), storage: flag('storage', false) } };
}
