import type { MirrorApiConfig } from '../config.ts';
import { badRequest, type GetOutcome } from '../query/mirror-get.ts';
import type { SqliteDatabase } from '../store/ledger-store.ts';
import { resolveAccountPathId } from './account-path-id.ts';

export const INVALID_ACCOUNT_PATH = { message: 'Invalid parameter: idOrAliasOrEvmAddress' };

/**
 * Resolves an `{idOrAliasOrEvmAddress}` path parameter for a route: the encoded id, or the
 * answer to give instead (400 for a malformed value, 404 for an unknown alias or address).
 */
export function accountFromPath(db: SqliteDatabase, text: string, config: MirrorApiConfig): { id: bigint } | { error: GetOutcome } {
  const resolved = resolveAccountPathId(db, text, config.shard, config.realm);
  if (resolved.ok) return { id: resolved.id };
  if (resolved.reason === 'invalid') return { error: badRequest(INVALID_ACCOUNT_PATH) };
  return { error: { status: 404, messages: [{ message: resolved.message }] } };
}
