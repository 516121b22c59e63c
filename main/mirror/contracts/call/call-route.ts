import type { FastifyInstance } from 'fastify';
import { sendMirrorJson } from '../../http/mirror-reply.ts';
import type { MirrorRouteContext } from '../../http/mirror-routes.ts';
import { relayedOutcome, type ReadThrough } from '../../http/read-through.ts';
import type { GetOutcome } from '../../query/mirror-get.ts';
import { CONTRACTS_PATH } from '../contracts-service.ts';
import { parseJsonLossless } from '../../format/json-out.ts';
import { refusal } from './call-refusal.ts';
import type { CallRunner } from './call-runner.ts';
import { ContractCallService, type CallReply } from './call-service.ts';

export const CONTRACT_CALL_PATH = `${CONTRACTS_PATH}/call`;
/** What a synced store lacks for calls and `/state`, named when the upstream they are relayed to cannot be reached. */
export const CONTRACT_STORAGE = 'contract storage';

/** A body sent as JSON that is not JSON: answered by the call route in its own words, not by the generic error handler. */
class UnreadableJson {
  readonly reason: string;

  constructor(reason: string) {
    this.reason = reason;
  }
}

/**
 * POST /api/v1/contracts/call; JSON only (Fastify answers 415 for other media types). Query
 * parameters are ignored, as the reference's web3 module (Spring) ignores them.
 */
export function registerContractCallRoute(app: FastifyInstance, { db, config, readThrough }: MirrorRouteContext, runner: CallRunner): void {
  const service = new ContractCallService(db, config, runner);
  // JSON read with integers past 2^53 exact (as the reference's Java longs take `value` and `gas`),
  // not rounded to the nearest double; this is the mirror's only JSON body. A body that does not
  // parse is handed on, not refused here: the call route words that refusal itself, and any other
  // route takes no JSON at all and refuses the media type (the fee estimate's 415, as the reference's
  // protobuf-only route does) or the path, whatever the body says.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJsonLossless(body as string));
    } catch (error) {
      done(null, new UnreadableJson(error instanceof Error ? error.message : String(error)));
    }
  });
  app.post(CONTRACT_CALL_PATH, async (request, reply) => {
    const contentType = String(request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (contentType !== 'application/json') {
      const refused = refusal(415, `Content-Type '${contentType || '(none)'}' is not supported; send application/json`);
      return sendMirrorJson(request, reply, 415, { _status: { messages: [refused] } }, null);
    }
    if (request.body instanceof UnreadableJson) {
      return sendMirrorJson(request, reply, 400, { _status: { messages: [refusal(400, `JSON parse error: ${request.body.reason}`)] } }, null);
    }
    const outcome = readThrough ? await relayedCall(readThrough, service, request.body) : await service.call(request.body);
    if ('messages' in outcome) return sendMirrorJson(request, reply, outcome.status, { _status: { messages: outcome.messages } }, null);
    return sendMirrorJson(request, reply, 200, outcome.body, null, { 'cache-control': 'no-store' });
  });
}

/**
 * On a synced profile the store holds the contracts' code but not their storage, so a call run
 * here would read zeros: a valid call is sent to the upstream's own /contracts/call and its
 * answer (result, revert, error) passed on; 503 when it cannot be reached.
 */
async function relayedCall(readThrough: ReadThrough, service: ContractCallService, body: unknown): Promise<CallReply | GetOutcome> {
  return service.invalid(body) ?? relayedOutcome(await readThrough.relay({ method: 'POST', path: CONTRACT_CALL_PATH, body }), CONTRACT_STORAGE);
}
