import { formatEntityId } from '../format/entity-id.ts';
import { int64 } from '../format/json-out.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import { accountFromPath } from '../accounts/account-path-outcome.ts';
import { badRequest, type GetOutcome } from '../query/mirror-get.ts';
import { singleKeyNextLink } from '../query/next-link.ts';
import { parsePositiveLong } from '../query/param-values.ts';
import { StoreService } from '../query/store-service.ts';
import { parseStorageKey } from './hook-storage-key.ts';
import { parseHookStorageParams, parseHooksParams } from './hooks-params.ts';
import { hookStorageSql, hooksSql } from './hooks-sql.ts';
import { renderHook, renderHookStorage, type HookRow, type HookStorageRow } from './render-hook.ts';

const INVALID_HOOK_ID = { message: 'Invalid parameter: hookId' };

/** The account hooks endpoints (the reference serves them from its Java module). */
export class HooksService extends StoreService {
  hooks(raw: ParsedQuery, accountText: string): GetOutcome {
    const config = this.config();
    const owner = accountFromPath(this.db, accountText, config);
    if ('error' in owner) return owner.error;
    const parsed = parseHooksParams(raw, config);
    if (!parsed.ok) return badRequest(...parsed.messages);
    const { query } = parsed;
    const { sql, params } = hooksSql(owner.id, query);
    const hooks = (this.statements.get(sql).all(...params) as HookRow[]).map(renderHook);
    const page = { count: hooks.length, limit: query.limit, order: query.order };
    const next = singleKeyNextLink(`/api/v1/accounts/${accountText}/hooks`, raw, page, 'hook.id', hooks.at(-1)?.hook_id?.toString(), (v) => parsePositiveLong(v));
    return { status: 200, body: { hooks, links: { next } }, next };
  }

  storage(raw: ParsedQuery, accountText: string, hookIdText: string): GetOutcome {
    const config = this.config();
    const owner = accountFromPath(this.db, accountText, config);
    if ('error' in owner) return owner.error;
    const hookId = parsePositiveLong(hookIdText, true);
    if (hookId === null) return badRequest(INVALID_HOOK_ID);
    const parsed = parseHookStorageParams(raw, config);
    if (!parsed.ok) return badRequest(...parsed.messages);
    const { query } = parsed;
    let storage: Array<Record<string, unknown>> = [];
    if (!query.empty) {
      const { sql, params } = hookStorageSql(owner.id, hookId, query);
      storage = (this.statements.get(sql).all(...params) as HookStorageRow[]).map(renderHookStorage);
    }
    const last = storage.at(-1)?.key as string | undefined;
    const keyValue = (text: string): bigint | null => {
      const word = parseStorageKey(text);
      return word ? BigInt(`0x${word.toString('hex')}`) : null;
    };
    const page = { count: storage.length, limit: query.limit, order: query.order };
    const next = singleKeyNextLink(`/api/v1/accounts/${accountText}/hooks/${hookIdText}/storage`, raw, page, 'key', last, keyValue);
    const body = { hook_id: int64(hookId), links: { next }, owner_id: formatEntityId(owner.id), storage };
    return { status: 200, body, next };
  }
}
