import type { MirrorApiConfig } from '../../config.ts';
import { sqlInt } from '../../format/entity-id.ts';
import type { BadRequest } from '../../query/mirror-get.ts';
import { StatementCache } from '../../query/statement-cache.ts';
import { nowNanos } from '../../query/timestamp-range.ts';
import type { SqliteDatabase } from '../../store/ledger-store.ts';
import { callLimitsOf, type CallLimits } from './call-limits.ts';
import { parseCallRequest, type CallRequest } from './call-params.ts';
import { refusal, type CallMessage } from './call-refusal.ts';
import type { CallBlock, CallOutcome } from './call-executor.ts';
import type { CallRunner } from './call-runner.ts';
import { GasThrottle } from './gas-throttle.ts';
import type { StateView } from './ledger-state.ts';
import { SystemContractUnavailable } from './system-contracts.ts';
import { longZeroEntityId } from '../contract-hex.ts';
import { blockByHash } from '../../blocks/block-lookup.ts';
import { entityAt } from './stored-entity.ts';
import { SENDER_NOT_FOUND, senderMissing } from './sender-account.ts';

export type CallReply = { status: 200; body: { result: string } } | { status: 400 | 404 | 429 | 501; messages: CallMessage[] };

const ERROR_STRING_SELECTOR = '08c379a0';

/**
 * A creation without init code. The reference makes any call without `to` a ContractCreate,
 * which the consensus node's code refuses with this status before the EVM runs; an empty `to`
 * is therefore no validation error, and the answer is the EVM failure's.
 */
const EMPTY_INIT_CODE: CallMessage = { message: 'CONTRACT_BYTECODE_EMPTY', detail: '', data: '0x' };

/**
 * POST /api/v1/contracts/call: a read-only call (nothing is stored) or, with `estimate`, the
 * least gas the call succeeds with. Calls share a gas-per-second budget.
 */
export class ContractCallService {
  readonly #statements: StatementCache;
  readonly #runner: CallRunner;
  readonly #config: () => MirrorApiConfig;
  readonly #clock: (() => number) | undefined;
  #throttle: GasThrottle | null = null;
  #throttleRate = 0;

  constructor(db: SqliteDatabase, config: () => MirrorApiConfig, runner: CallRunner, clock?: () => number) {
    this.#statements = new StatementCache(db);
    this.#runner = runner;
    this.#config = config;
    this.#clock = clock;
  }

  /** The request's problems (400), or null when it is a call that could run. */
  invalid(body: unknown): BadRequest | null {
    const parsed = parseCallRequest(body, callLimitsOf(this.#config()));
    return parsed.ok ? null : { status: 400, messages: parsed.messages };
  }

  async call(body: unknown): Promise<CallReply> {
    const config = this.#config();
    const limits = callLimitsOf(config);
    const parsed = parseCallRequest(body, limits);
    if (!parsed.ok) return { status: 400, messages: parsed.messages };
    const { request } = parsed;
    if (!this.#throttleFor(limits).tryTake(Number(request.gas))) {
      return { status: 429, messages: [refusal(429, 'Gas per second rate limit exceeded.')] };
    }
    const block = this.#block(request.block);
    if (block === null) return { status: 400, messages: [refusal(400, request.block.kind === 'hash' ? 'Unknown block hash' : 'Unknown block number')] };
    // The reference looks the sender up as it builds the transaction, before the consensus node's
    // precheck weighs the payer's balance and before anything runs (estimates too).
    if (senderMissing(this.#statements, request, block.view, config.shard, config.realm)) return { status: 400, messages: [SENDER_NOT_FOUND] };
    const payerProblem = this.#payerBalanceProblem(request, config, block.view);
    if (payerProblem) return { status: 400, messages: [payerProblem] };
    if (request.to.length === 0 && request.data.length === 0) return { status: 400, messages: [EMPTY_INIT_CODE] };
    const result = await this.#runner.run({ request, block: block.block, view: block.view, limits, shardRealm: { shard: config.shard, realm: config.realm } });
    if (result.kind === 'system-contract') {
      return { status: 501, messages: [refusal(501, new SystemContractUnavailable(result.address, result.contractName).message)] };
    }
    if (!result.outcome.success) return failure(result.outcome);
    if (result.estimate === null) return { status: 200, body: { result: `0x${result.outcome.returnValue.toString('hex')}` } };
    return { status: 200, body: { result: `0x${result.estimate.toString(16).padStart(16, '0')}` } };
  }

  /** The shared gas budget for these limits, made again when the configured rate changes. */
  #throttleFor(limits: CallLimits): GasThrottle {
    if (this.#throttle === null || this.#throttleRate !== limits.gasPerSecond) {
      this.#throttle = new GasThrottle(limits.gasPerSecond, this.#clock);
      this.#throttleRate = limits.gasPerSecond;
    }
    return this.#throttle;
  }

  /**
   * The block to run in and the state to read: `latest` is the current state in the newest
   * block; an older block reads storage as its state changes left it at the block's end.
   */
  #block(requested: CallRequest['block']): { block: CallBlock; view: StateView } | null {
    const newest = this.#statements.get('SELECT "index", consensus_end FROM record_file ORDER BY consensus_end DESC LIMIT 1').get() as
      { index: bigint; consensus_end: bigint } | undefined;
    if (requested.kind === 'latest' || (newest && requested.kind === 'number' && requested.number === newest.index)) {
      return { block: { number: newest?.index ?? 0n, timestamp: newest?.consensus_end ?? nowNanos() }, view: { kind: 'latest' } };
    }
    const row = requested.kind === 'hash'
      ? blockByHash(this.#statements, requested.hash)
      : this.#statements.get('SELECT "index", consensus_end FROM record_file WHERE "index" = ?').get(sqlInt(requested.kind === 'earliest' ? 0n : requested.number)) as
        { index: bigint; consensus_end: bigint } | undefined;
    if (!row) return null;
    if (newest && row.index === newest.index) return { block: { number: row.index, timestamp: row.consensus_end }, view: { kind: 'latest' } };
    return { block: { number: row.index, timestamp: row.consensus_end }, view: { kind: 'at', timestamp: row.consensus_end } };
  }

  /**
   * The payer balance check (specification, Errors): only when `from` is given together with
   * `gasPrice` or `value`; the sender must hold value + gas × gasPrice (tinybars). The balance is
   * the one in the state the call reads: at a past block the payer's balance at the block's end,
   * as the reference's consensus-node precheck reads the payer from its historical account state
   * (AbstractAliasedAccountReadableKVState.getAccountBalance); none for an absent system account,
   * which the reference stands in for (sender-account.ts: any other absent sender is refused first).
   */
  #payerBalanceProblem(request: CallRequest, config: MirrorApiConfig, view: StateView): CallMessage | null {
    if (request.from === null || (request.gasPrice === null && request.value === null)) return null;
    const required = (request.value ?? 0n) + request.gas * (request.gasPrice ?? 0n);
    const stored = view.kind === 'at'
      ? entityAt(this.#statements, request.from, view.timestamp, config.shard, config.realm)?.balance
      : this.#currentBalance(request.from, config);
    // A balance the call's state overrides give the payer stands in for the stored one.
    const overridden = request.stateOverrides.find((o) => Buffer.from(o.address).equals(request.from!))?.balance;
    const balance = overridden ?? stored ?? 0n;
    return balance < required ? { message: 'INSUFFICIENT_PAYER_BALANCE', detail: `payer balance ${balance} is less than the ${required} the call may cost` } : null;
  }

  /** The live payer's balance now, or undefined when no live entity has that address. */
  #currentBalance(from: Buffer, config: MirrorApiConfig): bigint | undefined {
    // A long-zero `from` names an entity of the configured shard and realm; -1 matches no id.
    const longZero = longZeroEntityId(from, config.shard, config.realm);
    const row = this.#statements.get(`SELECT balance FROM entity WHERE (evm_address = ? OR alias = ? OR id = ?) AND coalesce(deleted, 0) = 0 LIMIT 1`)
      .get(from, from, longZero === null ? -1 : sqlInt(longZero)) as { balance: bigint | null } | undefined;
    return row?.balance ?? undefined;
  }
}

/** A failed execution as the reference reports it: the result code, the revert reason, the raw output. */
function failure(outcome: CallOutcome): CallReply {
  const data = `0x${outcome.returnValue.toString('hex')}`;
  if (outcome.error === 'revert') {
    return { status: 400, messages: [{ message: 'CONTRACT_REVERT_EXECUTED', detail: revertReason(outcome.returnValue), data }] };
  }
  const message = outcome.error === 'out of gas' ? 'INSUFFICIENT_GAS' : 'CONTRACT_EXECUTION_EXCEPTION';
  return { status: 400, messages: [{ message, detail: outcome.error ?? '', data }] };
}

/** The message of a Solidity `Error(string)` revert, else empty. */
export function revertReason(output: Buffer): string {
  if (output.length < 68 || output.subarray(0, 4).toString('hex') !== ERROR_STRING_SELECTOR) return '';
  const length = Number(output.readBigUInt64BE(4 + 32 + 24));
  return output.subarray(4 + 64, 4 + 64 + length).toString('utf8');
}
