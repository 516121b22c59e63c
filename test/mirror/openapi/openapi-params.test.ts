import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../main/mirror/openapi/openapi-types.ts';
import { insertAccounts } from '../../helpers/ledger-fixture.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';
import { DOCUMENT, documentedOperations, exampleUrl, exampleValues, parametersOf, resolveRef } from './openapi-fixture.ts';

// The document's query parameters against the real endpoints over a real SQLite store: each
// documented example is accepted, a value the document's pattern refuses is refused, and an
// unknown key is a 400 (but where the reference ignores it: its web3 and Java modules). Documentation and validation cannot drift apart unnoticed.
const fixture = mirrorApiFixture(() => {
  // The entities the path examples name, so endpoints that look the owner up first still validate the query.
  insertAccounts(fixture.store, [{ num: 1001 }, { num: 3001, type: 'CONTRACT' }, { num: 5001, type: 'TOKEN' }, { num: 6001 }]);
  fixture.store.db.prepare("UPDATE entity SET type = 'TOPIC' WHERE id = 6001").run();
});

type Messages = Array<{ message: string; detail?: string }>;
async function request(method: string, url: string): Promise<{ status: number; messages: Messages; body: string }> {
  const response = await fixture.inject({ method: method.toUpperCase() as 'GET', url });
  const messages = response.headers['content-type']?.toString().startsWith('application/json') && response.statusCode >= 400
    ? (JSON.parse(response.body) as { _status: { messages: Messages } })._status.messages
    : [];
  return { status: response.statusCode, messages, body: response.body.slice(0, 300) };
}

/**
 * The operations the reference serves from its Java module (Spring): undeclared keys are ignored
 * there, and a value it cannot convert is a "Failed to convert" detail (query/java-params.ts).
 * Registered nodes bind through a form object whose errors read as the Node.js module's.
 */
const JAVA_MODULE = new Set([
  '/api/v1/accounts/{idOrAliasOrEvmAddress}/allowances/nfts', '/api/v1/accounts/{idOrAliasOrEvmAddress}/airdrops/outstanding',
  '/api/v1/accounts/{idOrAliasOrEvmAddress}/airdrops/pending', '/api/v1/accounts/{idOrAliasOrEvmAddress}/hooks',
  '/api/v1/accounts/{idOrAliasOrEvmAddress}/hooks/{hookId}/storage', '/api/v1/topics/{topicId}', '/api/v1/network/stake', '/api/v1/network/registered-nodes',
]);
const CONVERTING_JAVA_MODULE = new Set([...JAVA_MODULE].filter((path) => path !== '/api/v1/network/registered-nodes'));

/** What the refusal of a bad value of `name` says: the Java module's conversion failure, its key pattern's message, or the Node.js module's wording. */
function namesParameter(path: string, name: string, messages: Messages): boolean {
  if (!CONVERTING_JAVA_MODULE.has(path)) return messages.some((m) => m.message === `Invalid parameter: ${name}`);
  if (name === 'key') return messages.some((m) => m.message === 'Key must be in format <hex> or <op>:<64 or less char hex>');
  return messages.some((m) => m.message === 'Bad Request' && m.detail === `Failed to convert '${name}'`);
}

const cases = documentedOperations().flatMap(({ path, method, operation }) => parametersOf(operation)
  .filter((p) => p.in === 'query')
  .map((p) => ({ label: `${method.toUpperCase()} ${path} ?${p.name}`, path, method, operation, parameter: p })));
const getCases = cases.filter((c) => c.method === 'get');

describe('documented query parameters', () => {
  it('covers the filters of every resource', () => {
    expect(getCases.length).toBeGreaterThan(100);
  });

  it.each(getCases)('$label: the documented example is accepted', async ({ path, operation, parameter }) => {
    const required = (parameter['x-requires'] ?? []).map((name) => {
      const other = parametersOf(operation).find((p) => p.name === name);
      if (!other) throw new Error(`${parameter.name} requires undeclared ${name}`);
      return [name, exampleValues(other)[0]!] as [string, string];
    });
    for (const value of exampleValues(parameter)) {
      const url = exampleUrl(path, operation, [[parameter.name, value], ...required]);
      const outcome = await request('get', url);
      expect(outcome.status, `${url}: ${outcome.body}`).not.toBe(400);
      expect(outcome.status, `${url}: ${outcome.body}`).toBeLessThan(500);
    }
  });

  it.each(cases)('$label: a value outside the documented pattern is refused, naming the parameter', async ({ path, method, operation, parameter }) => {
    const bad = 'eq:x:y';
    const schema = resolveRef<Schema>(DOCUMENT, parameter.schema);
    const item = schema.type === 'array' ? resolveRef<Schema>(DOCUMENT, schema.items!) : schema;
    if (item.pattern) expect(new RegExp(item.pattern).test(bad)).toBe(false);
    const outcome = await request(method, exampleUrl(path, operation, [[parameter.name, bad]]));
    expect(outcome.status, outcome.body).toBe(400);
    expect(namesParameter(path, parameter.name, outcome.messages), outcome.body).toBe(true);
  });

  // The other way round: an operator the document leaves out of a filter is one the route refuses.
  const OPERATORS = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte'];
  const undocumentedOperators = getCases.flatMap((c) => {
    const schema = resolveRef<Schema>(DOCUMENT, c.parameter.schema);
    const pattern = (schema.type === 'array' ? resolveRef<Schema>(DOCUMENT, schema.items!) : schema).pattern ?? '';
    const documented = /^\^\(\?:\(\?:([a-z|]+)\):\)\?/.exec(pattern)?.[1]?.split('|');
    return documented ? OPERATORS.filter((op) => !documented.includes(op)).map((operator) => ({ ...c, operator, label: `${c.label} ${operator}:` })) : [];
  });

  it.each(undocumentedOperators)('$label: an operator the document leaves out is refused', async ({ path, operation, parameter, operator }) => {
    const required = (parameter['x-requires'] ?? []).map((name) => [name, exampleValues(parametersOf(operation).find((p) => p.name === name)!)[0]!] as [string, string]);
    const url = exampleUrl(path, operation, [[parameter.name, `${operator}:${exampleValues(parameter)[0]}`], ...required]);
    const outcome = await request('get', url);
    expect(outcome.status, `${url}: ${outcome.body}`).toBe(400);
  });
});

describe('undocumented query parameters', () => {
  // The reference answers the call from its web3 module (Spring), which ignores query parameters.
  const IGNORING = 'POST /api/v1/contracts/call';
  const operations = documentedOperations().map((o) => ({ ...o, label: `${o.method.toUpperCase()} ${o.path}` }));

  it.each(operations.filter((o) => o.label !== IGNORING && !JAVA_MODULE.has(o.path)))('$label refuses an unknown key', async ({ path, method, operation }) => {
    const outcome = await request(method, exampleUrl(path, operation, [['not_a_documented_parameter', '1']]));
    expect(outcome.status, outcome.body).toBe(400);
    expect(outcome.messages.map((m) => m.message)).toContain('Unknown query parameter: not_a_documented_parameter');
  });

  it.each(operations.filter((o) => JAVA_MODULE.has(o.path)))('$label ignores an unknown key, as the reference\'s Java module does', async ({ path, method, operation }) => {
    const plain = await request(method, exampleUrl(path, operation, []));
    const outcome = await request(method, exampleUrl(path, operation, [['not_a_documented_parameter', '1']]));
    expect(outcome.status, outcome.body).toBe(plain.status);
    expect(outcome.status, outcome.body).not.toBe(400);
    expect(outcome.body).not.toContain('not_a_documented_parameter');
  });

  it(`${IGNORING} ignores them, as the reference's web3 module does`, async () => {
    expect(operations.map((o) => o.label)).toContain(IGNORING);
    const response = await fixture.inject({
      method: 'POST', url: '/api/v1/contracts/call?not_a_documented_parameter=1', payload: { to: `0x${'0'.repeat(36)}0bb9`, data: '0x' },
      headers: { 'content-type': 'application/json' },
    });
    expect({ status: response.statusCode, body: JSON.parse(response.body) }).toEqual({ status: 200, body: { result: '0x' } });
  });
});
