/**
 * The least a 200 answer to a relayed or kept path must hold before it is passed on, let alone
 * remembered: a remembered answer is served again whenever the upstream cannot be reached, so one
 * of the wrong shape (a gateway's placeholder, another API's answer) would break the screen that
 * reads it for as long as it stays remembered. A list holds its array and its `links`; one resource
 * holds the fields the app reads first (stake's `staking_period`, a block's number and hash).
 */
export type AnswerShape = { list: string } | { fields: Record<string, FieldKind> };
type FieldKind = 'object' | 'array' | 'string' | 'number';

/** One path segment as relayed (an id, alias, EVM address, hash or timestamp, URL-encoded). */
const SEG = '[^/?#]+';
/** A contract result's id or timestamp: any segment but `logs`, which names the logs list (the store's own). */
const RESULT = `(?!logs$)${SEG}`;
const route = (pattern: string, shape: AnswerShape, method: 'GET' | 'POST' = 'GET') => ({ method, path: new RegExp(`^/api/v1/${pattern}$`), shape });
const CONTRACT_RESULT: AnswerShape = { fields: { hash: 'string', timestamp: 'string' } };
const TOPIC_MESSAGE: AnswerShape = { fields: { consensus_timestamp: 'string', sequence_number: 'number' } };

/**
 * Every path the read-through relays (relayedRoute in main/mirror: what a synced store does not
 * hold, or holds only in part) or keeps (withUpstreamAnswer: answers that never change), with its
 * shape. A path missing here is only checked to be an object.
 */
export const RELAYED_ANSWER_SHAPES = [
  // The network's nodes, stake, rates and fees.
  route('network/nodes', { list: 'nodes' }),
  route('network/registered-nodes', { list: 'registered_nodes' }),
  route('network/stake', { fields: { staking_period: 'object' } }),
  route('network/exchangerate', { fields: { current_rate: 'object', next_rate: 'object' } }),
  route('network/fees', { fields: { fees: 'array' } }),
  // An account's NFTs, hooks, rewards, token relationships, allowances, airdrops, past balance.
  route(`accounts/${SEG}`, { fields: { account: 'string', balance: 'object' } }),
  route(`accounts/${SEG}/nfts`, { list: 'nfts' }),
  route(`accounts/${SEG}/hooks`, { list: 'hooks' }),
  route(`accounts/${SEG}/hooks/${SEG}/storage`, { list: 'storage' }),
  route(`accounts/${SEG}/rewards`, { list: 'rewards' }),
  route(`accounts/${SEG}/tokens`, { list: 'tokens' }),
  route(`accounts/${SEG}/allowances/(?:crypto|tokens|nfts)`, { list: 'allowances' }),
  route(`accounts/${SEG}/airdrops/(?:outstanding|pending)`, { list: 'airdrops' }),
  // Balances as of a past moment.
  route('balances', { list: 'balances' }),
  route(`tokens/${SEG}/balances`, { list: 'balances' }),
  // NFTs, blocks, schedules, topic messages.
  route(`tokens/${SEG}/nfts`, { list: 'nfts' }),
  route(`tokens/${SEG}/nfts/${SEG}`, { fields: { token_id: 'string', serial_number: 'number' } }),
  route(`tokens/${SEG}/nfts/${SEG}/transactions`, { list: 'transactions' }),
  route('blocks', { list: 'blocks' }),
  route(`blocks/${SEG}`, { fields: { number: 'number', hash: 'string' } }),
  route('schedules', { list: 'schedules' }),
  route(`topics/${SEG}/messages`, { list: 'messages' }),
  route(`topics/${SEG}/messages/${SEG}`, TOPIC_MESSAGE),
  route(`topics/messages/${SEG}`, TOPIC_MESSAGE),
  // Contract storage now, a read-only call over it, and whole contract results.
  route(`contracts/${SEG}/state`, { list: 'state' }),
  route('contracts/call', { fields: { result: 'string' } }, 'POST'),
  route(`contracts/results/${RESULT}`, CONTRACT_RESULT),
  route(`contracts/results/${RESULT}/actions`, { list: 'actions' }),
  route(`contracts/results/${RESULT}/opcodes`, { fields: { opcodes: 'array' } }),
  route(`contracts/${SEG}/results/${RESULT}`, CONTRACT_RESULT),
] as const;

/** The shape a 200 answer to `path` (its query aside) must have; undefined for a path not in the table. */
export function answerShapeOf(method: 'GET' | 'POST', path: string): AnswerShape | undefined {
  const bare = path.split('?')[0]!;
  return RELAYED_ANSWER_SHAPES.find((entry) => entry.method === method && entry.path.test(bare))?.shape;
}

/**
 * Why a 200 answer to `path` is not of the shape it should be, in a few words for the error the
 * user sees (`no "nfts"`, `"staking_period" is null, not an object`); null when it is.
 */
export function answerShapeFault(method: 'GET' | 'POST', path: string, body: unknown): string | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return `${describe(body)} instead of an object`;
  const shape = answerShapeOf(method, path);
  if (shape === undefined) return null;
  const fields: Record<string, FieldKind> = 'list' in shape ? { [shape.list]: 'array', links: 'object' } : shape.fields;
  for (const [name, kind] of Object.entries(fields)) {
    const value = (body as Record<string, unknown>)[name];
    if (!isKind(value, kind)) return value === undefined ? `no "${name}"` : `"${name}" is ${describe(value)}, not ${KIND_NAME[kind]}`;
  }
  return null;
}

const KIND_NAME: Record<FieldKind, string> = { object: 'an object', array: 'a list', string: 'a string', number: 'a number' };

function isKind(value: unknown, kind: FieldKind): boolean {
  switch (kind) {
    case 'object': return value !== null && typeof value === 'object' && !Array.isArray(value);
    case 'array': return Array.isArray(value);
    case 'string': return typeof value === 'string';
    // Integers past 2^53 arrive as bigint (parseUpstreamJson keeps them exact).
    case 'number': return typeof value === 'number' || typeof value === 'bigint';
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return 'a string';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
