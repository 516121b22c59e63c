import fs from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import yaml from 'js-yaml';

/** The reference mirror node's own OpenAPI document, as the conformance folder ships it (nobody here wrote it). */
export const REFERENCE_DOCUMENT = path.resolve('../shared/conformance/mirror/openapi.yml');

interface Operation {
  responses: Record<string, { $ref?: string; content?: Record<string, { schema?: unknown }> }>;
}
interface Document {
  paths: Record<string, { get?: Operation }>;
  components: { responses: Record<string, { content?: Record<string, { schema?: unknown }> }>; schemas: Record<string, unknown> };
}

/** One way an answer differs from the reference's schema: where in the answer, and what. */
export interface SchemaProblem {
  /** The reference's path template and the answer's status, e.g. `/api/v1/tokens/{tokenId} 200`. */
  operation: string;
  /** A JSON pointer with array indexes as N, so one problem repeated over a list reads once. */
  at: string;
  message: string;
}

/**
 * The reference document's GET operations, each answer status with its JSON schema compiled by
 * Ajv. OpenAPI 3.0's `nullable` is Ajv's own keyword; the integer and binary formats OpenAPI adds
 * are taken as annotations (their range is the type's business here).
 */
export class ReferenceDocument {
  readonly #document: Document;
  readonly #ajv: Ajv;
  readonly #validators = new Map<string, ValidateFunction | null>();
  /** Path templates as patterns, the most specific (fewest parameters) first. */
  readonly #templates: Array<{ template: string; pattern: RegExp }>;

  constructor(file = REFERENCE_DOCUMENT) {
    this.#document = yaml.load(fs.readFileSync(file, 'utf8')) as Document;
    this.#ajv = new Ajv({ strict: false, allErrors: true });
    (addFormats as unknown as (ajv: Ajv) => void)(this.#ajv);
    for (const format of ['int32', 'int64', 'float', 'double', 'byte', 'binary']) this.#ajv.addFormat(format, true);
    this.#ajv.addSchema({ components: this.#document.components }, 'reference');
    const parameters = (template: string) => template.split('{').length;
    this.#templates = Object.entries(this.#document.paths)
      .filter(([, item]) => item.get)
      .map(([template]) => ({ template, pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`) }))
      .sort((a, b) => parameters(a.template) - parameters(b.template));
  }

  /** Every GET path template the reference documents. */
  get templates(): string[] {
    return this.#templates.map((t) => t.template);
  }

  /** The values a named component schema enumerates (e.g. `TransactionTypes`); empty when it has none. */
  enumOf(schema: string): string[] {
    const found = this.#document.components.schemas[schema] as { enum?: string[] } | undefined;
    return found?.enum ?? [];
  }

  /** The template a request path falls under; null when the reference has none. */
  templateOf(pathname: string): string | null {
    return this.#templates.find((t) => t.pattern.test(pathname))?.template ?? null;
  }

  /**
   * How an answer differs from what the reference documents for its path and status: empty when
   * it fits; one problem naming the status when the reference documents no such answer.
   */
  problems(pathname: string, status: number, body: unknown): SchemaProblem[] {
    const template = this.templateOf(pathname);
    if (template === null) return [{ operation: pathname, at: '', message: 'not an operation of the reference' }];
    const operation = `${template} ${status}`;
    const validate = this.#validator(template, status);
    if (validate === undefined) return [{ operation, at: '', message: `status ${status} is not documented by the reference` }];
    if (validate === null || validate(body)) return [];
    return (validate.errors ?? []).map((error) => ({
      operation,
      at: error.instancePath.replace(/\/\d+(?=\/|$)/g, '/N'),
      message: `${error.message ?? error.keyword}${error.keyword === 'required' ? '' : ` (${JSON.stringify(error.params)})`}`,
    }));
  }

  /** The compiled schema of one answer; null when it has no JSON body; undefined when the status is not documented. */
  #validator(template: string, status: number): ValidateFunction | null | undefined {
    const key = `${template} ${status}`;
    if (this.#validators.has(key)) return this.#validators.get(key);
    const responses = this.#document.paths[template]!.get!.responses;
    let response = responses[String(status)];
    if (response === undefined) return undefined;
    if (response.$ref) response = this.#document.components.responses[response.$ref.split('/').at(-1)!]!;
    const schema = response.content?.['application/json']?.schema;
    // Schemas point into the components with `#/components/...`: resolved against the document added above.
    const validate = schema === undefined ? null : this.#ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"reference#/components/')) as object);
    this.#validators.set(key, validate);
    return validate;
  }
}
