/**
 * One JSON-RPC call, given up when `signal` aborts; throws when the endpoint cannot answer it (a
 * method it lacks, pruned state).
 */
type RpcCall = (method: string, params: unknown[], signal: AbortSignal) => Promise<unknown>;

const TX_HASH = /^0x[0-9a-fA-F]{64}$/;

/**
 * The transaction that created the contract at an address, found over plain JSON-RPC: Otterscan's
 * `ots_getContractCreator` where the node has it (Anvil, Erigon, Reth), else Sourcify's last
 * resort, a binary search for the first block with code at the address (eth_getCode at past
 * blocks: an archive node, or a local dev chain) and, in it, the transaction whose receipt names
 * the address. For a contract a factory created, ots_getContractCreator gives the transaction that
 * called the factory (lib-sourcify then finds that it did not create the address from its input,
 * and drops it: only the runtime code is compared), the search nothing (only a transaction without
 * a recipient is taken). Null when neither finds it.
 *
 * The search makes about log2(head) calls one after the other: the whole lookup has `signal` as
 * its deadline, and throws once it aborts, as when the endpoint fails; the caller takes either as
 * "unknown".
 */
export async function findCreatorTxHash(call: RpcCall, address: string, signal: AbortSignal): Promise<string | null> {
  const within: BoundCall = (method, params) => {
    signal.throwIfAborted();
    return call(method, params, signal);
  };
  const otterscan = await otterscanCreator(within, address);
  signal.throwIfAborted(); // a call cut short by the deadline is not a node without the method
  return otterscan !== undefined ? otterscan : creatorByBinarySearch(within, address);
}

/** A call within the lookup's deadline. */
type BoundCall = (method: string, params: unknown[]) => Promise<unknown>;

/** ots_getContractCreator's hash, null for an address it knows no creation of, undefined when the node lacks the method. */
async function otterscanCreator(call: BoundCall, address: string): Promise<string | null | undefined> {
  let answer: unknown;
  try {
    answer = await call('ots_getContractCreator', [address]);
  } catch {
    return undefined;
  }
  if (answer === null) return null;
  const hash = (answer as { hash?: unknown } | undefined)?.hash;
  return typeof hash === 'string' && TX_HASH.test(hash) ? hash.toLowerCase() : undefined;
}

async function creatorByBinarySearch(call: BoundCall, address: string): Promise<string | null> {
  const latest = blockNumber(await call('eth_blockNumber', []));
  if (latest === null || !hasCode(await call('eth_getCode', [address, hex(latest)]))) return null;
  let low = 0;
  let high = latest;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (hasCode(await call('eth_getCode', [address, hex(middle)]))) high = middle;
    else low = middle + 1;
  }
  const block = await call('eth_getBlockByNumber', [hex(low), true]) as { transactions?: unknown } | null;
  const transactions = Array.isArray(block?.transactions) ? block.transactions as Array<{ to?: unknown; hash?: unknown }> : [];
  // Only a transaction without a recipient creates from its input; a contract created by a call is a factory's.
  for (const tx of transactions.filter((t) => (t.to === null || t.to === undefined) && typeof t.hash === 'string' && TX_HASH.test(t.hash))) {
    const receipt = await call('eth_getTransactionReceipt', [tx.hash]) as { contractAddress?: unknown } | null;
    if (typeof receipt?.contractAddress === 'string' && receipt.contractAddress.toLowerCase() === address.toLowerCase()) return (tx.hash as string).toLowerCase();
  }
  return null;
}

function hasCode(code: unknown): boolean {
  return typeof code === 'string' && /^0x[0-9a-fA-F]+$/.test(code);
}

function blockNumber(value: unknown): number | null {
  return typeof value === 'string' && /^0x[0-9a-f]{1,13}$/i.test(value) ? Number.parseInt(value, 16) : null;
}

const hex = (n: number): string => `0x${n.toString(16)}`;
