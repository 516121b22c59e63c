import { describe, expect, it } from 'vitest';
import { appPackageVersion } from '../../../main/mirror/openapi/app-package-version.ts';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';

// The documentation routes over a real store and the real app: content types, caching, the
// HTML page's self-containment, and that other unknown paths are still the mirror's 404.
const fixture = mirrorApiFixture();

const { get } = fixture;

describe('GET /api/v1/docs/openapi.json and openapi.yml', () => {
  it('serves the document as JSON with the app version, cacheable, with ETag and 304', async () => {
    const response = await get('/api/v1/docs/openapi.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const document = JSON.parse(response.body) as { openapi: string; info: { version: string }; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.0.3');
    const pkg = (await import('../../../package.json', { with: { type: 'json' } })).default as { version: string };
    expect(document.info.version).toBe(pkg.version);
    expect(Object.keys(document.paths)).toContain('/api/v1/accounts/{idOrAliasOrEvmAddress}');
    const again = await get('/api/v1/docs/openapi.json', { 'if-none-match': String(response.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves the same document as YAML', async () => {
    const response = await get('/api/v1/docs/openapi.yml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/yaml; charset=utf-8');
    expect(response.body).toMatch(/^openapi: "3\.0\.3"\ninfo:\n {2}title: /);
    expect(response.headers.etag).not.toBe((await get('/api/v1/docs/openapi.json')).headers.etag);
  });

  it('refuses query parameters like every mirror endpoint', async () => {
    const response = await get('/api/v1/docs/openapi.json?format=yaml');
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ _status: { messages: [{ message: 'Unknown query parameter: format' }] } });
    expect(response.headers['cache-control']).toBeUndefined();
  });

  it('keeps the 404 for other unknown paths, also under /api/v1/docs', async () => {
    for (const url of ['/api/v1/docs/swagger.json', '/api/v1/nope', '/api/v2/docs']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(JSON.parse(response.body)).toEqual({ _status: { messages: [{ message: 'Not found' }] } });
    }
  });

  it('refuses a non-loopback host like the rest of the API', async () => {
    expect((await get('/api/v1/docs', { host: 'evil.example' })).statusCode).toBe(403);
  });
});

describe('GET /api/v1/docs', () => {
  it('is a self-contained HTML page: no scripts, no external URLs, a CSP that allows only its own style', async () => {
    const response = await get('/api/v1/docs');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const html = response.body;
    expect(html).not.toMatch(/<script|<link|<img|<iframe|@import|url\(/i);
    expect(html).not.toMatch(/(?:https?:)?\/\/[a-z0-9]/i);
    const links = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(5);
    for (const link of links) expect(link, link).toMatch(/^(#|\/api\/v1\/docs\/openapi\.(json|yml)$)/);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).not.toMatch(/script-src|unsafe-inline/);
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    const { createHash } = await import('node:crypto');
    expect(csp).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
  });

  it('lists the operations grouped by tag with their parameters', async () => {
    const html = (await get('/api/v1/docs')).body;
    for (const tag of ['accounts', 'balances', 'transactions', 'tokens', 'topics', 'schedules', 'contracts', 'network', 'docs']) {
      expect(html).toContain(`id="tag-${tag}"`);
    }
    expect(html).toContain('<code>/api/v1/contracts/call</code>');
    expect(html).toContain('<code>account.publickey</code>');
    expect(html.indexOf('id="tag-accounts"')).toBeLessThan(html.indexOf('id="listAccounts"'));
    expect(html.indexOf('id="listAccounts"')).toBeLessThan(html.indexOf('id="tag-balances"'));
  });
});

describe('the version in info.version', () => {
  it('is found from the source tree and from the bundle folder alike, 0.0.0 outside the app', async () => {
    const pkg = (await import('../../../package.json', { with: { type: 'json' } })).default as { version: string };
    const root = path.resolve(import.meta.dirname, '../../..');
    expect(appPackageVersion()).toBe(pkg.version);
    expect(appPackageVersion(pathToFileURL(path.join(root, 'dist/main/electron-main.js')).href)).toBe(pkg.version);
    expect(appPackageVersion(pathToFileURL(path.join(fixture.dir, 'a/b/c.js')).href)).toBe('0.0.0');
  });
});
