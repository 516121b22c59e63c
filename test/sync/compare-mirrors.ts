import type { MirrorApi } from '../../main/mirror/mirror-api.ts';

/** Fetches a path (`/api/v1/...`) and answers status and body text. */
export interface Reply { status: number; body: string; link?: string | null }
export type Get = (path: string) => Promise<Reply>;

/** Queries whose pages, followed to the end, must be equal on both sides once synced. */
export const FAITHFUL_QUERIES = [
  '/api/v1/accounts?limit=100',
  '/api/v1/accounts',
  '/api/v1/accounts?limit=37&order=desc',
  '/api/v1/accounts?limit=100&balance=false',
  '/api/v1/accounts?account.id=gte:0.0.500&account.id=lt:0.0.900&limit=50',
  '/api/v1/accounts?account.balance=gt:1000000000&limit=100',
  '/api/v1/accounts?account.id=0.0.3&account.id=0.0.1001&account.id=0.0.1200',
];

/** Token list queries (the list shows a summary of what the by-id records stored). */
export const TOKEN_QUERIES = [
  '/api/v1/tokens',
  '/api/v1/tokens?limit=7',
  '/api/v1/tokens?limit=25&order=desc',
  '/api/v1/tokens?type=FUNGIBLE_COMMON&limit=10',
  '/api/v1/tokens?type=NON_FUNGIBLE_UNIQUE&limit=10',
  '/api/v1/tokens?name=o&limit=10',
];

/** Contract list queries. */
export const CONTRACT_QUERIES = ['/api/v1/contracts', '/api/v1/contracts?limit=5&order=desc'];

/** Asks both sides each URL once (no paging) and answers the URLs that differ. */
export async function compareUrls(upstream: Get, local: Get, urls: readonly string[]): Promise<string[]> {
  const differences: string[] = [];
  for (const url of urls) {
    const [remote, mine] = (await Promise.all([upstream(url), local(url)])) as [Reply, Reply];
    if (remote.status !== mine.status || remote.body !== mine.body || (remote.link ?? null) !== (mine.link ?? null)) differences.push(url);
  }
  return differences;
}

export function httpGet(base: string): Get {
  return async (path) => {
    const response = await fetch(`${base}${path}`);
    return { status: response.status, body: await response.text(), link: response.headers.get('link') };
  };
}

/** Requests to a mirror API in this process (Fastify inject, no socket), read as httpGet reads an HTTP one. */
export function injectedGet(api: MirrorApi): Get {
  return async (url) => {
    const reply = await api.server.inject({ url });
    return { status: reply.statusCode, body: reply.body, link: (reply.headers.link as string | undefined) ?? null };
  };
}

/**
 * Walks every query's pages through `links.next` on the upstream and asks the local mirror
 * the same URLs. Returns how many pages were compared and the URLs that differ (status, body
 * byte for byte, or Link header).
 */
export async function comparePages(upstream: Get, local: Get, queries: readonly string[] = FAITHFUL_QUERIES): Promise<{ pages: number; differences: string[] }> {
  let pages = 0;
  const differences: string[] = [];
  for (const query of queries) {
    let url: string | null = query;
    while (url !== null) {
      const [remote, mine] = (await Promise.all([upstream(url), local(url)])) as [Reply, Reply];
      pages++;
      if (remote.status !== mine.status || remote.body !== mine.body || (remote.link ?? null) !== (mine.link ?? null)) differences.push(url);
      url = remote.status === 200 ? (JSON.parse(remote.body) as { links: { next: string | null } }).links.next : null;
    }
  }
  return { pages, differences };
}
