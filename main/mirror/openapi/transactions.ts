import { SETTLED_SCHEDULE_CACHE_SECONDS } from '../schedules/schedules-service.ts';
import type { OperationEntry, Schema } from './openapi-types.ts';
import { transactionTypeParam } from './accounts.ts';
import { limit, operation, order } from './operations.ts';
import { ALL_OPERATORS, EQ_ONLY, filterParam, pathParam, timestampFilter, VALUE } from './parameters.ts';
import { arrayOf, base64, bool, entityId, int64, object, page, schemaRef, str, timestamp } from './schema-builders.ts';

/** GET /api/v1/transactions, one transaction, and the schedules that create transactions. */
export const TRANSACTION_ID = String.raw`\d{1,10}\.\d{1,10}\.\d{1,10}-\d{1,19}-\d{1,9}`;
const transfer = (extra: Record<string, Schema> = {}): Schema => object({ account: entityId(false), amount: int64(), ...extra });

export const TRANSACTION_SCHEMAS: Record<string, Schema> = {
  Transaction: object({
    assessed_custom_fees: { ...arrayOf(object({ amount: int64(), collector_account_id: entityId(false), effective_payer_account_ids: arrayOf(entityId(false)), token_id: entityId() })), description: 'Only in the by-id answer.' }, batch_key: schemaRef('Key') as Schema, bytes: base64(true),
    charged_tx_fee: int64(true), consensus_timestamp: timestamp(false), entity_id: entityId(), high_volume: bool(),
    high_volume_pricing_multiplier: int64(true),
    max_custom_fees: { ...arrayOf(object({ account_id: entityId(), amount: int64(), denominating_token_id: { ...entityId(), description: 'null: HBAR.' } })), description: 'The most the payer agreed to pay in custom fees, per collector and unit.' },
    max_fee: { type: 'string', nullable: true, pattern: '^\\d+$' }, memo_base64: base64(true), name: str(),
    nft_transfers: arrayOf(object({ is_approval: bool(), receiver_account_id: entityId(), sender_account_id: entityId(), serial_number: int64(), token_id: entityId() })),
    node: entityId(), nonce: int64(), parent_consensus_timestamp: timestamp(), result: str(), scheduled: bool(),
    staking_reward_transfers: arrayOf(transfer()),
    token_transfers: arrayOf(object({ token_id: entityId(false), account: entityId(false), amount: int64(), is_approval: bool() })),
    transaction_hash: base64(), transaction_id: { type: 'string', example: '0.0.1001-1700000000-000000000' },
    transfers: arrayOf(transfer({ is_approval: bool() })), valid_duration_seconds: { type: 'string', nullable: true, pattern: '^\\d+$' },
    valid_start_timestamp: timestamp(false),
  }, ['assessed_custom_fees']),
  TransactionsResponse: page('transactions', 'Transaction'),
  TransactionsById: object({ transactions: arrayOf(schemaRef('Transaction')) }),
  Schedule: object({
    admin_key: schemaRef('Key') as Schema, consensus_timestamp: timestamp(false), creator_account_id: entityId(false), deleted: bool(),
    expiration_time: timestamp(), executed_timestamp: timestamp(), memo: str(true), payer_account_id: entityId(false), schedule_id: entityId(false),
    signatures: arrayOf(object({ consensus_timestamp: timestamp(false), public_key_prefix: base64(), signature: base64(), type: str() })),
    transaction_body: base64(), wait_for_expiry: bool(),
  }),
  SchedulesResponse: page('schedules', 'Schedule'),
};

const entityFilter = (name: string, description: string) =>
  filterParam({ name, description, value: VALUE.entityId, operators: ALL_OPERATORS, example: '0.0.1001' });

export const TRANSACTION_OPERATIONS: OperationEntry[] = [
  operation({
    path: '/api/v1/transactions', operationId: 'listTransactions', tag: 'transactions', summary: 'List transactions', cacheSeconds: 2, paged: true,
    ok: schemaRef('TransactionsResponse'),
    parameters: [
      entityFilter('account.id', 'An account involved in the transfers (entity id).'), limit, order('desc'),
      filterParam({ name: 'result', description: 'Outcome (any case).', value: 'success|fail|SUCCESS|FAIL', operators: EQ_ONLY, example: 'success', repeat: 'once' }),
      timestampFilter('The consensus time.'), transactionTypeParam(),
      filterParam({ name: 'type', description: 'Whether `account.id` was credited or debited (any case).', value: 'credit|debit|CREDIT|DEBIT', operators: EQ_ONLY, example: 'credit' }),
    ],
  }),
  operation({
    path: '/api/v1/transactions/{transactionIdOrHash}', operationId: 'getTransaction', tag: 'transactions', summary: 'Transactions with one id or hash',
    cacheSeconds: 600, notFound: true, ok: schemaRef('TransactionsById'),
    description: 'Every transaction with that id (the user\'s, its children, duplicates) or hash; a batch id brings its inner transactions.',
    cacheException: '`max-age=5` for a lookup by id, without `scheduled`, of a schedule created in the last 89,285 seconds whose transaction has not executed, as the reference has it',
    parameters: [
      pathParam('transactionIdOrHash', 'A transaction id `shard.realm.num-seconds-nanos`, or its 48-byte hash as hex (optional 0x) or base64url.', `${TRANSACTION_ID}|[A-Za-z0-9_-]{64}|(?:0x)?[0-9a-fA-F]{96}`, '0.0.1001-1700000000-000000000'),
      filterParam({ name: 'nonce', description: 'The child nonce, 0 to 2147483647 (the last value wins).', value: String.raw`\d{1,10}`, operators: EQ_ONLY, example: '0' }),
      filterParam({ name: 'scheduled', description: 'Only the scheduled (true) or the scheduling (false) transaction.', value: '[Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee]', operators: EQ_ONLY, example: 'false' }),
    ],
  }),
  operation({
    path: '/api/v1/schedules', operationId: 'listSchedules', tag: 'schedules', summary: 'List schedules', cacheSeconds: 10, paged: true, ok: schemaRef('SchedulesResponse'),
    parameters: [entityFilter('account.id', 'The creator account.'), entityFilter('schedule.id', 'The schedule id.'), limit, order('asc')],
  }),
  operation({
    path: '/api/v1/schedules/{scheduleId}', operationId: 'getSchedule', tag: 'schedules', summary: 'One schedule', notFound: true, ok: schemaRef('Schedule'),
    cacheSeconds: 1, cacheException: `a settled schedule, executed, deleted or expired, \`max-age=${SETTLED_SCHEDULE_CACHE_SECONDS}\``,
    parameters: [pathParam('scheduleId', 'The schedule id.', VALUE.entityId, '0.0.7001')],
  }),
];
