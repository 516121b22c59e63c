import { describe, expect, it } from 'vitest';
import type { ApiResult, MirrorGetResponse } from '../../../main/common/api-contract.ts';
import type { MirrorReader } from '../../../renderer/src/lib/mirror-source.ts';
import { NodeDirectory } from '../../../renderer/src/lib/node-directory.ts';

/** A node list of `count` nodes (node N's account 0.0.N+3), `pageSize` a page as the mirror pages it; `failing` pages answer 503. */
function nodeList(count: number, pageSize: number, asked: string[], failing = new Set<number>()): MirrorReader {
  return {
    mirror: {
      get: async ({ path }): Promise<ApiResult<MirrorGetResponse>> => {
        asked.push(path);
        const after = Number(/node\.id=gt:(\d+)/.exec(path)?.[1] ?? -1);
        const page = Math.floor((after + 1) / pageSize);
        if (failing.has(page)) return { ok: false, error: { code: 'unavailable', message: 'busy', details: [] } };
        const ids = Array.from({ length: count }, (_, n) => n).filter((n) => n > after).slice(0, pageSize);
        const last = ids.at(-1);
        const next = last !== undefined && last < count - 1 ? `/api/v1/network/nodes?limit=${pageSize}&node.id=gt:${last}` : null;
        return { ok: true, value: { status: 200, body: { nodes: ids.map((n) => ({ node_id: n, node_account_id: `0.0.${n + 3}` })), links: { next } } } };
      },
    },
  };
}

describe('NodeDirectory', () => {
  it('reads the node list only as far as the account asked for, and keeps what it read', async () => {
    const asked: string[] = [];
    const nodes = new NodeDirectory(nodeList(60, 25, asked));
    expect(await nodes.nodeIdOf('0.0.3')).toBe(0);
    expect(asked).toHaveLength(1);
    expect(await nodes.nodeIdOf('0.0.31')).toBe(28);
    expect(asked).toHaveLength(2);
    expect(await nodes.nodeIdOf('0.0.10')).toBe(7);
    expect(asked).toHaveLength(2);
  });

  it('answers null for an account no node has, after the last page, and asks no more for it', async () => {
    const asked: string[] = [];
    const nodes = new NodeDirectory(nodeList(30, 25, asked));
    expect(await nodes.nodeIdOf('0.0.1001')).toBeNull();
    expect(asked).toHaveLength(2);
    expect(await nodes.nodeIdOf('0.0.1001')).toBeNull();
    expect(asked).toHaveLength(2);
  });

  it('shares the page being read between cards asking at once', async () => {
    const asked: string[] = [];
    const nodes = new NodeDirectory(nodeList(60, 25, asked));
    expect(await Promise.all([nodes.nodeIdOf('0.0.40'), nodes.nodeIdOf('0.0.41'), nodes.nodeIdOf('0.0.4')])).toEqual([37, 38, 1]);
    expect(asked).toHaveLength(2);
  });

  it('answers null when a page cannot be read, and reads it again when asked again', async () => {
    const asked: string[] = [];
    const failing = new Set([1]);
    const nodes = new NodeDirectory(nodeList(60, 25, asked, failing));
    expect(await nodes.nodeIdOf('0.0.40')).toBeNull();
    failing.clear();
    expect(await nodes.nodeIdOf('0.0.40')).toBe(37);
    expect(asked).toEqual(['/api/v1/network/nodes?limit=25', '/api/v1/network/nodes?limit=25&node.id=gt:24', '/api/v1/network/nodes?limit=25&node.id=gt:24']);
  });

  it('ends the list at a next link back to the page itself', async () => {
    const asked: string[] = [];
    const nodes = new NodeDirectory(linkedPages({ [FIRST]: FIRST }, asked));
    expect(await nodes.nodeIdOf('0.0.1001')).toBeNull();
    expect(asked).toEqual([FIRST]);
    expect(await nodes.nodeIdOf('0.0.3')).toBe(0);
    expect(asked).toEqual([FIRST]);
  });

  it('ends the list at a next link back to a page before it (A → B → A)', async () => {
    const asked: string[] = [];
    const nodes = new NodeDirectory(linkedPages({ [FIRST]: SECOND, [SECOND]: FIRST }, asked));
    expect(await nodes.nodeIdOf('0.0.1001')).toBeNull();
    expect(asked).toEqual([FIRST, SECOND]);
    expect(await nodes.nodeIdOf('0.0.4')).toBe(1);
    expect(asked).toEqual([FIRST, SECOND]);
  });
});

const FIRST = '/api/v1/network/nodes?limit=25';
const SECOND = '/api/v1/network/nodes?limit=25&node.id=gt:0';

/**
 * Pages of one node each (node 0 on FIRST, 1 on SECOND), each linking to the next `links` gives it.
 * Past 10 asks it fails, so that a directory following the links round for ever ends (and its test fails).
 */
function linkedPages(links: Record<string, string>, asked: string[]): MirrorReader {
  return {
    mirror: {
      get: async ({ path }): Promise<ApiResult<MirrorGetResponse>> => {
        asked.push(path);
        if (asked.length > 10) return { ok: false, error: { code: 'unavailable', message: 'asked too often', details: [] } };
        const node = path === FIRST ? 0 : 1;
        return { ok: true, value: { status: 200, body: { nodes: [{ node_id: node, node_account_id: `0.0.${node + 3}` }], links: { next: links[path] ?? null } } } };
      },
    },
  };
}
