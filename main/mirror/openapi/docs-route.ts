import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { etagMatches, weakEtag } from '../../http/etag.ts';
import { rawQueryOf, sendMirrorJson } from '../http/mirror-reply.ts';
import type { MirrorRouteContext } from '../http/mirror-routes.ts';
import { parseQueryString } from '../http/query-string.ts';
import { validateQuery } from '../query/query-filters.ts';
import { appPackageVersion } from './app-package-version.ts';
import { DOCS_CSP, renderDocsPage } from './docs-html.ts';
import { DOCS_CACHE_SECONDS, DOCS_PATH, OPENAPI_JSON_PATH, OPENAPI_YAML_PATH } from './docs-paths.ts';
import { buildOpenApiDocument } from './document.ts';
import { toYaml } from './yaml.ts';

/** A rendering and its ETag, both computed once. */
interface Rendering {
  body: string;
  etag: string;
}

interface RenderedDocs {
  json: Rendering;
  yaml: Rendering;
  html: Rendering;
}

const rendering = (body: string): Rendering => ({ body, etag: weakEtag(body) });

let rendered: RenderedDocs | null = null;

/** The three renderings, built on first request (the document is the same for every store). */
function renderedDocs(): RenderedDocs {
  if (rendered) return rendered;
  const document = buildOpenApiDocument(appPackageVersion());
  const json = `${JSON.stringify(document, null, 2)}\n`;
  rendered = { json: rendering(json), yaml: rendering(toYaml(JSON.parse(json) as Parameters<typeof toYaml>[0])), html: rendering(renderDocsPage(document)) };
  return rendered;
}

/** GET /api/v1/docs (HTML), /api/v1/docs/openapi.json and /api/v1/docs/openapi.yml. */
export function registerDocsRoutes(app: FastifyInstance, { config }: MirrorRouteContext): void {
  const serve = (path: string, contentType: string, pick: (docs: RenderedDocs) => Rendering, headers: Record<string, string> = {}): void => {
    app.get(path, async (request, reply) => {
      // Like every mirror endpoint: no parameters are known here, so any is a 400.
      const validated = validateQuery(parseQueryString(rawQueryOf(request), config().query.maxRepeatedQueryParameters), {});
      if (!validated.ok) return sendMirrorJson(request, reply, 400, { _status: { messages: validated.messages } }, null);
      return sendStatic(request, reply, `${contentType}; charset=utf-8`, pick(renderedDocs()), headers);
    });
  };
  serve(DOCS_PATH, 'text/html', (docs) => docs.html, { 'content-security-policy': DOCS_CSP, 'x-content-type-options': 'nosniff' });
  serve(OPENAPI_JSON_PATH, 'application/json', (docs) => docs.json);
  serve(OPENAPI_YAML_PATH, 'application/yaml', (docs) => docs.yaml);
}

function sendStatic(request: FastifyRequest, reply: FastifyReply, contentType: string, { body, etag }: Rendering, headers: Record<string, string>): FastifyReply {
  reply.header('content-type', contentType).header('etag', etag).header('cache-control', `public, max-age=${DOCS_CACHE_SECONDS}`);
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.code(200).send(body);
}
