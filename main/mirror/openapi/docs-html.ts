import { createHash } from 'node:crypto';
import { OPENAPI_JSON_PATH, OPENAPI_YAML_PATH } from './docs-paths.ts';
import type { OpenApiDocument, Operation, Parameter, Ref, Schema } from './openapi-types.ts';

/**
 * The HTML page of /api/v1/docs: the operations by tag with their parameters, built from the
 * document itself so the page cannot drift from it. No scripts and no external resources
 * (the app works offline); the one style sheet is allowed by its hash in the CSP header.
 */
const STYLE = `body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:1rem 1.5rem;color:#1d232b;background:#fbfbfc}
h1{font-size:1.5rem}h2{margin-top:2rem;border-bottom:1px solid #d5d9e0;padding-bottom:.25rem}
.op{border:1px solid #d5d9e0;border-radius:6px;margin:.75rem 0;padding:.5rem .75rem;background:#fff}
.op h3{font-size:1rem;margin:.25rem 0}.method{display:inline-block;min-width:3.5rem;font-weight:700}
.get{color:#17653a}.post{color:#8a4b00}code{font:12px ui-monospace,monospace;background:#eef0f3;padding:0 .2rem;border-radius:3px;word-break:break-all}
table{border-collapse:collapse;width:100%;margin:.5rem 0}th,td{text-align:left;vertical-align:top;border-top:1px solid #e6e9ee;padding:.25rem .4rem}
th{font-weight:600;color:#4a5563}td.name code{white-space:nowrap;word-break:normal}td p{margin:0 0 .3rem}.muted{color:#5b6573}nav a{margin-right:.75rem}`;

export const DOCS_STYLE_HASH = `sha256-${createHash('sha256').update(STYLE).digest('base64')}`;
export const DOCS_CSP = `default-src 'none'; style-src '${DOCS_STYLE_HASH}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Escaped text with `backtick` spans as <code> and blank lines as paragraph breaks. */
const prose = (text: string): string =>
  text.split(/\n\n+/).map((part) => `<p>${escapeHtml(part).replace(/`([^`]+)`/g, '<code>$1</code>')}</p>`).join('');

function resolve<T>(document: OpenApiDocument, item: T | Ref): T {
  if (!item || typeof item !== 'object' || !('$ref' in item)) return item as T;
  const [, , kind, name] = item.$ref.split('/');
  return (document.components as unknown as Record<string, Record<string, T>>)[kind!]![name!]!;
}

function schemaSummary(document: OpenApiDocument, schemaOrRef: Schema | Ref): string {
  const schema = resolve<Schema>(document, schemaOrRef);
  if (schema.type === 'array' && schema.items) return `${schemaSummary(document, schema.items)} (repeatable)`;
  const parts = [`<code>${escapeHtml(schema.type ?? 'object')}</code>`];
  if (schema.enum) parts.push(`one of ${schema.enum.map((v) => `<code>${escapeHtml(v)}</code>`).join(', ')}`);
  if (schema.pattern) parts.push(`pattern <code>${escapeHtml(schema.pattern)}</code>`);
  if (schema.minimum !== undefined) parts.push(`min ${schema.minimum}`);
  if (schema.maximum !== undefined) parts.push(`max ${schema.maximum}`);
  if (schema.default !== undefined) parts.push(`default <code>${escapeHtml(String(schema.default))}</code>`);
  return parts.join(', ');
}

function parametersTable(document: OpenApiDocument, operation: Operation): string {
  const params = operation.parameters.map((p) => resolve<Parameter>(document, p));
  if (params.length === 0) return '<p class="muted">No parameters.</p>';
  const rows = params.map((p) => `<tr><td class="name"><code>${escapeHtml(p.name)}</code></td><td>${p.in}${p.required ? ', required' : ''}</td>`
    + `<td>${schemaSummary(document, p.schema)}</td><td>${prose(p.description)}</td></tr>`).join('');
  return `<table><thead><tr><th>Name</th><th>In</th><th>Value</th><th>Description</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function operationBlock(document: OpenApiDocument, method: string, path: string, operation: Operation): string {
  const body = operation.requestBody
    ? `<p><strong>Body</strong> (${Object.keys(operation.requestBody.content).map((t) => `<code>${escapeHtml(t)}</code>`).join(', ')}): ${escapeHtml(operation.requestBody.description)}</p>`
    : '';
  const responses = Object.keys(operation.responses).map((code) => `<code>${code}</code>`).join(' ');
  return `<section class="op" id="${escapeHtml(operation.operationId)}"><h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>`
    + `<p><strong>${escapeHtml(operation.summary)}</strong></p>${prose(operation.description)}${parametersTable(document, operation)}${body}`
    + `<p class="muted">Responses: ${responses}</p></section>`;
}

export function renderDocsPage(document: OpenApiDocument): string {
  const sections = document.tags.map((tag) => {
    const blocks: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item) as Array<[string, Operation]>) {
        if (operation.tags.includes(tag.name)) blocks.push(operationBlock(document, method, path, operation));
      }
    }
    return `<h2 id="tag-${escapeHtml(tag.name)}">${escapeHtml(tag.name)}</h2><p class="muted">${escapeHtml(tag.description)}</p>${blocks.join('')}`;
  });
  const nav = document.tags.map((tag) => `<a href="#tag-${escapeHtml(tag.name)}">${escapeHtml(tag.name)}</a>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`
    + `<title>${escapeHtml(document.info.title)} ${escapeHtml(document.info.version)}</title><style>${STYLE}</style></head><body>`
    + `<h1>${escapeHtml(document.info.title)} <span class="muted">${escapeHtml(document.info.version)}</span></h1>`
    + `<p>OpenAPI ${document.openapi}: <a href="${OPENAPI_JSON_PATH}">openapi.json</a> · <a href="${OPENAPI_YAML_PATH}">openapi.yml</a></p>`
    + `${prose(document.info.description)}<nav>${nav}</nav>${sections.join('')}</body></html>\n`;
}
