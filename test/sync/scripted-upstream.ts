import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Answers the n-th request (counting from 0) a scripted upstream receives. */
export type UpstreamHandler = (req: http.IncomingMessage, res: http.ServerResponse, n: number) => void;

/**
 * Scripted upstream mirror nodes on loopback for the sync tests. Each test file keeps one of
 * these and calls `closeAll` after its tests, so no server (or kept-alive socket) outlives them.
 */
export class ScriptedUpstreams {
  readonly #servers: http.Server[] = [];

  /** Starts a server that `handler` answers; resolves to its base URL. */
  async start(handler: UpstreamHandler): Promise<string> {
    let n = 0;
    const server = http.createServer((req, res) => handler(req, res, n++));
    this.#servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async closeAll(): Promise<void> {
    for (const server of this.#servers.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }
}

/** A fungible token as `/api/v1/tokens/{id}` shows it; `overrides` replaces whole fields. */
export function tokenInfo(num: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    admin_key: null, auto_renew_account: null, auto_renew_period: 7776000, created_timestamp: '150.000000000',
    custom_fees: { created_timestamp: '150.000000000', fixed_fees: [], fractional_fees: [] },
    decimals: '2', deleted: false, expiry_timestamp: 1757776000000000000, fee_schedule_key: null, freeze_default: false, freeze_key: null,
    initial_supply: '1000', kyc_key: null, max_supply: '0', memo: '', metadata: '', metadata_key: null, modified_timestamp: '150.000000000',
    name: `Token ${num}`, pause_key: null, pause_status: 'NOT_APPLICABLE', supply_key: null, supply_type: 'INFINITE', symbol: 'TOK',
    token_id: `0.0.${num}`, total_supply: '1000', treasury_account_id: '0.0.2', type: 'FUNGIBLE_COMMON', wipe_key: null,
    ...overrides,
  };
}

/**
 * Answers a transactions list request over `transactions` (ascending by consensus timestamp) as a
 * mirror node pages it: `order`, `limit` and the `timestamp=gt:` filter its next links carry.
 */
export function answerTransactionsPage(url: URL, transactions: ReadonlyArray<Record<string, unknown>>, res: http.ServerResponse): void {
  const order = url.searchParams.get('order') ?? 'desc';
  const after = url.searchParams.get('timestamp')?.replace('gt:', '');
  const limit = Number(url.searchParams.get('limit') ?? 25);
  let list = after === undefined ? [...transactions] : transactions.filter((t) => Number(t.consensus_timestamp) > Number(after));
  if (order === 'desc') list = list.reverse();
  const page = list.slice(0, limit);
  const next = page.length === limit && list.length > limit ? `/api/v1/transactions?limit=${limit}&order=${order}&timestamp=gt:${page.at(-1)!.consensus_timestamp as string}` : null;
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ transactions: page, links: { next } }));
}
