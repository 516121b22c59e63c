/**
 * Consensus nodes' ids by their accounts (`0.0.3` → node 0), so that a transaction's Node, which
 * the mirror names by its account only, also opens the node on the Network screen. The node list
 * (`/api/v1/network/nodes`) has no filter by account and gives at most 25 nodes a page: its pages
 * are read from the first, in order, only as far as the account asked for, and every node read is
 * kept for the directory's life. One directory per screen, so a profile switch (which mounts the
 * screen afresh) starts an empty one; cards asking at once share the page being read.
 */
import { mirrorPageLoader, mirrorPath, type MirrorReader } from './mirror-source.ts';
import type { PageLoader } from './paged-list.ts';
import { settledApiCall } from './settled-api-call.ts';

/** A node as the list gives it, read for its two ids only. */
interface ListedNode {
  node_id?: unknown;
  node_account_id?: unknown;
}

const FIRST_PAGE = mirrorPath(['network', 'nodes'], { limit: 25 });

export class NodeDirectory {
  readonly #readPage: PageLoader<ListedNode>;
  readonly #known = new Map<string, number>();
  /** The next page to read; null once the last was. */
  #next: string | null = FIRST_PAGE;
  /** The pages read: a next link back to one of them (a page's own, or one before it) ends the list. */
  readonly #read = new Set<string>();
  #reading: Promise<boolean> | null = null;

  constructor(api: MirrorReader) {
    this.#readPage = mirrorPageLoader<ListedNode>(api, 'nodes');
  }

  /** The id of the node whose account this is; null when no node has it or the list could not be read (asked again next time). */
  async nodeIdOf(account: string): Promise<number | null> {
    while (!this.#known.has(account) && this.#next !== null) {
      this.#reading ??= this.#readNext().finally(() => { this.#reading = null; });
      if (!(await this.#reading)) break;
    }
    return this.#known.get(account) ?? null;
  }

  /** Reads the next page into the directory; false when it could not be read. */
  async #readNext(): Promise<boolean> {
    const path = this.#next!;
    const result = await settledApiCall(() => this.#readPage(path));
    if (!result.ok) return false;
    for (const node of result.value.items) {
      const id = typeof node.node_id === 'bigint' ? Number(node.node_id) : node.node_id;
      if (typeof node.node_account_id === 'string' && typeof id === 'number' && Number.isSafeInteger(id)) this.#known.set(node.node_account_id, id);
    }
    // A next link back to a page read (itself, or A → B → A) would read them for ever.
    this.#read.add(path);
    const { next } = result.value;
    this.#next = next !== null && this.#read.has(next) ? null : next;
    return true;
  }
}
