import type { ApiResult, MirrordeskApi } from '../../../main/common/api-contract.ts';
import type { AccountInfo } from '../../../main/common/mirror-types.ts';
import { queryOfLink, type Page, type PageLoader } from './paged-list.ts';

/** Loads accounts pages through the typed API; next pages follow `links.next`. */
export function accountsPageLoader(api: Pick<MirrordeskApi, 'accounts'>): PageLoader<AccountInfo> {
  return async (query): Promise<ApiResult<Page<AccountInfo>>> => {
    const result = await api.accounts.list({ query });
    if (!result.ok) return result;
    return { ok: true, value: { items: result.value.accounts, next: queryOfLink(result.value.links.next) } };
  };
}

/** One account with its balance and token balances, whatever the table's filters were. */
export async function fetchAccount(api: Pick<MirrordeskApi, 'accounts'>, id: string): Promise<ApiResult<AccountInfo | null>> {
  const result = await api.accounts.list({ query: `account.id=${encodeURIComponent(id)}&limit=1` });
  if (!result.ok) return result;
  return { ok: true, value: result.value.accounts[0] ?? null };
}
