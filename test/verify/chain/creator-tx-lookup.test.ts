import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MirrorUnavailable } from '../../../main/mirror/http/availability-gate.ts';
import { LedgerStore } from '../../../main/mirror/store/ledger-store.ts';
import { ChainRegistry } from '../../../main/verify/chain/chain-registry.ts';
import { MirrorCodeSource } from '../../../main/verify/chain/mirror-code-source.ts';
import { RpcCodeSource } from '../../../main/verify/chain/rpc-code-source.ts';
import { ChainNotReadyError } from '../../../main/verify/engine/verify-error.ts';
import { deployDemo } from '../demo-chain-fixture.ts';
import { tempDir } from '../verify-fixture.ts';

// The creator transaction of an address, for a client that sent none: from the mirror store (the
// contract's own result at its creation time), and over JSON-RPC where the node can tell it.

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('MirrorCodeSource.creatorTxHash', () => {
  it('is the hash of the contract\'s own result at its created_timestamp; none for a factory\'s child, an unknown address or a store without contracts', async () => {
    const store = new LedgerStore({ file: path.join(tempDir(), 'mirror.sqlite') });
    cleanups.push(() => store.close());
    const created = deployDemo(store, 'DemoToken', 7001);
    const child = deployDemo(store, 'DemoToken', 7002, { factory: true });
    const source = new MirrorCodeSource(() => store.db);
    expect(await source.creatorTxHash(created.address)).toBe(created.txHash);
    expect(await source.creatorTxHash(child.address)).toBeNull();
    expect(await source.creatorTxHash(`0x${'00'.repeat(18)}ffff`)).toBeNull();
    store.db.exec('DROP TABLE contract_result');
    expect(await source.creatorTxHash(created.address)).toBeNull();
  });
});

describe('ChainRegistry.chain', () => {
  it('reads nothing from a mirror store whose ledger cannot answer yet (the registry is the one gate); the chain it gives looks the creator up', async () => {
    const store = new LedgerStore({ file: path.join(tempDir(), 'mirror.sqlite') });
    cleanups.push(() => store.close());
    const created = deployDemo(store, 'DemoToken', 7001);
    let unavailable: MirrorUnavailable | null = { message: 'The demo ledger is being generated (40%); try again in a moment', retryAfterSeconds: 5 };
    const source = new MirrorCodeSource(() => store.db, () => unavailable);
    const registry = new ChainRegistry({ mirrorChainIds: ['298'], mirrorSource: source, rpcUrls: {} });
    const pins = vi.spyOn(source, 'pin');
    expect(() => registry.chain('298')).toThrow(ChainNotReadyError);
    expect(pins).not.toHaveBeenCalled();
    unavailable = null;
    expect(await registry.chain('298').creatorTxHash(created.address)).toBe(created.txHash);
  });
});

/** A JSON-RPC node whose chain has `blocks` blocks; the contract at ADDRESS appears at block CREATED. */
const ADDRESS = `0x${'ab'.repeat(20)}`;
const OTHER = `0x${'cd'.repeat(20)}`;
const CREATED = 13;
const CREATION = `0x${'11'.repeat(32)}`;
const OTHER_CREATION = `0x${'22'.repeat(32)}`;
const CALL = `0x${'33'.repeat(32)}`;

interface NodeOptions {
  otterscan?: boolean;
  /** State of past blocks pruned: eth_getCode answers only `latest` and the head. */
  pruned?: boolean;
  /** The chain's height (20 unless given). */
  head?: number;
  /** Each eth_getCode answered this much later. */
  codeDelayMs?: number;
  /** Never answers a call at all. */
  stalls?: boolean;
}

async function startNode(options: NodeOptions): Promise<{ url: string; calls: string[] }> {
  const calls: string[] = [];
  const head = options.head ?? 20;
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => { body += chunk; });
    request.on('end', () => {
      const { id, method, params = [] } = JSON.parse(body) as { id: number; method: string; params?: unknown[] };
      calls.push(method);
      if (options.stalls) return;
      const answer = (text: string) => (method === 'eth_getCode' && options.codeDelayMs ? setTimeout(() => response.end(text), options.codeDelayMs) : response.end(text));
      const reply = (result: unknown) => answer(JSON.stringify({ jsonrpc: '2.0', id, result }));
      const fail = (message: string) => answer(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32000, message } }));
      switch (method) {
        case 'ots_getContractCreator':
          if (!options.otterscan) return fail('the method ots_getContractCreator does not exist/is not available');
          return reply(params[0] === ADDRESS ? { hash: CREATION.toUpperCase().replace('0X', '0x'), creator: `0x${'de'.repeat(20)}` } : null);
        case 'eth_blockNumber': return reply(`0x${head.toString(16)}`);
        case 'eth_getCode': {
          const block = params[1] === 'latest' ? head : Number.parseInt(String(params[1]), 16);
          if (options.pruned && block !== head) return fail('missing trie node');
          return reply(params[0] === ADDRESS && block >= CREATED ? '0x6080' : '0x');
        }
        case 'eth_getBlockByNumber':
          return reply(Number.parseInt(String(params[0]), 16) === CREATED
            ? { transactions: [{ hash: CALL, to: OTHER }, { hash: OTHER_CREATION, to: null }, { hash: CREATION, to: null }] }
            : { transactions: [] });
        case 'eth_getTransactionReceipt':
          return reply({ [CREATION]: { contractAddress: ADDRESS }, [OTHER_CREATION]: { contractAddress: OTHER } }[String(params[0])] ?? null);
        default: return fail(`no ${method}`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections(); // a stalled call's connection is still open
  }));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/rpc`, calls };
}

describe('RpcCodeSource.creatorTxHash', () => {
  it('asks ots_getContractCreator where the node has it (Anvil, Erigon, Reth)', async () => {
    const node = await startNode({ otterscan: true });
    const source = new RpcCodeSource(node.url);
    expect(await source.creatorTxHash(ADDRESS)).toBe(CREATION);
    expect(await source.creatorTxHash(OTHER)).toBeNull();
    expect(node.calls).toEqual(['ots_getContractCreator', 'ots_getContractCreator']);
  });

  it('else finds the first block with code by binary search, and in it the transaction whose receipt names the address', async () => {
    const node = await startNode({});
    expect(await new RpcCodeSource(node.url).creatorTxHash(ADDRESS)).toBe(CREATION);
    // log2 of 20 blocks: a handful of eth_getCode calls, then one block and the receipts of its creations only.
    expect(node.calls.filter((m) => m === 'eth_getCode').length).toBeLessThanOrEqual(7);
    expect(node.calls.filter((m) => m === 'eth_getTransactionReceipt').length).toBeLessThanOrEqual(2);
  });

  it('is null, never an error, for an address without code, a node without past state, or one that cannot be reached', async () => {
    const node = await startNode({});
    expect(await new RpcCodeSource(node.url).creatorTxHash(OTHER)).toBeNull();
    expect(node.calls).toEqual(['ots_getContractCreator', 'eth_blockNumber', 'eth_getCode']);
    const pruned = await startNode({ pruned: true });
    expect(await new RpcCodeSource(pruned.url).creatorTxHash(ADDRESS)).toBeNull();
    expect(await new RpcCodeSource('http://127.0.0.1:9/rpc', 2000).creatorTxHash(ADDRESS)).toBeNull();
  });

  it('gives up at one deadline for the whole lookup: null from a node that never answers, though each call could wait a minute', async () => {
    const node = await startNode({ stalls: true });
    // Without the deadline the lookup would wait on the first call for its minute, past this test's timeout.
    expect(await new RpcCodeSource(node.url, 60_000, 200).creatorTxHash(ADDRESS)).toBeNull();
    expect(node.calls).toEqual(['ots_getContractCreator']);
  });

  it('the deadline bounds the search, not each call: a slow node\'s long search ends null before it is done', async () => {
    // 2^30 blocks: some 30 eth_getCode calls one after the other, each answered 40 ms later, against a deadline of 600 ms.
    const node = await startNode({ head: 2 ** 30, codeDelayMs: 40 });
    expect(await new RpcCodeSource(node.url, 60_000, 600).creatorTxHash(ADDRESS)).toBeNull();
    const searched = node.calls.filter((m) => m === 'eth_getCode').length;
    expect(searched).toBeGreaterThan(1);
    expect(searched).toBeLessThan(30);
    expect(node.calls).not.toContain('eth_getBlockByNumber');
  });
});
