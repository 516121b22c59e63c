import type { FastifyInstance, FastifyRequest } from 'fastify';
import { etagMatches } from '../../http/etag.ts';
import type { MirrorApiConfig } from '../config.ts';
import { stringifyJson } from '../format/json-out.ts';
import type { CachedResponse, ResponseCache } from './response-cache.ts';

/** Headers that describe the transfer rather than the answer, recomputed on every send. */
const TRANSFER_HEADERS = new Set(['content-length', 'connection', 'date', 'keep-alive', 'transfer-encoding']);

/**
 * Serves repeated GETs from the response cache and fills it with successful answers. Runs
 * after the host check (hooks run in registration order), so a refused request never reads
 * the cache. A cached answer goes out with its original headers, and as a 304 when the
 * client already holds its ETag. A hit is written straight to the socket, past Fastify's
 * reply pipeline: the stored bytes and headers are final, and for a page of accounts the
 * pipeline cost as much as the rest of the hit.
 */
export function installResponseCache(app: FastifyInstance, cache: ResponseCache, config: () => MirrorApiConfig): void {
  const stamps = new WeakMap<FastifyRequest, string>();
  let lastConfig = config();
  let lastConfigText = stringifyJson(lastConfig);

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || reply.sent) return;
    // Answers depend on the settings too (limits, shard, realm): new settings, new answers.
    // Compared by content: a config function may build a fresh, equal object per call.
    const current = config();
    if (current !== lastConfig) {
      const text = stringifyJson(current);
      if (text !== lastConfigText) cache.clear();
      lastConfig = current;
      lastConfigText = text;
    }
    const { entry: hit, stamp } = cache.lookup(request.url);
    if (!hit) {
      stamps.set(request, stamp);
      return;
    }
    if (etagMatches(request.headers['if-none-match'], hit.etag)) {
      for (const [name, value] of Object.entries(hit.headers)) reply.header(name, value);
      return reply.code(304).send();
    }
    reply.hijack();
    reply.raw.writeHead(200, hit.rawHeaders);
    reply.raw.end(hit.body);
    return reply;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const stamp = stamps.get(request);
    if (stamp === undefined || reply.statusCode !== 200) return payload;
    // An answer relayed as it is now (a synced contract's storage) is not the store's: never kept.
    if (String(reply.getHeader('cache-control') ?? '').includes('no-store')) return payload;
    // Mirror answers come as the bytes sendMirrorJson encoded; a route sending text is encoded here.
    const body = Buffer.isBuffer(payload) ? payload : typeof payload === 'string' ? Buffer.from(payload, 'utf8') : null;
    if (body === null) return payload;
    const etag = reply.getHeader('etag');
    if (typeof etag !== 'string') return payload;
    const headers: CachedResponse['headers'] = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (typeof value === 'string' && !TRANSFER_HEADERS.has(name)) headers[name] = value;
    }
    const rawHeaders = [...Object.entries(headers).flat(), 'content-length', String(body.length)];
    cache.set(request.url, { body, etag, headers, rawHeaders }, stamp);
    return body;
  });
}
