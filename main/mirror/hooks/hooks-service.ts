import { formatEntityId } from '../format/entity-id.ts';
import { int64 } from '../format/json-out.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import { NO_ACCOUNT_FOUND } from '../query/java-error.ts';
import { javaNextLink } from '../query/java-next-link.ts';
import { accountPathParam, longPathParam, lookupJavaAccount } from '../query/java-params.ts';
import type { GetOutcome } from '../query/mirror-get.ts';
import { StoreService } from '../query/store-service.ts';
import { parseHookStorageParams, parseHooksParams } from './hooks-params.ts';
import { hookStorageSql, hooksSql } from './hooks-sql.ts';
import { renderHook, renderHookStorage, type HookRow, type HookStorageRow } from './render-hook.ts';

/** The account hooks endpoints, answered as the reference's Java module (HooksController) answers them. */
export class HooksService extends StoreService {
  hooks(raw: ParsedQuery, accountText: string): GetOutcome {
    const { shard, realm } = this.config();
    const ownerId = accountPathParam(accountText, 'ownerId', shard, realm);
    if (!ownerId.ok) return ownerId.error;
    const parsed = parseHooksParams(raw);
    if (!parsed.ok) return parsed.error;
    const owner = lookupJavaAccount(this.db, ownerId.value);
    if (owner === null) return NO_ACCOUNT_FOUND;
    const query = parsed.value;
    const { sql, params } = hooksSql(owner, query);
    const rows = this.statements.get(sql).all(...params) as HookRow[];
    const next = javaNextLink(`/api/v1/accounts/${accountText}/hooks`, raw, {
      count: rows.length, limit: query.limit, order: query.order, sort: ['hook.id'], last: rows.length > 0 ? { 'hook.id': String(rows.at(-1)!.hook_id) } : undefined,
    });
    return { status: 200, body: { hooks: rows.map(renderHook), links: { next } }, next };
  }

  storage(raw: ParsedQuery, accountText: string, hookIdText: string): GetOutcome {
    const { shard, realm } = this.config();
    const ownerId = accountPathParam(accountText, 'ownerId', shard, realm);
    if (!ownerId.ok) return ownerId.error;
    const hookId = longPathParam(hookIdText, 'hookId');
    if (!hookId.ok) return hookId.error;
    const parsed = parseHookStorageParams(raw, hookId.value);
    if (!parsed.ok) return parsed.error;
    const owner = lookupJavaAccount(this.db, ownerId.value);
    if (owner === null) return NO_ACCOUNT_FOUND;
    const query = parsed.value;
    let storage: Array<Record<string, unknown>> = [];
    if (!query.empty) {
      const { sql, params } = hookStorageSql(owner, hookId.value, query);
      storage = (this.statements.get(sql).all(...params) as HookStorageRow[]).map(renderHookStorage);
    }
    const last = storage.at(-1)?.key as string | undefined;
    const next = javaNextLink(`/api/v1/accounts/${accountText}/hooks/${hookIdText}/storage`, raw, {
      count: storage.length, limit: query.limit, order: query.order, sort: ['key'], last: last === undefined ? undefined : { key: last },
    });
    const body = { hook_id: int64(hookId.value), links: { next }, owner_id: formatEntityId(owner), storage };
    return { status: 200, body, next };
  }
}
