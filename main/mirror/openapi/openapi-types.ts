/**
 * The part of OpenAPI 3.0.3 this project writes, as plain JSON-compatible data (the document
 * is served as JSON and YAML, so nothing here may hold functions, undefined or bigints).
 */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface Ref {
  $ref: string;
}

export interface Schema {
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array';
  format?: string;
  pattern?: string;
  enum?: string[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  default?: string | number | boolean;
  nullable?: boolean;
  description?: string;
  example?: JsonValue;
  items?: Schema | Ref;
  properties?: Record<string, Schema | Ref>;
  required?: string[];
  additionalProperties?: boolean | Schema | Ref;
  allOf?: Array<Schema | Ref>;
  oneOf?: Array<Schema | Ref>;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  description: string;
  required?: boolean;
  style?: 'form' | 'simple';
  explode?: boolean;
  schema: Schema | Ref;
  example?: JsonValue;
  /** Other query parameters of the same operation this one is only valid together with. */
  'x-requires'?: string[];
  /** How a repeatable filter may be repeated, where it is not freely (parameters.ts, Repeat). */
  'x-repeat'?: 'range' | 'eqAlone';
}

export interface MediaType {
  schema: Schema | Ref;
  example?: JsonValue;
}

export interface Header {
  description: string;
  schema: Schema;
}

export interface Response {
  description: string;
  headers?: Record<string, Header>;
  content?: Record<string, MediaType>;
}

export interface RequestBody {
  description: string;
  required: boolean;
  content: Record<string, MediaType>;
}

export interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  parameters: Array<Parameter | Ref>;
  requestBody?: RequestBody;
  responses: Record<string, Response | Ref>;
}

export type HttpMethod = 'get' | 'post';

export type PathItem = Partial<Record<HttpMethod, Operation>>;

export interface Tag {
  name: string;
  description: string;
}

export interface OpenApiDocument {
  openapi: '3.0.3';
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string; description: string }>;
  tags: Tag[];
  paths: Record<string, PathItem>;
  components: {
    schemas: Record<string, Schema>;
    parameters: Record<string, Parameter>;
    responses: Record<string, Response>;
  };
}

/** One documented operation before it is placed in `paths`. */
export interface OperationEntry {
  path: string;
  method: HttpMethod;
  operation: Operation;
}

export const ref = (kind: 'schemas' | 'parameters' | 'responses', name: string): Ref => ({ $ref: `#/components/${kind}/${name}` });
