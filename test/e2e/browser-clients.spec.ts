import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, mirrorJson, test } from './serve-fixture.ts';

/**
 * A web page of another origin (a dApp under development, served here by a bare HTTP server on
 * loopback) using the REST port from Chromium. The app's own screens go through the bridge (and
 * their Content Security Policy allows nothing else); these requests are the page's own, so the
 * browser's CORS rules apply: a JSON POST, or a GET with a header of the page's, is sent only
 * after a preflight the mirror grants.
 */

interface Answer { status: number; body: string }

test.describe('the REST port from a page of another origin', () => {
  let dapp: http.Server;
  let dappUrl: string;
  test.beforeAll(async () => {
    dapp = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>A dApp</title>'));
    await new Promise<void>((resolve) => dapp.listen(0, '127.0.0.1', resolve));
    dappUrl = `http://localhost:${(dapp.address() as AddressInfo).port}/`;
  });
  test.afterAll(() => new Promise<void>((resolve) => dapp.close(() => resolve())));

  test('reads a contract call and a GET with its own header, exactly as a client outside the browser does', async ({ page, serve }) => {
    // totalSupply() of a demo token, found by a transfer(address,uint256) made to it: a view that succeeds.
    const { results } = await mirrorJson<{ results: Array<{ to: string; function_parameters: string }> }>(serve, '/api/v1/contracts/results?limit=100&order=desc');
    const token = results.find((result) => result.function_parameters.startsWith('0xa9059cbb'));
    expect(token, 'a transfer to a demo token among the newest contract results').toBeDefined();
    const call = { to: token!.to, data: '0x18160ddd' };
    await page.goto(dappUrl);

    const fromPage = (url: string, init: { method?: string; headers?: Record<string, string>; body?: string }): Promise<Answer | string> =>
      page.evaluate(async ({ url, init }) => {
        try {
          const response = await fetch(url, init);
          return { status: response.status, body: await response.text() };
        } catch (error) {
          return String(error);
        }
      }, { url, init });
    const fromNode = async (url: string, init: { method?: string; headers?: Record<string, string>; body?: string }): Promise<Answer> => {
      const response = await fetch(url, init);
      return { status: response.status, body: await response.text() };
    };

    const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(call) };
    const callUrl = `${serve.mirrorUrl}/api/v1/contracts/call`;
    const expected = await fromNode(callUrl, post);
    expect(expected.status, expected.body).toBe(200);
    expect(expected.body).toMatch(/^\{"result":"0x[0-9a-f]*"\}$/);
    expect(await fromPage(callUrl, post)).toEqual(expected);

    const get = { headers: { 'x-request-id': 'dapp-1' } };
    const accountsUrl = `${serve.mirrorUrl}/api/v1/accounts?limit=2`;
    expect(await fromPage(accountsUrl, get)).toEqual(await fromNode(accountsUrl, get));
  });
});
