import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Deployment {
  address: string;
  deployer: string;
  runtimeCode: string;
  creationInput: string;
  txHash: string;
}

/**
 * A private test chain for verification: a JSON-RPC server on loopback that answers eth_getCode
 * and the creation transaction and receipt of the deployments loaded into it. One server serves
 * many chains, one per URL path (`/chain/<id>`), so each case gets a chain of its own.
 */
export class FakeEvmChains {
  private readonly chains = new Map<string, Map<string, Deployment>>();
  private readonly server = http.createServer((request, response) => void this.handle(request, response));
  url = '';

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Puts a deployment on a chain; returns that chain's RPC URL. */
  deploy(chainId: string, deployment: Deployment): string {
    const chain = this.chains.get(chainId) ?? new Map<string, Deployment>();
    chain.set(deployment.address.toLowerCase(), deployment);
    this.chains.set(chainId, chain);
    return `${this.url}/chain/${chainId}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const chainId = /^\/chain\/(\d+)$/.exec(request.url ?? '')?.[1];
    let body = '';
    for await (const chunk of request) body += chunk;
    const call = JSON.parse(body || '{}') as { id?: unknown; method?: string; params?: unknown[] };
    const chain = chainId ? this.chains.get(chainId) : undefined;
    const reply = (result: unknown) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ jsonrpc: '2.0', id: call.id ?? null, result }));
    };
    if (!chain) return reply(null);
    const params = call.params ?? [];
    const byHash = (hash: unknown) => [...chain.values()].find((d) => d.txHash === String(hash).toLowerCase());
    switch (call.method) {
      case 'eth_chainId': return reply(`0x${Number(chainId).toString(16)}`);
      case 'eth_blockNumber': return reply('0x1');
      case 'eth_getCode': return reply(chain.get(String(params[0]).toLowerCase())?.runtimeCode ?? '0x');
      case 'eth_getTransactionByHash': {
        const d = byHash(params[0]);
        return reply(d ? { hash: d.txHash, from: d.deployer, to: null, input: d.creationInput, blockNumber: '0x1', transactionIndex: '0x0', nonce: '0x0', value: '0x0' } : null);
      }
      case 'eth_getTransactionReceipt': {
        const d = byHash(params[0]);
        return reply(d ? { transactionHash: d.txHash, contractAddress: d.address, from: d.deployer, blockNumber: '0x1', transactionIndex: '0x0', status: '0x1' } : null);
      }
      default:
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ jsonrpc: '2.0', id: call.id ?? null, error: { code: -32601, message: `method ${call.method} not available on the test chain` } }));
    }
  }
}
