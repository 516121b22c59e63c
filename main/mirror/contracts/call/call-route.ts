import type { FastifyInstance } from 'fastify';
import { rawQueryOf, sendMirrorJson } from '../../http/mirror-reply.ts';
import type { MirrorRouteContext } from '../../http/mirror-routes.ts';
import { parseQueryString } from '../../http/query-string.ts';
import { CONTRACTS_PATH } from '../contracts-service.ts';
import type { CallRunner } from './call-runner.ts';
import { ContractCallService } from './call-service.ts';

export const CONTRACT_CALL_PATH = `${CONTRACTS_PATH}/call`;

/** POST /api/v1/contracts/call; JSON only (Fastify answers 415 for other media types). */
export function registerContractCallRoute(app: FastifyInstance, { db, config }: MirrorRouteContext, runner: CallRunner): void {
  const service = new ContractCallService(db, config, runner);
  app.post(CONTRACT_CALL_PATH, async (request, reply) => {
    const raw = parseQueryString(rawQueryOf(request), config().query.maxRepeatedQueryParameters);
    if (raw.size > 0) {
      const messages = [...raw.keys()].map((key) => ({ message: `Unknown query parameter: ${key}` }));
      return sendMirrorJson(request, reply, 400, { _status: { messages } }, null);
    }
    const contentType = String(request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (contentType !== 'application/json') {
      return sendMirrorJson(request, reply, 415, { _status: { messages: [{ message: `Unsupported media type: ${contentType || '(none)'}; send application/json` }] } }, null);
    }
    const outcome = await service.call(request.body);
    if (outcome.status !== 200) return sendMirrorJson(request, reply, outcome.status, { _status: { messages: outcome.messages } }, null);
    return sendMirrorJson(request, reply, 200, outcome.body, null, { 'cache-control': 'no-store' });
  });
}
