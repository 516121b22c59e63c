import { deadlineSignal } from '../../http/deadline-signal.ts';
import { ChainAccessError, type CreationTx, type DeployedCodeSource } from './deployed-code.ts';
import { findCreatorTxHash } from './rpc-creator-lookup.ts';

/**
 * How long looking up a creator transaction may take in all. Without it the verification waits on
 * the lookup; with it, a slow endpoint costs the creation-code match (the runtime code is still
 * compared), not minutes of a log2(head)-step search at up to a call's timeout each.
 */
export const CREATOR_LOOKUP_DEADLINE_MS = 10_000;

/**
 * Reads deployed code from an EVM JSON-RPC endpoint (`eth_getCode`, transaction and receipt), and
 * the creator transaction of an address where the endpoint can tell it (rpc-creator-lookup.ts).
 */
export class RpcCodeSource implements DeployedCodeSource {
  private readonly url: string;
  private readonly timeoutMs: number;
  private readonly lookupDeadlineMs: number;
  private nextId = 1;

  constructor(url: string, timeoutMs = 15_000, lookupDeadlineMs = CREATOR_LOOKUP_DEADLINE_MS) {
    this.url = url;
    this.timeoutMs = timeoutMs;
    this.lookupDeadlineMs = lookupDeadlineMs;
  }

  async runtimeCode(address: string): Promise<string> {
    const code = await this.call('eth_getCode', [address, 'latest']);
    if (typeof code !== 'string' || !/^0x[0-9a-fA-F]*$/.test(code)) throw new ChainAccessError(`eth_getCode from ${this.origin()} returned no hex string`);
    return code.toLowerCase();
  }

  async creationTx(txHash: string): Promise<CreationTx | null> {
    const [tx, receipt] = await Promise.all([
      this.call('eth_getTransactionByHash', [txHash]) as Promise<Record<string, unknown> | null>,
      this.call('eth_getTransactionReceipt', [txHash]) as Promise<Record<string, unknown> | null>,
    ]);
    if (!tx || !receipt || typeof tx.input !== 'string') return null;
    return {
      input: tx.input.toLowerCase(),
      contractAddress: typeof receipt.contractAddress === 'string' ? receipt.contractAddress.toLowerCase() : null,
      from: typeof tx.from === 'string' ? tx.from.toLowerCase() : '',
      blockNumber: hexNumber(tx.blockNumber),
      txIndex: hexNumber(receipt.transactionIndex),
    };
  }

  async creatorTxHash(address: string): Promise<string | null> {
    // Not AbortSignal.timeout, nor AbortSignal.any below: Node kept both of a lookup's signals until
    // their time-outs fired, long after it ended (see deadlineSignal).
    const deadline = deadlineSignal(this.lookupDeadlineMs);
    try {
      return await findCreatorTxHash((method, params, signal) => this.call(method, params, signal), address, deadline.signal);
    } catch {
      return null; // an endpoint without the methods or the past state, or too slow: compare the runtime code alone
    } finally {
      deadline.dispose();
    }
  }

  /** One call within this source's timeout, and given up sooner when `deadline` aborts. */
  private async call(method: string, params: unknown[], deadline?: AbortSignal): Promise<unknown> {
    const timeout = deadlineSignal(this.timeoutMs, deadline);
    try {
      let response: Response;
      try {
        response = await fetch(this.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: this.nextId++, method, params }),
          signal: timeout.signal,
        });
      } catch (error) {
        throw new ChainAccessError(`the chain's RPC endpoint ${this.origin()} cannot be reached (${(error as Error).message})`);
      }
      if (!response.ok) throw new ChainAccessError(`the chain's RPC endpoint ${this.origin()} answered HTTP ${response.status}`);
      // The body is read under the same time-out: it is let go of only once the body is in.
      const body = await response.json().catch(() => null) as { result?: unknown; error?: { message?: string } } | null;
      if (!body || body.error) throw new ChainAccessError(`${method} failed at ${this.origin()}: ${body?.error?.message ?? 'malformed JSON-RPC answer'}`);
      return body.result ?? null;
    } finally {
      timeout.dispose();
    }
  }

  /** Only the origin appears in messages: RPC URLs often carry an API key in their path. */
  private origin(): string {
    try {
      return new URL(this.url).origin;
    } catch {
      return 'the configured RPC URL';
    }
  }
}

function hexNumber(value: unknown): number | null {
  return typeof value === 'string' && /^0x[0-9a-f]+$/i.test(value) ? Number.parseInt(value, 16) : null;
}
