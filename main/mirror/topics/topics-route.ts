import type { FastifyInstance } from 'fastify';
import type { MirrorRouteContext } from '../http/mirror-routes.ts';
import { relayedRoute, withReadThrough, withUpstreamAnswer } from '../http/read-through.ts';
import { registerMirrorGet } from '../query/mirror-get.ts';
import { TopicMessagesService } from './topic-messages-service.ts';
import { TopicService } from './topic-service.ts';

/** The reference's lifetimes: a topic's list grows every second; one message never changes. */
const LIST_CACHE_SECONDS = 1;
const MESSAGE_CACHE_SECONDS = 600;
const TOPIC_CACHE_SECONDS = 5;
/** What a synced store may lack of a topic's messages, named when the upstream cannot be reached for one. */
const OLDER_MESSAGE = 'this topic message';

export function registerTopicsRoutes(app: FastifyInstance, { db, config, readThrough }: MirrorRouteContext): void {
  const messages = new TopicMessagesService(db, config);
  const topics = new TopicService(db, config);
  registerMirrorGet(app, '/api/v1/topics/:topicId', TOPIC_CACHE_SECONDS, config,
    withReadThrough(readThrough, 'topic', 'topicId', (raw, p) => topics.get(raw, p.topicId!)));
  // A synced store holds the messages sent since its sync began following: the list is the
  // upstream's, whole, and offline (nothing remembered) the store's own.
  registerMirrorGet(app, '/api/v1/topics/:topicId/messages', LIST_CACHE_SECONDS, config,
    relayedRoute(readThrough, '/api/v1/topics/:topicId/messages', (raw, p) => messages.list(raw, p.topicId!),
      { notHeld: 'older topic messages', remember: true, storeWhenUnreachable: true }));
  // A synced store holds the messages sent since its sync began following; an older one, asked for by itself, is the upstream's.
  registerMirrorGet(app, '/api/v1/topics/:topicId/messages/:sequenceNumber', MESSAGE_CACHE_SECONDS, config,
    withUpstreamAnswer(readThrough, (p) => `/api/v1/topics/${p.topicId}/messages/${p.sequenceNumber}`,
      (raw, p) => messages.bySequence(raw, p.topicId!, p.sequenceNumber!), OLDER_MESSAGE));
  registerMirrorGet(app, '/api/v1/topics/messages/:consensusTimestamp', MESSAGE_CACHE_SECONDS, config,
    withUpstreamAnswer(readThrough, (p) => `/api/v1/topics/messages/${p.consensusTimestamp}`,
      (raw, p) => messages.byTimestamp(raw, p.consensusTimestamp!), OLDER_MESSAGE));
}
