import { buildOpenApiDocument } from '../../../main/mirror/openapi/document.ts';
import type { HttpMethod, OpenApiDocument, Operation, Parameter, Ref } from '../../../main/mirror/openapi/openapi-types.ts';

/** The document as served, plus helpers to walk it in tests. */
export const DOCUMENT: OpenApiDocument = buildOpenApiDocument('0.0.0-test');

export interface DocumentedOperation {
  path: string;
  method: HttpMethod;
  operation: Operation;
}

export function documentedOperations(document: OpenApiDocument = DOCUMENT): DocumentedOperation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    (Object.entries(item) as Array<[HttpMethod, Operation]>).map(([method, operation]) => ({ path, method, operation })));
}

/** Follows a local `#/components/...` reference; throws when it does not resolve. */
export function resolveRef<T>(document: OpenApiDocument, item: T | Ref): T {
  if (!item || typeof item !== 'object' || !('$ref' in item)) return item as T;
  const match = /^#\/components\/(schemas|parameters|responses)\/([^/]+)$/.exec(item.$ref);
  const target = match ? (document.components[match[1] as 'schemas'] as Record<string, unknown>)[match[2]!] : undefined;
  if (target === undefined) throw new Error(`unresolved $ref ${item.$ref}`);
  return target as T;
}

export const parametersOf = (operation: Operation): Parameter[] => operation.parameters.map((p) => resolveRef<Parameter>(DOCUMENT, p));

/** The values a parameter's `example` stands for (a repeatable filter's example is a list). */
export function exampleValues(parameter: Parameter): string[] {
  if (parameter.example === undefined) throw new Error(`${parameter.name} has no example`);
  return (Array.isArray(parameter.example) ? parameter.example : [parameter.example]).map((v) => String(v));
}

/** A concrete URL for an operation: path parameters from their examples, then the given query. */
export function exampleUrl(path: string, operation: Operation, query: Array<[string, string]> = []): string {
  const params = parametersOf(operation);
  const filled = path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const param = params.find((p) => p.in === 'path' && p.name === name);
    if (!param) throw new Error(`${path}: path parameter ${name} is not declared`);
    return encodeURIComponent(exampleValues(param)[0]!);
  });
  const search = query.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&');
  return search ? `${filled}?${search}` : filled;
}

/** `/api/v1/tokens/:tokenId` as OpenAPI writes it: `/api/v1/tokens/{tokenId}`. */
export const openApiPath = (fastifyPath: string): string => fastifyPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
