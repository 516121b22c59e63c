/**
 * The internal calls of one contract result (`/api/v1/contracts/results/{id}/actions`): the
 * top-level call at depth 0 and every call, creation or precompile call it made, in the order
 * they ran, each with its depth in the call tree.
 */
import type { Int64 } from '../../../main/common/mirror-types.ts';
import { longZeroId } from './ledger-format.ts';
import { mirrorPath } from './mirror-source.ts';

export interface ContractAction {
  call_depth: Int64 | null;
  call_operation_type: string | null;
  call_type: string | null;
  caller: string | null;
  from: string | null;
  gas: Int64 | null;
  gas_used: Int64 | null;
  index: Int64;
  recipient: string | null;
  result_data: string | null;
  /** OUTPUT for a call that returned; REVERT_REASON or ERROR for one that failed. */
  result_data_type: string | null;
  to: string | null;
  value: Int64 | null;
}

/** The first page of a result's actions, by the id or hash its page is opened by. */
export function contractActionsPath(idOrHash: string, limit = 50): string {
  return mirrorPath(['contracts', 'results', idOrHash, 'actions'], { limit });
}

/** How a failed action ended; null when it did not fail. */
export function actionFailure(action: ContractAction): 'reverted' | 'error' | null {
  if (action.result_data_type === 'REVERT_REASON') return 'reverted';
  if (action.result_data_type === 'ERROR') return 'error';
  return null;
}

/**
 * What an action's caller or callee links to: its entity id when it has one (a long-zero address
 * is that id too), else its EVM address, which the entity route resolves on arrival.
 */
export function actionParty(id: string | null, address: string | null): string | null {
  return id ?? longZeroId(address) ?? address;
}

/**
 * What the call was, in one word or two: the operation (DELEGATECALL, CREATE2, …) where it says
 * more than the kind, else the kind (CALL, CREATE, PRECOMPILE, SYSTEM).
 */
export function actionKind(action: ContractAction): string {
  const operation = action.call_operation_type;
  const kind = action.call_type ?? 'UNKNOWN';
  if (operation === null || operation === 'UNKNOWN' || operation === kind) return kind;
  return kind === 'CALL' || kind === 'CREATE' ? operation : `${kind} · ${operation}`;
}
