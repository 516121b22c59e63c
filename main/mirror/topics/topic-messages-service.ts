import { sqlInt } from '../format/entity-id.ts';
import { formatTimestamp } from '../format/timestamp.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import { badRequest, NOT_FOUND, type GetOutcome } from '../query/mirror-get.ts';
import { singleKeyNextLink } from '../query/next-link.ts';
import { parseEntityIdParam, parsePositiveLong, parseTimestampParam } from '../query/param-values.ts';
import { invalidParameter, validateQuery, type MirrorMessage } from '../query/query-filters.ts';
import { StoreService } from '../query/store-service.ts';
import { renderTopicMessage, type TopicMessageRow } from './render-topic-message.ts';
import { parseTopicMessagesParams } from './topic-messages-params.ts';
import { MESSAGE_BY_SEQUENCE_SQL, MESSAGE_BY_TIMESTAMP_SQL, topicMessagesSql } from './topic-messages-sql.ts';

/** Topic messages: a topic's list, one by sequence number, one by consensus timestamp. */
export class TopicMessagesService extends StoreService {
  /** GET /api/v1/topics/{topicId}/messages */
  list(raw: ParsedQuery, topicText: string): GetOutcome {
    const topicId = parseEntityIdParam(topicText);
    const parsed = parseTopicMessagesParams(raw, this.config());
    const messages: MirrorMessage[] = [];
    if (topicId === null) messages.push(invalidParameter('topic.id'));
    if (!parsed.ok) messages.push(...parsed.messages);
    if (!parsed.ok || topicId === null) return badRequest(...messages);
    const { query } = parsed;
    const { sql, params } = topicMessagesSql(topicId, query);
    const rows = this.statements.get(sql).all(...params) as TopicMessageRow[];
    const last = rows.at(-1);
    const page = { count: rows.length, limit: query.limit, order: query.order };
    const next = singleKeyNextLink(`/api/v1/topics/${topicText}/messages`, raw, page, 'timestamp', last && formatTimestamp(last.consensus_timestamp), parseTimestampParam);
    return { status: 200, body: { messages: rows.map((row) => renderTopicMessage(row, query.encoding)), links: { next } }, next };
  }

  /** GET /api/v1/topics/{topicId}/messages/{sequenceNumber} */
  bySequence(raw: ParsedQuery, topicText: string, sequenceText: string): GetOutcome {
    const topicId = parseEntityIdParam(topicText);
    const sequence = parsePositiveLong(sequenceText, true);
    const messages: MirrorMessage[] = [];
    if (topicId === null) messages.push(invalidParameter('topic.id'));
    if (sequence === null) messages.push(invalidParameter('sequencenumber'));
    const validated = validateQuery(raw, {});
    if (!validated.ok) messages.push(...validated.messages);
    if (messages.length > 0 || topicId === null || sequence === null) return badRequest(...messages);
    const row = this.statements.get(MESSAGE_BY_SEQUENCE_SQL).get(sqlInt(topicId), sqlInt(sequence)) as TopicMessageRow | undefined;
    return row ? { status: 200, body: renderTopicMessage(row) } : NOT_FOUND;
  }

  /** GET /api/v1/topics/messages/{consensusTimestamp} */
  byTimestamp(raw: ParsedQuery, timestampText: string): GetOutcome {
    const timestamp = parseTimestampParam(timestampText);
    const messages: MirrorMessage[] = timestamp === null ? [invalidParameter('consensus_timestamp')] : [];
    const validated = validateQuery(raw, {});
    if (!validated.ok) messages.push(...validated.messages);
    if (messages.length > 0 || timestamp === null) return badRequest(...messages);
    const row = this.statements.get(MESSAGE_BY_TIMESTAMP_SQL).get(sqlInt(timestamp)) as TopicMessageRow | undefined;
    return row ? { status: 200, body: renderTopicMessage(row) } : NOT_FOUND;
  }
}
