import type { FastifyInstance } from 'fastify';
import type { MirrorRouteContext } from '../http/mirror-routes.ts';
import { relayedRoute, withReadThrough, withUpstreamAnswerOnly } from '../http/read-through.ts';
import { NOT_FOUND, registerMirrorGet } from '../query/mirror-get.ts';
import { CONTRACT_STORAGE, registerContractCallRoute } from './call/call-route.ts';
import { CallRunner } from './call/call-runner.ts';
import { ContractActionsService } from './contract-actions-service.ts';
import { CONTRACT_LOGS_PATH, ContractLogsService } from './contract-logs-service.ts';
import { ContractStateService } from './contract-state-service.ts';
import { ContractOpcodesService } from './contract-opcodes-service.ts';
import { rawQueryOf, sendMirrorJson } from '../http/mirror-reply.ts';
import { parseQueryString } from '../http/query-string.ts';
import { CONTRACT_RESULTS_PATH, ContractResultsService } from './contract-results-service.ts';
import { CONTRACTS_PATH, ContractsService } from './contracts-service.ts';

/**
 * Cache lifetimes as the reference sets them: lists 10 s, one contract and its sub-resources
 * 1 s, a single contract result (immutable once written) 600 s.
 */
export const CONTRACT_CACHE_SECONDS = { list: 10, byId: 1, result: 600 } as const;

/** What a synced store lacks of a contract result, named when the upstream cannot be reached for one. */
const WHOLE_RESULT = 'whole contract results (state changes, actions, opcode traces), only the fields its results lists show';

/** Every route under /api/v1/contracts: the GET resources and POST /contracts/call. */
export function registerContractsRoutes(app: FastifyInstance, context: MirrorRouteContext): void {
  const { db, config } = context;
  const contracts = new ContractsService(db, config);
  registerMirrorGet(app, CONTRACTS_PATH, CONTRACT_CACHE_SECONDS.list, config, (raw) => contracts.list(raw));
  registerMirrorGet(app, `${CONTRACTS_PATH}/:contractId`, CONTRACT_CACHE_SECONDS.byId, config, 
    withReadThrough(context.readThrough, 'contract', 'contractId', (raw, params) => contracts.byId(raw, params.contractId!)));

  const logs = new ContractLogsService(db, config);
  registerMirrorGet(app, CONTRACT_LOGS_PATH, CONTRACT_CACHE_SECONDS.list, config, (raw) => logs.list(raw));
  registerMirrorGet(app, `${CONTRACTS_PATH}/:contractId/results/logs`, CONTRACT_CACHE_SECONDS.byId, config,
    (raw, params) => logs.list(raw, params.contractId!));

  const results = new ContractResultsService(db, config);
  registerMirrorGet(app, CONTRACT_RESULTS_PATH, CONTRACT_CACHE_SECONDS.list, config, (raw) => results.list(raw));
  // A synced store holds the results lists' rows of the transactions it followed, without their
  // state changes and actions: one result whole, by transaction id, hash or timestamp, is the upstream's.
  registerMirrorGet(app, `${CONTRACT_RESULTS_PATH}/:transactionIdOrHash`, CONTRACT_CACHE_SECONDS.result, config,
    withUpstreamAnswerOnly(context.readThrough, (params) => `${CONTRACT_RESULTS_PATH}/${params.transactionIdOrHash}`,
      (raw, params) => results.byTransaction(raw, params.transactionIdOrHash!), WHOLE_RESULT));
  registerMirrorGet(app, `${CONTRACTS_PATH}/:contractId/results`, CONTRACT_CACHE_SECONDS.byId, config,
    (raw, params) => results.list(raw, params.contractId!));
  registerMirrorGet(app, `${CONTRACTS_PATH}/:contractId/results/:timestamp`, CONTRACT_CACHE_SECONDS.result, config,
    withUpstreamAnswerOnly(context.readThrough, (params) => `${CONTRACTS_PATH}/${params.contractId}/results/${params.timestamp}`,
      (raw, params) => results.byTimestamp(raw, params.contractId!, params.timestamp!), WHOLE_RESULT));

  const actions = new ContractActionsService(db, config);
  registerMirrorGet(app, `${CONTRACT_RESULTS_PATH}/:transactionIdOrHash/actions`, CONTRACT_CACHE_SECONDS.result, config,
    withUpstreamAnswerOnly(context.readThrough, (params) => `${CONTRACT_RESULTS_PATH}/${params.transactionIdOrHash}/actions`,
      (raw, params) => actions.list(raw, params.transactionIdOrHash!), WHOLE_RESULT));
  const state = new ContractStateService(db, config);
  // A synced store holds no contract storage: there, the upstream's answer as it is now.
  registerMirrorGet(app, `${CONTRACTS_PATH}/:contractId/state`, CONTRACT_CACHE_SECONDS.byId, config,
    relayedRoute(context.readThrough, `${CONTRACTS_PATH}/:contractId/state`, (raw, params) => state.list(raw, params.contractId!), { notHeld: CONTRACT_STORAGE }));

  // The opcode trace and /contracts/call run in the EVM: one worker (started on first use) for both.
  const runner = new CallRunner(db);
  app.addHook('onClose', async () => runner.close());
  const opcodes = new ContractOpcodesService(db, config, runner);
  // The replay reads the contract's storage from its recorded state changes, which a synced store
  // does not hold: there, a valid request is answered with the upstream's trace, kept like a result.
  const upstreamTrace = withUpstreamAnswerOnly(context.readThrough, (params) => `${CONTRACT_RESULTS_PATH}/${params.transactionIdOrHash}/opcodes`,
    (raw, params) => opcodes.invalid(raw, params.transactionIdOrHash!) ?? NOT_FOUND, WHOLE_RESULT);
  app.get(`${CONTRACT_RESULTS_PATH}/:transactionIdOrHash/opcodes`, async (request, reply) => {
    const raw = parseQueryString(rawQueryOf(request), config().query.maxRepeatedQueryParameters);
    const params = request.params as { transactionIdOrHash: string };
    const outcome = context.readThrough ? await upstreamTrace(raw, params) : await opcodes.trace(raw, params.transactionIdOrHash);
    if ('messages' in outcome) return sendMirrorJson(request, reply, outcome.status, { _status: { messages: outcome.messages } }, null);
    return sendMirrorJson(request, reply, 200, outcome.body, CONTRACT_CACHE_SECONDS.result);
  });

  registerContractCallRoute(app, context, runner);
}
