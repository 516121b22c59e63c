import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Route } from '@playwright/test';
import type { StatusSnapshot } from '../../main/common/status-types.ts';
import { expect, startServe, stopServe, test, waitForReady, type ServeInstance } from './serve-fixture.ts';

/** A status page that holds every request until the test releases it, then answers each HTTP 503 (at once from then on). */
async function heldFailingPage(): Promise<{ url: string; release: () => void; close: () => Promise<void> }> {
  const held: Array<() => void> = [];
  let released = false;
  const server = http.createServer((_request, response) => {
    const answer = (): void => void response.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"down"}');
    if (released) answer();
    else held.push(answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    release: () => {
      released = true;
      for (const answer of held.splice(0)) answer();
    },
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

let page503: Awaited<ReturnType<typeof heldFailingPage>>;
let child: ChildProcess | undefined;
let dataDir = '';
let instance: ServeInstance;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  page503 = await heldFailingPage();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-e2e-status-switch-'));
  // A saved profile whose status page is the held one; its mirror node is nowhere (nothing here reads it).
  const profile = { name: 'slow-status', mirrorUrl: 'http://127.0.0.1:9', statusUrl: page503.url, chainId: null };
  fs.writeFileSync(path.join(dataDir, 'profiles.json'), JSON.stringify({ profiles: [profile] }));
  ({ child, instance } = await startServe(dataDir));
  await waitForReady(instance);
});

test.afterAll(async () => {
  if (child) await stopServe(child, dataDir);
  await page503?.close();
});

test('a snapshot asked while the first poll after a switch runs, answered after that poll ended, does not bring "Checking…" back', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(`${instance.uiUrl}#/status`);
  await expect(page.getByTestId('status-overall')).toBeVisible();

  // Every snapshot the page asks for from here on is read from main at once, and handed to the page only when the test says.
  const held: Array<{ route: Route; answer: Awaited<ReturnType<Route['fetch']>> }> = [];
  await page.route('**/bridge/call/status/snapshot', async (route) => {
    held.push({ route, answer: await route.fetch() });
  });

  await page.getByTestId('profile-switcher').click();
  await page.getByTestId('profile-slow-status').click();
  await expect(page.getByTestId('profile-switcher')).toContainText('slow-status');

  // The Status screen of the new profile asked as its first poll ran (the status page holds it), and was told so.
  const pollingTold = async (): Promise<boolean[]> =>
    Promise.all(held.map(async ({ answer }) => ((await answer.json()) as { value: StatusSnapshot }).value.poll.polling));
  await expect.poll(pollingTold, { message: 'a snapshot asked for while the poll ran' }).toContain(true);

  // The poll ends (the page answers 503): its event reaches the screen while the answers are still held.
  page503.release();
  const poll = page.getByTestId('poll-state');
  await expect(page.getByTestId('upstream-error')).toContainText('upstream answered HTTP 503', { timeout: 30_000 });
  await expect(poll.getByTestId('check-now')).toHaveText('Check now');

  // Now the older answers arrive, and are read by the page.
  const delivered = held.splice(0).map(async ({ route, answer }) => {
    const read = page.waitForResponse((response) => response.request() === route.request());
    await route.fulfill({ response: answer });
    await (await read).finished();
  });
  await Promise.all(delivered);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));

  await expect(poll.getByTestId('check-now')).toHaveText('Check now');
  await expect(page.getByTestId('upstream-error')).toContainText('upstream answered HTTP 503');
});
