import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RpcCodeSource } from '../../../main/verify/chain/rpc-code-source.ts';
import { abortSignalsLeftBy } from '../../helpers/live-abort-signals.ts';

// Calls and creator lookups through a real RpcCodeSource against a real loopback JSON-RPC node:
// once they are answered, none of their abort signals may stay behind. A lookup's
// AbortSignal.timeout and each call's AbortSignal.any over it were kept until their 10-15 s
// time-outs fired, two signals per lookup, long after it ended.
const ROUNDS = 100;
/** Signals a round of work may leave without leaking: far fewer than one per lookup. */
const SLACK = 10;
const ADDRESS = `0x${'ab'.repeat(20)}`;
const CREATION = `0x${'11'.repeat(32)}`;

let server: http.Server;
let url: string;
beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => { body += chunk; });
    request.on('end', () => {
      const { id, method } = JSON.parse(body) as { id: number; method: string };
      const result = method === 'ots_getContractCreator' ? { hash: CREATION, creator: `0x${'de'.repeat(20)}` } : '0x6080';
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id, result }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rpc`;
});
afterAll(() => new Promise<void>((resolve) => {
  server.close(() => resolve());
  server.closeAllConnections();
}));

describe('abort signals of JSON-RPC calls', () => {
  it('are all let go of after creator lookups and plain calls, with the default time-outs', async () => {
    const source = new RpcCodeSource(url);
    const left = await abortSignalsLeftBy(async () => {
      for (let n = 1; n <= ROUNDS; n++) {
        expect(await source.creatorTxHash(ADDRESS)).toBe(CREATION);
        expect(await source.runtimeCode(ADDRESS)).toBe('0x6080');
      }
    }, SLACK);
    expect(left).toBeLessThan(SLACK);
  });
});
