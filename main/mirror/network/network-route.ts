import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { etagMatches, weakEtag } from '../../http/etag.ts';
import { rawQueryOf, sendMirrorError, sendMirrorJson } from '../http/mirror-reply.ts';
import type { MirrorRouteContext } from '../http/mirror-routes.ts';
import { parseQueryString } from '../http/query-string.ts';
import { relayedRoute } from '../http/read-through.ts';
import { registerMirrorGet, type GetHandler } from '../query/mirror-get.ts';
import { invalidParameter, validateQuery } from '../query/query-filters.ts';
import { estimateFees } from './fee-estimate.ts';
import { NetworkFilesService } from './network-files-service.ts';
import { NodesService, NODES_PATH } from './nodes-service.ts';
import { RegisteredNodesService, REGISTERED_NODES_PATH } from './registered-nodes-service.ts';
import { StakeService } from './stake-service.ts';
import { decodeSubmittedTransaction } from './submitted-transaction.ts';
import { SupplyService } from './supply-service.ts';

/** The reference's lifetime for every network answer (specs/network/responseHeaders.json). */
const NETWORK_CACHE_SECONDS = 60;
/** The reference serves registered nodes from its Java module, with its one-second lifetime. */
const REGISTERED_NODES_CACHE_SECONDS = 1;
const PROTOBUF_TYPES = ['application/protobuf', 'application/x-protobuf'];
/** Far above HAPI's 6 KiB transaction limit, well below anything that could hurt (the OpenAPI document says it). */
export const MAX_TRANSACTION_BYTES = 65_536;

export function registerNetworkRoutes(app: FastifyInstance, { db, config, readThrough }: MirrorRouteContext): void {
  const files = new NetworkFilesService(db);
  const supply = new SupplyService(db, config);
  const stake = new StakeService(db);
  const nodes = new NodesService(db);
  const registeredNodes = new RegisteredNodesService(db, config);
  // A synced store copies no address book, registered nodes, stake or system files: there, the upstream's answers,
  // the last of each remembered for when it cannot be reached.
  const relayed = (path: string, handle: GetHandler): GetHandler =>
    relayedRoute(readThrough, path, handle, { notHeld: "the network's nodes, stake, exchange rate and fees", remember: true });
  registerMirrorGet(app, '/api/v1/network/exchangerate', NETWORK_CACHE_SECONDS, config, relayed('/api/v1/network/exchangerate', (raw) => files.exchangeRate(raw)));
  registerMirrorGet(app, '/api/v1/network/fees', NETWORK_CACHE_SECONDS, config, relayed('/api/v1/network/fees', (raw) => files.fees(raw)));
  registerMirrorGet(app, '/api/v1/network/stake', NETWORK_CACHE_SECONDS, config, relayed('/api/v1/network/stake', (raw) => stake.get(raw)));
  registerMirrorGet(app, NODES_PATH, NETWORK_CACHE_SECONDS, config, relayed(NODES_PATH, (raw) => nodes.list(raw)));
  registerMirrorGet(app, REGISTERED_NODES_PATH, REGISTERED_NODES_CACHE_SECONDS, config, relayed(REGISTERED_NODES_PATH, (raw) => registeredNodes.list(raw)));

  app.get('/api/v1/network/supply', async (request, reply) => {
    const outcome = supply.get(parseQueryString(rawQueryOf(request), config().query.maxRepeatedQueryParameters));
    if ('text' in outcome) return sendText(request, reply, outcome.text);
    if ('messages' in outcome) return sendMirrorJson(request, reply, outcome.status, { _status: { messages: outcome.messages } }, null);
    return sendMirrorJson(request, reply, 200, outcome.body, NETWORK_CACHE_SECONDS);
  });

  app.addContentTypeParser(PROTOBUF_TYPES, { parseAs: 'buffer', bodyLimit: MAX_TRANSACTION_BYTES }, (_request, body, done) => done(null, body));
  app.post('/api/v1/network/fees', { bodyLimit: MAX_TRANSACTION_BYTES }, async (request, reply) => {
    const raw = parseQueryString(rawQueryOf(request), config().query.maxRepeatedQueryParameters);
    const validated = validateQuery(raw, {
      mode: (op, value) => op === 'eq' && /^(INTRINSIC|STATE)$/i.test(value),
      high_volume_throttle: (op, value) => op === 'eq' && /^\d{1,5}$/.test(value) && Number(value) <= 10_000,
    });
    if (!validated.ok) return sendMirrorJson(request, reply, 400, { _status: { messages: validated.messages } }, null);
    if (!Buffer.isBuffer(request.body)) {
      return sendMirrorError(request, reply, 415, 'The request body must be a serialized Transaction (Content-Type application/protobuf or application/x-protobuf)');
    }
    const decoded = decodeSubmittedTransaction(request.body);
    if (!decoded.ok) {
      const body = { _status: { messages: [{ ...invalidParameter('transaction', `Not a serialized HAPI Transaction: ${decoded.reason}`), data: null }] } };
      return sendMirrorJson(request, reply, 400, body, null);
    }
    return sendMirrorJson(request, reply, 200, estimateFees(decoded.transaction), null);
  });
}

/** A plain-text answer (supply amounts) with the same ETag and caching rules as JSON ones. */
function sendText(request: FastifyRequest, reply: FastifyReply, text: string): FastifyReply {
  const etag = weakEtag(text);
  reply.header('content-type', 'text/plain; charset=utf-8').header('etag', etag).header('cache-control', `public, max-age=${NETWORK_CACHE_SECONDS}`);
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.code(200).send(text);
}
