import { decodeEntityId, sqlInt } from '../../format/entity-id.ts';
import type { StatementCache } from '../../query/statement-cache.ts';
import { longZeroEntityId } from '../contract-hex.ts';
import type { CallRequest } from './call-params.ts';
import type { CallMessage } from './call-refusal.ts';
import type { StateView } from './ledger-state.ts';
import { entityAt } from './stored-entity.ts';

/**
 * The reference's answer for a sender it cannot find (TransactionExecutionService
 * throwPayerAccountNotFoundException, rendered 400 by GenericControllerAdvice). Its `data` is an
 * empty string there; `0x` here, the specification's form of no data.
 */
export const SENDER_NOT_FOUND: CallMessage = { message: 'PAYER_ACCOUNT_NOT_FOUND', detail: 'Sender account not found.', data: '0x' };

/** The reference stands a key-less placeholder in for an absent account of 0.0.1 to 0.0.999 (AccountDetector.isStrictSystem). */
const LAST_SYSTEM_NUM = 999n;

/** The only entity types the reference's account state holds (AccountReadableKVState). */
const ACCOUNT_TYPES = `type IN ('ACCOUNT', 'CONTRACT')`;

const LIVE_BY_ID_SQL = `SELECT 1 FROM entity WHERE id = ? AND coalesce(deleted, 0) = 0 AND ${ACCOUNT_TYPES}`;

/** Two lookups, so that each uses its own index. */
const LIVE_BY_ADDRESS_SQL = `SELECT 1 FROM entity WHERE evm_address = ? AND coalesce(deleted, 0) = 0 AND ${ACCOUNT_TYPES}
UNION ALL SELECT 1 FROM entity WHERE alias = ? AND coalesce(deleted, 0) = 0 AND ${ACCOUNT_TYPES} LIMIT 1`;

const ACCOUNT_TYPE_SQL = `SELECT 1 FROM entity WHERE id = ? AND ${ACCOUNT_TYPES}`;

/**
 * Whether the call's `from` names no account the reference would let pay for it
 * (TransactionExecutionService.getSenderAccountID): without `from`, or the zero address with
 * no value, the treasury pays. A long-zero address names an account or contract by id; a
 * missing one still counts when it is a system account (0.0.1 to 0.0.999) or a state override
 * gives it a balance or nonce (AccountReadableKVState). Any other address must be the EVM
 * address or alias of one; overrides do not create those (AliasesReadableKVState reads the
 * store only). Read in the state the call reads: at a past block, as the entity was then.
 */
export function senderMissing(statements: StatementCache, request: CallRequest, view: StateView, shard: number, realm: number): boolean {
  const from = request.from;
  if (from === null || (isZeroAddress(from) && (request.value ?? 0n) === 0n)) return false;
  const id = longZeroEntityId(from, shard, realm);
  if (id === null) return !exists(statements, from, null, view, shard, realm);
  if (exists(statements, from, id, view, shard, realm)) return false;
  const { num } = decodeEntityId(id);
  return !(num >= 1n && num <= LAST_SYSTEM_NUM) && !overrideCreates(request, num);
}

function exists(statements: StatementCache, from: Buffer, id: bigint | null, view: StateView, shard: number, realm: number): boolean {
  if (view.kind === 'at') {
    const entity = entityAt(statements, from, view.timestamp, shard, realm);
    return entity !== null && statements.get(ACCOUNT_TYPE_SQL).get(sqlInt(entity.id)) !== undefined;
  }
  const row = id === null ? statements.get(LIVE_BY_ADDRESS_SQL).get(from, from) : statements.get(LIVE_BY_ID_SQL).get(sqlInt(id));
  return row !== undefined;
}

/**
 * A balance or nonce override makes an absent account. The reference keys it by the account
 * number alone in long-zero form (accountIdToEvmAddressHex), so shard and realm are not in it.
 */
function overrideCreates(request: CallRequest, num: bigint): boolean {
  const address = Buffer.alloc(20);
  address.writeBigUInt64BE(num, 12);
  return request.stateOverrides.some((o) => address.equals(o.address) && (o.balance !== null || o.nonce !== null));
}

function isZeroAddress(address: Buffer): boolean {
  return address.every((byte) => byte === 0);
}
