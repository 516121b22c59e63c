import { describe, expect, it } from 'vitest';
import { MAX_CALL_DATA_BYTES } from '../../../main/mirror/contracts/call/call-limits.ts';
import { PREFIX_NOTE, type PrefixRule } from '../../../main/mirror/openapi/components.ts';
import type { Operation, Parameter, Response, Schema } from '../../../main/mirror/openapi/openapi-types.ts';
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

/** The other parameters a parameter is only valid with (`x-requires`), each at its example. */
function requiredQuery(operation: Operation, parameter: Parameter): Array<[string, string]> {
  return (parameter['x-requires'] ?? []).map((name) => {
    const other = parametersOf(operation).find((p) => p.name === name);
    if (!other) throw new Error(`${parameter.name} requires undeclared ${name}`);
    return [name, exampleValues(other)[0]!];
  });
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
    const required = requiredQuery(operation, parameter);
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

  // And each operator it names is taken (with the example, and what the filter requires at its examples).
  const documentedOperators = getCases.flatMap((c) => {
    const schema = resolveRef<Schema>(DOCUMENT, c.parameter.schema);
    const pattern = (schema.type === 'array' ? resolveRef<Schema>(DOCUMENT, schema.items!) : schema).pattern ?? '';
    const documented = /^\^\(\?:\(\?:([a-z|]+)\):\)\?/.exec(pattern)?.[1]?.split('|') ?? [];
    return documented.map((operator) => ({ ...c, operator, label: `${c.label} ${operator}:` }));
  });

  it.each(documentedOperators)('$label: an operator the document names is taken', async ({ path, operation, parameter, operator }) => {
    const url = exampleUrl(path, operation, [[parameter.name, `${operator}:${exampleValues(parameter)[0]}`], ...requiredQuery(operation, parameter)]);
    const outcome = await request('get', url);
    expect(outcome.status, `${url}: ${outcome.body}`).not.toBe(400);
  });

  it.each(undocumentedOperators)('$label: an operator the document leaves out is refused', async ({ path, operation, parameter, operator }) => {
    const required = requiredQuery(operation, parameter);
    const url = exampleUrl(path, operation, [[parameter.name, `${operator}:${exampleValues(parameter)[0]}`], ...required]);
    const outcome = await request('get', url);
    expect(outcome.status, `${url}: ${outcome.body}`).toBe(400);
  });
});

describe('repeated filters, as the document says they may be repeated', () => {
  const schemaOf = (parameter: Parameter): Schema => resolveRef<Schema>(DOCUMENT, parameter.schema);
  const operatorsOf = (parameter: Parameter): string[] =>
    /^\^\(\?:\(\?:([a-z|]+)\):\)\?/.exec(resolveRef<Schema>(DOCUMENT, schemaOf(parameter).items!).pattern ?? '')?.[1]?.split('|') ?? ['eq'];
  const repeatable = getCases.filter((c) => schemaOf(c.parameter).type === 'array');
  const outcomeOf = async (c: (typeof getCases)[number], values: string[]) => {
    const url = exampleUrl(c.path, c.operation, [...values.map((value): [string, string] => [c.parameter.name, value]), ...requiredQuery(c.operation, c.parameter)]);
    return { url, ...(await request('get', url)) };
  };

  it('marks the filters with a narrower rule', () => {
    expect(repeatable.filter((c) => c.parameter['x-repeat']).length).toBeGreaterThan(8);
  });

  it.each(repeatable.filter((c) => !c.parameter['x-repeat']))('$label: its example given twice is accepted', async (c) => {
    const example = exampleValues(c.parameter)[0]!;
    const outcome = await outcomeOf(c, [example, example]);
    expect(outcome.status, `${outcome.url}: ${outcome.body}`).not.toBe(400);
  });

  it.each(repeatable.filter((c) => c.parameter['x-repeat']))('$label: a second equality is refused, range bounds are not', async (c) => {
    const example = exampleValues(c.parameter)[0]!;
    const twice = await outcomeOf(c, [example, example]);
    expect(twice.status, `${twice.url}: ${twice.body}`).toBe(400);
    const mixed = await outcomeOf(c, [example, `gte:${example}`]);
    expect(mixed.status, `${mixed.url}: ${mixed.body}`).toBe(400);
    const bounds = await outcomeOf(c, [`gte:${example}`, `lte:${example}`]);
    expect(bounds.status, `${bounds.url}: ${bounds.body}`).not.toBe(400);
    if (c.parameter['x-repeat'] === 'range') {
      const lowerTwice = await outcomeOf(c, [`gte:${example}`, `gte:${example}`]);
      expect(lowerTwice.status, `${lowerTwice.url}: ${lowerTwice.body}`).toBe(400);
    }
  });

  it.each(repeatable.filter((c) => schemaOf(c.parameter).maxItems !== undefined))('$label: more values than `maxItems` are refused', async (c) => {
    const example = exampleValues(c.parameter)[0]!;
    const [lower, upper] = operatorsOf(c.parameter).includes('gte') ? ['gte', 'lte'] : ['eq', 'eq'];
    const values = Array.from({ length: schemaOf(c.parameter).maxItems! + 1 }, (_v, i) => `${i % 2 === 0 ? lower : upper}:${example}`);
    const outcome = await outcomeOf(c, values);
    expect(outcome.status, `${outcome.url}: ${outcome.body}`).toBe(400);
  });
});

describe('paging parameters, as their descriptions say', () => {
  const rules = Object.entries(PREFIX_NOTE) as Array<[PrefixRule, string]>;
  const ruleOf = (parameter: Parameter): PrefixRule => {
    const said = rules.filter(([, note]) => parameter.description.includes(note)).map(([rule]) => rule);
    if (said.length !== 1) throw new Error(`${parameter.name}: says ${said.length} prefix rules`);
    return said[0]!;
  };
  const paging = getCases.filter((c) => c.parameter.name === 'limit' || c.parameter.name === 'order');

  it('covers `limit` and `order` of every list', () => {
    expect(paging.length).toBeGreaterThan(50);
  });

  it.each(paging)('$label: takes the operator prefixes its description says', async ({ path, operation, parameter }) => {
    const value = String(exampleValues(parameter)[0]);
    const accepted: Record<PrefixRule, string[]> = { any: ['eq', 'gt'], eq: ['eq'], none: [] };
    const taken = accepted[ruleOf(parameter)];
    for (const operator of ['eq', 'gt']) {
      const url = exampleUrl(path, operation, [[parameter.name, `${operator}:${value}`]]);
      const outcome = await request('get', url);
      if (taken.includes(operator)) expect(outcome.status, `${url}: ${outcome.body}`).not.toBe(400);
      else expect(outcome.status, `${url}: ${outcome.body}`).toBe(400);
    }
  });

  it.each(paging.filter((c) => c.parameter.name === 'limit'))('$label: past its `maximum` is refused, without one capped', async ({ path, operation, parameter }) => {
    const maximum = resolveRef<Schema>(DOCUMENT, parameter.schema).maximum;
    const url = exampleUrl(path, operation, [['limit', String((maximum ?? 100) + 1)]]);
    const outcome = await request('get', url);
    if (maximum === undefined) expect(outcome.status, `${url}: ${outcome.body}`).not.toBe(400);
    else expect(outcome.status, `${url}: ${outcome.body}`).toBe(400);
  });
});

describe('path parameters outside their documented pattern', () => {
  // Values a path pattern may leave out though the route's decoder would read them as a number.
  const CANDIDATES = ['-1', '0', '00', 'x:y'];
  const pathCases = documentedOperations().filter((o) => o.method === 'get').flatMap(({ path, operation }) => parametersOf(operation)
    .filter((p) => p.in === 'path' && resolveRef<Schema>(DOCUMENT, p.schema).pattern)
    .map((p) => ({ label: `GET ${path} {${p.name}}`, path, operation, parameter: p })));

  it.each(pathCases)('$label: a value the pattern refuses is refused', async ({ path, operation, parameter }) => {
    const pattern = new RegExp(resolveRef<Schema>(DOCUMENT, parameter.schema).pattern!);
    const refused = CANDIDATES.filter((value) => !pattern.test(value));
    expect(refused).toContain('x:y');
    for (const value of refused) {
      const url = exampleUrl(path.replace(`{${parameter.name}}`, encodeURIComponent(value)), operation);
      const outcome = await request('get', url);
      expect(outcome.status, `${url}: ${outcome.body}`).toBe(400);
    }
  });

  it('refuses a negative hook id and NFT serial 0, which the patterns leave out', () => {
    const pattern = (path: string, name: string) => new RegExp(resolveRef<Schema>(DOCUMENT, parametersOf(DOCUMENT.paths[path]!.get!).find((p) => p.name === name)!.schema).pattern!);
    expect(pattern('/api/v1/accounts/{idOrAliasOrEvmAddress}/hooks/{hookId}/storage', 'hookId').test('-1')).toBe(false);
    expect(pattern('/api/v1/tokens/{tokenId}/nfts/{serialNumber}', 'serialNumber').test('0')).toBe(false);
    expect(pattern('/api/v1/tokens/{tokenId}/nfts/{serialNumber}', 'serialNumber').test('01')).toBe(true);
  });
});

describe('request bodies', () => {
  const posts = documentedOperations().filter((o) => o.method === 'post');
  // Media types a client may well send by mistake, each with a body that type reads as something, and as nothing.
  const MISTAKES: Array<[string, string]> = [['application/json', '{}'], ['application/json', '{"to":'], ['text/plain', 'hello'], ['application/octet-stream', '\u0000']];

  it.each(posts.map((o) => ({ ...o, label: `POST ${o.path}` })))('$label: a media type the document does not take is its documented 415', async ({ path, operation }) => {
    const taken = Object.keys(operation.requestBody!.content);
    expect(Object.keys(operation.responses)).toContain('415');
    for (const [type, payload] of MISTAKES.filter(([type]) => !taken.includes(type))) {
      const response = await fixture.inject({ method: 'POST', url: path, payload, headers: { 'content-type': type } });
      expect(response.statusCode, `${type} ${payload}: ${response.body}`).toBe(415);
    }
  });

  it.each(posts.map((o) => ({ ...o, label: `POST ${o.path}` })))('$label: a body over its limit is its documented 413', async ({ path, operation }) => {
    expect(Object.keys(operation.responses)).toContain('413');
    const limit = Number(/larger than (\d+) bytes/.exec(resolveRef<Response>(DOCUMENT, operation.responses['413']!).description)![1]);
    const type = Object.keys(operation.requestBody!.content)[0]!;
    const payload = type === 'application/json' ? JSON.stringify({ data: `0x${'00'.repeat(limit / 2)}` }) : Buffer.alloc(limit + 1);
    expect(payload.length).toBeGreaterThan(limit);
    const response = await fixture.inject({ method: 'POST', url: path, payload, headers: { 'content-type': type } });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(413);
  });

  it('keeps the call data limit a 400 below the body limit', async () => {
    const response = await fixture.inject({
      method: 'POST', url: '/api/v1/contracts/call', headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ to: `0x${'0'.repeat(36)}0bb9`, data: `0x${'00'.repeat(MAX_CALL_DATA_BYTES + 1)}` }),
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)._status.messages[0].detail).toBe(`data field must be at most ${MAX_CALL_DATA_BYTES} bytes`);
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

  it('are a 400 by the document\'s own account, but where it names the routes that ignore them', () => {
    expect(DOCUMENT.info.description).toContain('an unknown parameter is a 400, except where the reference ignores it');
    for (const { path, operation } of operations.filter((o) => JAVA_MODULE.has(o.path) || o.label === IGNORING)) {
      expect(operation.description, path).toMatch(/undeclared query keys (are )?ignored|Query parameters are ignored/i);
    }
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
