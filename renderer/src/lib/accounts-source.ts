import type { ApiResult, MirrordeskApi } from '../../../main/common/api-contract.ts';
import type { AccountInfo } from '../../../main/common/mirror-types.ts';
import { mirrorGet, mirrorPath, type MirrorReader } from './mirror-source.ts';
import { queryOfLink, type Page, type PageLoader } from './paged-list.ts';

/** Loads accounts pages through the typed API; next pages follow `links.next`. */
export function accountsPageLoader(api: Pick<MirrordeskApi, 'accounts'>): PageLoader<AccountInfo> {
  return async (query): Promise<ApiResult<Page<AccountInfo>>> => {
    const result = await api.accounts.list({ query });
    if (!result.ok) return result;
    return { ok: true, value: { items: result.value.accounts, next: queryOfLink(result.value.links.next) } };
  };
}

/**
 * One account with its balance and token balances, by id, alias or EVM address, as
 * `/api/v1/accounts/{id}` answers it without its transactions: on a synced profile that reads
 * through to the upstream for an account the store does not hold yet (and says when the upstream
 * cannot be reached), where the accounts list would only say the store lacks it.
 */
export async function fetchAccount(api: MirrorReader, id: string): Promise<ApiResult<AccountInfo>> {
  const result = await mirrorGet<AccountInfo & { transactions?: unknown; links?: unknown }>(api, mirrorPath(['accounts', id], { transactions: 'false' }));
  if (!result.ok) return result;
  const { transactions: _transactions, links: _links, ...account } = result.value;
  return { ok: true, value: account };
}
