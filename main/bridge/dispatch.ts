import type { ApiResult, Channel, RequestOf, ResponseOf } from '../common/api-contract.ts';
import { describeWriteFailure, writeFailureOf } from '../files/write-problem.ts';
import { ApiFailure } from './api-error.ts';
import { isChannel, validateRequest } from './validate-request.ts';

/** What main implements for each channel; requests reach it already validated. */
export type ApiHandlers = { [C in Channel]: (request: RequestOf<C>) => Promise<ResponseOf<C>> | ResponseOf<C> };

export type Dispatcher = (channel: unknown, request: unknown) => Promise<ApiResult<unknown>>;

/**
 * Turns handlers into the single entry point both transports use: checks the channel and
 * the request, runs the handler, and converts every failure into an ApiResult so that
 * nothing thrown ever crosses the bridge.
 */
export function createDispatcher(handlers: ApiHandlers, log: (message: string) => void = console.error): Dispatcher {
  return async (channel, request) => {
    if (!isChannel(channel)) {
      // Named as far as a channel name goes, not echoed whole.
      return failure('not-found', `unknown API call "${String(channel).slice(0, 80)}"`);
    }
    const checked = validateRequest(channel, request);
    if (!checked.ok) return failure('invalid-input', `invalid request for ${channel}`, checked.problems);
    try {
      const handler = handlers[channel] as (request: unknown) => Promise<unknown> | unknown;
      return { ok: true, value: await handler(checked.value) };
    } catch (error) {
      if (error instanceof ApiFailure) return { ok: false, error: error.toApiError() };
      log(`API call ${channel} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      // A full disk or a refused write is the machine's state, which the user can act on once told: say which file and why.
      const refused = writeFailureOf(error);
      if (refused) return failure('internal', `Could not finish: ${describeWriteFailure(refused)}.`);
      return failure('internal', `${channel} failed unexpectedly; see the application log`);
    }
  };
}

function failure(code: ApiFailure['code'], message: string, details: string[] = []): ApiResult<never> {
  return { ok: false, error: { code, message, details } };
}

export type { Channel, RequestOf, ResponseOf };
