import type { AccountsResponse } from '../../common/mirror-types.ts';
import type { MirrorApiConfig } from '../config.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import type { SqliteDatabase } from '../store/ledger-store.ts';
import { nextAccountsLink } from './accounts-links.ts';
import { parseAccountsParams } from './accounts-params.ts';
import { AccountsRepository } from './accounts-repository.ts';
import { renderAccount } from './render-account.ts';

export type AccountsResult = { ok: true; body: AccountsResponse } | { ok: false; messages: string[] };

/**
 * GET /api/v1/accounts without the HTTP: the REST route and the app's IPC call both go
 * through here, so they answer the same query with the same body.
 */
export class AccountsService {
  readonly #repository: AccountsRepository;
  readonly #config: () => MirrorApiConfig;

  constructor(db: SqliteDatabase, config: () => MirrorApiConfig) {
    this.#repository = new AccountsRepository(db);
    this.#config = config;
  }

  list(raw: ParsedQuery): AccountsResult {
    const config = this.#config();
    const parsed = parseAccountsParams(raw, config);
    if (!parsed.ok) return parsed;
    const { query } = parsed;
    const page = this.#repository.listPage(query, config.response.limit.tokenBalance.multipleAccounts);
    const options = { includeDelegationAddress: config.response.enableDelegationAddress };
    const accounts = page.rows.map((row) => renderAccount(row, page.tokens?.get(row.id) ?? null, options));
    const last = accounts.at(-1)?.account ?? null;
    return { ok: true, body: { accounts, links: { next: nextAccountsLink(query, accounts.length, last) } } };
  }
}
