/**
 * Names, symbols and decimals of tokens, for screens that show token ids they did not load
 * themselves (an account's token transfers, its token relationships). Ids asked for in the same
 * tick go to the mirror as one token list request (`/api/v1/tokens?token.id=…&token.id=…`), and
 * every answer is kept for the directory's life: one directory per screen, so a profile switch,
 * which mounts the screen afresh, starts an empty one.
 */
import type { ApiResult } from '../../../main/common/api-contract.ts';
import { Observable } from './observable.ts';

export interface TokenSummary {
  id: string;
  name: string;
  symbol: string;
  /** Null where amounts are whole units as they come: an NFT collection's serials, or decimals the mirror did not give. */
  decimals: number | null;
}

/** Ids per request: the reference mirror takes up to 100 repeated parameters and 100 rows a page. */
const BATCH = 50;
const TOKEN_ID = /^\d{1,10}\.\d{1,10}\.\d{1,19}$/;

interface TokenListBody { tokens?: Array<{ token_id?: unknown; name?: unknown; symbol?: unknown; decimals?: unknown; type?: unknown }> }

export class TokenDirectory {
  readonly #read: (path: string) => Promise<ApiResult<unknown>>;
  readonly #known = new Observable<ReadonlyMap<string, TokenSummary>>(new Map());
  /** Ids asked for already (answered or missing): none is asked twice. A failed request forgets its ids, so a later want asks again. */
  readonly #asked = new Set<string>();
  #queued: string[] = [];

  constructor(read: (path: string) => Promise<ApiResult<unknown>>) {
    this.#read = read;
  }

  /** A Svelte store of what is known so far, by token id. */
  subscribe(listener: (known: ReadonlyMap<string, TokenSummary>) => void): () => void {
    return this.#known.subscribe(listener);
  }

  get(id: string): TokenSummary | undefined {
    return this.#known.value.get(id);
  }

  /** Asks for the tokens not asked for yet; the store updates when the answers arrive. */
  want(ids: Iterable<string>): void {
    const fresh = [...new Set(ids)].filter((id) => TOKEN_ID.test(id) && !this.#asked.has(id));
    if (fresh.length === 0) return;
    for (const id of fresh) this.#asked.add(id);
    if (this.#queued.length === 0) queueMicrotask(() => void this.#flush());
    this.#queued.push(...fresh);
  }

  async #flush(): Promise<void> {
    const ids = this.#queued;
    this.#queued = [];
    const batches = Array.from({ length: Math.ceil(ids.length / BATCH) }, (_, i) => ids.slice(i * BATCH, (i + 1) * BATCH));
    await Promise.all(batches.map((batch) => this.#load(batch)));
  }

  async #load(ids: readonly string[]): Promise<void> {
    const query = new URLSearchParams(ids.map((id) => ['token.id', id]));
    query.append('limit', String(ids.length));
    let result: ApiResult<unknown>;
    try {
      result = await this.#read(`/api/v1/tokens?${query.toString()}`);
    } catch (error) {
      result = { ok: false, error: { code: 'unavailable', message: String(error), details: [] } };
    }
    // A failed lookup leaves the ids unnamed for now: the screens show the bare id and raw units, which are still right.
    if (!result.ok) {
      for (const id of ids) this.#asked.delete(id);
      return;
    }
    const found = summariesOf(result.value);
    if (found.length === 0) return;
    const next = new Map(this.#known.value);
    for (const summary of found) next.set(summary.id, summary);
    this.#known.set(next);
  }
}

/** The tokens of a token list answer; anything not shaped like one gives none. */
function summariesOf(body: unknown): TokenSummary[] {
  const tokens = (body as TokenListBody | null)?.tokens;
  if (!Array.isArray(tokens)) return [];
  return tokens.flatMap((token) => {
    if (typeof token !== 'object' || token === null || typeof token.token_id !== 'string') return [];
    const nft = token.type === 'NON_FUNGIBLE_UNIQUE';
    const decimals = Number(token.decimals);
    return [{
      id: token.token_id,
      name: typeof token.name === 'string' ? token.name : '',
      symbol: typeof token.symbol === 'string' ? token.symbol : '',
      decimals: nft || !Number.isInteger(decimals) ? null : decimals,
    }];
  });
}
