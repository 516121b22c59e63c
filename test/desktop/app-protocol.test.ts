import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RENDERER_CSP } from '../../main/bridge/http-bridge.ts';
import { APP_ENTRY_URL, createAppProtocolHandler, isAppUrl, planAppResponse } from '../../main/desktop/app-protocol.ts';

/** A built renderer in a temp folder, with a secret file next to (outside) it. */
function rendererFixture(): { root: string; dispose: () => void } {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-app-protocol-'));
  const root = path.join(base, 'renderer');
  fs.mkdirSync(path.join(root, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Mirrordesk</title>');
  fs.writeFileSync(path.join(root, 'assets', 'app.js'), 'console.log(1)');
  fs.writeFileSync(path.join(base, 'secret.txt'), 'secret');
  return { root, dispose: () => fs.rmSync(base, { recursive: true, force: true }) };
}

const fixture = rendererFixture();
afterAll(() => fixture.dispose());

describe('the app:// origin check', () => {
  it.each([
    ['app://mirrordesk/index.html', true],
    ['app://mirrordesk/', true],
    ['app://mirrordesk', true],
    ['app://other/index.html', false],
    ['app://mirrordesk:8080/index.html', false],
    ['app://user@mirrordesk/index.html', false],
    ['app://mirrordesk.evil.example/index.html', false],
    ['https://mirrordesk/index.html', false],
    ['file:///index.html', false],
    ['not a url', false],
    ['', false],
  ])('%s -> %s', (url, expected) => {
    expect(isAppUrl(url)).toBe(expected);
  });
});

describe('app:// URL to renderer file', () => {
  it('maps the entry URL and the root to index.html', () => {
    expect(planAppResponse(fixture.root, 'GET', APP_ENTRY_URL).file).toBe(path.join(fixture.root, 'index.html'));
    expect(planAppResponse(fixture.root, 'GET', 'app://mirrordesk/').file).toBe(path.join(fixture.root, 'index.html'));
  });

  it('maps asset paths and ignores the query and hash', () => {
    const plan = planAppResponse(fixture.root, 'GET', 'app://mirrordesk/assets/app.js?v=1#x');
    expect(plan).toMatchObject({ status: 200, file: path.join(fixture.root, 'assets', 'app.js') });
    expect(plan.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  it.each([
    'app://mirrordesk/../secret.txt',
    'app://mirrordesk/assets/../../secret.txt',
    'app://mirrordesk/%2e%2e/secret.txt',
    'app://mirrordesk/%2E%2E%2Fsecret.txt',
    'app://mirrordesk/..%5csecret.txt',
    'app://mirrordesk/assets%00.js',
    'app://mirrordesk/%E0%A4%A',
  ])('refuses the traversal attempt %s', (url) => {
    const plan = planAppResponse(fixture.root, 'GET', url);
    expect(plan.status).toBe(404);
    expect(plan.file).toBeNull();
  });

  it('refuses other hosts and methods', () => {
    expect(planAppResponse(fixture.root, 'GET', 'app://elsewhere/index.html').status).toBe(403);
    expect(planAppResponse(fixture.root, 'POST', APP_ENTRY_URL).status).toBe(405);
  });

  it('sends the renderer CSP and nosniff on every response, refusals included', () => {
    for (const url of [APP_ENTRY_URL, 'app://mirrordesk/../secret.txt', 'app://elsewhere/']) {
      const { headers } = planAppResponse(fixture.root, 'GET', url);
      expect(headers['content-security-policy']).toBe(RENDERER_CSP);
      expect(headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('the protocol.handle callback', () => {
  const handle = createAppProtocolHandler(fixture.root);

  it('serves index.html with its type and the CSP header', async () => {
    const response = await handle(new Request(APP_ENTRY_URL));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(RENDERER_CSP);
    expect(await response.text()).toContain('<title>Mirrordesk</title>');
  });

  it('answers 404 for a missing file and never returns content from outside the folder', async () => {
    expect((await handle(new Request('app://mirrordesk/missing.js'))).status).toBe(404);
    expect((await handle(new Request('app://mirrordesk/assets'))).status).toBe(404);
    const traversal = await handle(new Request('app://mirrordesk/%2e%2e/secret.txt'));
    expect(traversal.status).toBe(404);
    expect(await traversal.text()).not.toContain('secret');
  });

  it('answers HEAD without a body', async () => {
    const response = await handle(new Request(APP_ENTRY_URL, { method: 'HEAD' }));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });
});
