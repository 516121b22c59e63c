import type { OperationEntry, Schema } from './openapi-types.ts';
import { limit, operation, order } from './operations.ts';
import { ALL_OPERATORS, EQ_ONLY, filterParam, pathParam, timestampFilter, VALUE } from './parameters.ts';
import { arrayOf, base64, bool, entityId, int64, object, page, schemaRef, str, timestamp } from './schema-builders.ts';

/** GET /api/v1/topics/{topicId} and the topic's messages. */
const TAG = 'topics';
const topicPath = pathParam('topicId', 'The topic id.', VALUE.entityId, '0.0.6001');

export const TOPIC_SCHEMAS: Record<string, Schema> = {
  Topic: object({
    admin_key: schemaRef('Key') as Schema, auto_renew_account: entityId(), auto_renew_period: int64(true), created_timestamp: timestamp(),
    custom_fees: object({ created_timestamp: timestamp(), fixed_fees: arrayOf(object({ amount: int64(), collector_account_id: entityId(), denominating_token_id: entityId() })) }),
    deleted: bool(true), fee_exempt_key_list: arrayOf(schemaRef('Key')), fee_schedule_key: schemaRef('Key') as Schema, memo: str(),
    submit_key: schemaRef('Key') as Schema, timestamp: schemaRef('TimestampRange') as Schema, topic_id: entityId(false),
  }),
  TopicMessage: object({
    chunk_info: { ...object({ initial_transaction_id: object({ account_id: entityId(), nonce: int64(true), scheduled: bool(true), transaction_valid_start: timestamp() }), number: int64(), total: int64() }), nullable: true },
    consensus_timestamp: timestamp(false), message: { type: 'string', description: 'base64, or the text itself with `encoding=utf-8`' },
    payer_account_id: entityId(), running_hash: base64(), running_hash_version: int64(), sequence_number: int64(), topic_id: entityId(false),
  }),
  TopicMessagesResponse: page('messages', 'TopicMessage'),
};

export const TOPIC_OPERATIONS: OperationEntry[] = [
  operation({ path: '/api/v1/topics/{topicId}', operationId: 'getTopic', tag: TAG, summary: 'One topic', cacheSeconds: 5, notFound: true, ok: schemaRef('Topic'), parameters: [topicPath],
    description: 'Answered as the reference\'s Java module answers: an id that is none (or past a long) is a 400 `Invalid value for path variable \'id\'`, an unknown one a 404 `Entity not found: <id>`, both as `{data, detail, message}`; undeclared query keys are ignored.' }),
  operation({
    path: '/api/v1/topics/{topicId}/messages', operationId: 'listTopicMessages', tag: TAG, summary: 'Messages of a topic', cacheSeconds: 1, paged: true, notFound: true,
    ok: schemaRef('TopicMessagesResponse'),
    parameters: [topicPath,
      filterParam({ name: 'encoding', description: 'How `message` is given: `base64` (default) or `utf-8` (any case).', value: 'base64|utf-8|BASE64|UTF-8', operators: EQ_ONLY, example: 'utf-8' }),
      limit, order('asc'),
      filterParam({ name: 'sequencenumber', description: 'A sequence number (0 allowed).', value: VALUE.long, operators: ALL_OPERATORS, example: '1' }),
      timestampFilter('The consensus time.')],
  }),
  operation({
    path: '/api/v1/topics/{topicId}/messages/{sequenceNumber}', operationId: 'getTopicMessage', tag: TAG, summary: 'One message by sequence number',
    cacheSeconds: 600, notFound: true, ok: schemaRef('TopicMessage'),
    parameters: [topicPath, pathParam('sequenceNumber', 'The sequence number (0 allowed).', VALUE.long, '1')],
  }),
  operation({
    path: '/api/v1/topics/messages/{consensusTimestamp}', operationId: 'getTopicMessageByTimestamp', tag: TAG, summary: 'One message by consensus timestamp',
    cacheSeconds: 600, notFound: true, ok: schemaRef('TopicMessage'),
    parameters: [pathParam('consensusTimestamp', 'The consensus timestamp, `seconds[.nanoseconds]`.', VALUE.timestamp, '1700000000.000000001')],
  }),
];
