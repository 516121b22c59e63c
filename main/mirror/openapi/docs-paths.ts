import type { OperationEntry } from './openapi-types.ts';
import { operation } from './operations.ts';

/** Where the document itself is served; the route module and the document share these. */
export const DOCS_PATH = '/api/v1/docs';
export const OPENAPI_JSON_PATH = `${DOCS_PATH}/openapi.json`;
export const OPENAPI_YAML_PATH = `${DOCS_PATH}/openapi.yml`;
/** The document never changes while the app runs; an hour keeps tools from refetching it. */
export const DOCS_CACHE_SECONDS = 3600;

const text = (type: string, description: string) => ({ type: 'string' as const, description, format: type });

export const DOCS_OPERATIONS: OperationEntry[] = [
  operation({ path: DOCS_PATH, operationId: 'getApiDocsPage', tag: 'docs', summary: 'This API as an HTML page', cacheSeconds: DOCS_CACHE_SECONDS,
    description: 'A self-contained page (no scripts, no external resources) listing the operations by tag with their parameters.',
    parameters: [], okType: 'text/html', ok: text('html', 'the page') }),
  operation({ path: OPENAPI_JSON_PATH, operationId: 'getOpenApiJson', tag: 'docs', summary: 'This OpenAPI document as JSON', cacheSeconds: DOCS_CACHE_SECONDS,
    parameters: [], ok: { type: 'object', description: 'OpenAPI 3.0.3', additionalProperties: true } }),
  operation({ path: OPENAPI_YAML_PATH, operationId: 'getOpenApiYaml', tag: 'docs', summary: 'This OpenAPI document as YAML', cacheSeconds: DOCS_CACHE_SECONDS,
    parameters: [], okType: 'application/yaml', ok: text('yaml', 'the same document as YAML') }),
];
