import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Parameter, Ref, Response, Schema } from '../../../main/mirror/openapi/openapi-types.ts';
import { scalar, toYaml } from '../../../main/mirror/openapi/yaml.ts';
import type { JsonValue } from '../../../main/mirror/openapi/openapi-types.ts';
import { DOCUMENT, documentedOperations, parametersOf, resolveRef } from './openapi-fixture.ts';

// js-yaml comes with the dev tool chain (a transitive dependency); only this test reads it,
// to check the app's own emitter against an independent parser.
const yaml = createRequire(import.meta.url)('js-yaml') as { load: (text: string) => unknown };

/** Every `$ref` string anywhere in the data. */
function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => refsIn(item, found));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref') found.push(item as string);
      else refsIn(item, found);
    }
  }
  return found;
}

describe('OpenAPI document structure', () => {
  it('is OpenAPI 3.0.3 with the app version', () => {
    expect(DOCUMENT.openapi).toBe('3.0.3');
    expect(DOCUMENT.info.version).toBe('0.0.0-test');
  });

  it('resolves every $ref', () => {
    const refs = refsIn(DOCUMENT);
    expect(refs.length).toBeGreaterThan(100);
    for (const ref of new Set(refs)) expect(() => resolveRef(DOCUMENT, { $ref: ref }), ref).not.toThrow();
  });

  it('gives every operation responses, a tag of the tag list and a unique operationId', () => {
    const ids = documentedOperations().map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const tags = DOCUMENT.tags.map((t) => t.name);
    for (const { path, method, operation } of documentedOperations()) {
      expect(Object.keys(operation.responses), `${method} ${path}`).toContain('200');
      expect(Object.keys(operation.responses), `${method} ${path}`).toContain('400');
      expect(tags).toContain(operation.tags[0]);
      for (const response of Object.values(operation.responses)) expect(resolveRef<Response>(DOCUMENT, response).description).toBeTruthy();
    }
  });

  it('declares each {param} of a path exactly once as a required path parameter, and no other', () => {
    for (const { path, operation } of documentedOperations()) {
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const declared = parametersOf(operation).filter((p) => p.in === 'path');
      expect(declared.map((p) => p.name).sort(), path).toEqual([...inPath].sort());
      for (const p of declared) expect(p.required, `${path} ${p.name}`).toBe(true);
    }
  });

  it('gives every parameter a description, an example, and a unique name per operation', () => {
    for (const { path, operation } of documentedOperations()) {
      const params: Parameter[] = parametersOf(operation);
      expect(new Set(params.map((p) => `${p.in}:${p.name}`)).size, path).toBe(params.length);
      for (const p of params) {
        expect(p.description, `${path} ${p.name}`).toBeTruthy();
        expect(p.example, `${path} ${p.name}`).not.toBeUndefined();
      }
    }
  });

  it('uses patterns that compile and accept their own examples', () => {
    for (const { path, operation } of documentedOperations()) {
      for (const p of parametersOf(operation)) {
        const schema = resolveRef<Schema>(DOCUMENT, p.schema);
        const item = schema.type === 'array' ? resolveRef<Schema>(DOCUMENT, schema.items!) : schema;
        if (!item.pattern) continue;
        const examples = Array.isArray(p.example) ? p.example : [p.example];
        for (const example of examples) expect(new RegExp(item.pattern).test(String(example)), `${path} ${p.name}=${String(example)}`).toBe(true);
      }
    }
  });

  it('spells out every object an answer holds: no open object (any fields) but the document itself', () => {
    const open: string[] = [];
    const seen = new Set<unknown>();
    const walk = (item: Schema | Ref, at: string): void => {
      const schema = resolveRef<Schema>(DOCUMENT, item);
      if (seen.has(schema)) return;
      seen.add(schema);
      const isObject = schema.type === 'object' || (schema.type === undefined && !schema.allOf && !schema.oneOf);
      if (isObject && (schema.additionalProperties === true || (!schema.properties && typeof schema.additionalProperties !== 'object'))) open.push(at);
      for (const [key, property] of Object.entries(schema.properties ?? {})) walk(property, `${at}.${key}`);
      if (typeof schema.additionalProperties === 'object') walk(schema.additionalProperties, `${at}{}`);
      if (schema.items) walk(schema.items, `${at}[]`);
      [...(schema.allOf ?? []), ...(schema.oneOf ?? [])].forEach((branch, i) => walk(branch, `${at}|${i}`));
    };
    for (const { path, method, operation } of documentedOperations()) {
      if (path === '/api/v1/docs/openapi.json') continue;
      for (const [status, response] of Object.entries(operation.responses)) {
        for (const [type, media] of Object.entries(resolveRef<Response>(DOCUMENT, response).content ?? {})) walk(media.schema, `${method} ${path} ${status} ${type}`);
      }
    }
    expect(seen.size).toBeGreaterThan(100);
    expect(open).toEqual([]);
  });

  it('describes the cache behaviour of every operation', () => {
    for (const { path, operation } of documentedOperations()) expect(operation.description, path).toMatch(/cache-control|no `cache-control`/);
  });
});

describe('YAML rendering', () => {
  it('parses back to the same data as the JSON document', () => {
    const data = JSON.parse(JSON.stringify(DOCUMENT)) as JsonValue;
    expect(yaml.load(toYaml(data))).toEqual(data);
  });

  it('quotes strings that would otherwise read as other types or as YAML syntax', () => {
    const tricky: JsonValue = {
      '200': ['true', 'no', 'null', '~', '1e3', '0x10', '', ' lead', 'trail ', 'a: b', '# c', '- d', '[e]', '{f}', '*g', '&h', '!i', '|j', '>k', "'l'", '"m"', '%n', '@o', '`p`', 'q #r'],
      'multi\nline': 'tab\there \u0085 \u2028 \u007f',
      nested: [[1, [2]], [], {}, { a: [] }, -0.5, null, false],
      $ref: '#/components/schemas/Key',
    };
    expect(yaml.load(toYaml(tricky))).toEqual(tricky);
    expect(scalar('plain_word')).toBe('plain_word');
    expect(scalar('yes')).toBe('"yes"');
    expect(scalar('123')).toBe('"123"');
  });
});
