import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { FakeEvmChains } from '../../main/conformance/verify/fake-evm-chain.ts';
import { SESSION_CHANGED } from '../../main/common/verify-session-changed.ts';
import type { VerifySessionView } from '../../main/common/verify-types.ts';
import { VERIFYING_FALLBACK_POLL_MS } from '../../renderer/src/screens/verify/verifying-elsewhere.ts';
import { bridgeValue } from '../helpers/serve-process.ts';
import { expect, startServe, stopServe, test, waitForReady, type ServeInstance } from './serve-fixture.ts';

/**
 * The Verify screen where the user's way differs from the happy path: files picked one by one
 * (two metadata.json), a file too large to send, fields that will not do, a reload or another
 * window during a verification, two tabs on one session, downloading off, a narrow window. A real `serve` with
 * `--solc-bin-mirror off`; the Storage fixture deployed on a private test chain reached through a
 * relay that can hold its answers (a verification under way, for as long as the test needs).
 */
const SOURCES = path.resolve('../shared/conformance/verify/fixtures/packages/lib-sourcify/test/sources');
const STORAGE = path.join(SOURCES, 'Storage');
const CONSTRUCTOR = path.join(SOURCES, 'Constructor');
const STORAGE_VERSION = '0.8.4+commit.c7e474f2';
const CHAIN = '31337';

let chains: FakeEvmChains;
let relay: http.Server;
/** Set while the chain's answers are held: each waits for the promise. */
let held: Promise<void> | null = null;
let heldRequests = 0;
let child: ChildProcess;
let instance: ServeInstance;
let workDir: string;
let address: string;
/**
 * Storage deployed again, each verified by one test alone: a match stored for an address answers
 * from the repository, never asking the chain, so a verification there could not be held.
 */
const TWIN_ADDRESSES = [`0x${'5a'.repeat(20)}`, `0x${'5b'.repeat(20)}`] as const;
/** Files picked as a user picks them: each fixture's metadata.json and source in one folder of their own. */
let storageFiles: string[];
let constructorFiles: string[];

/**
 * Runs `start` (a click that begins a verification) with the chain's answers held, waits until the
 * verification asks the chain, runs `whileHeld`, and lets the chain answer whatever happened.
 */
async function withChainHeld(start: () => Promise<void>, whileHeld: () => Promise<void>): Promise<void> {
  let release: () => void = () => undefined;
  held = new Promise<void>((resolve) => { release = resolve; });
  heldRequests = 0;
  try {
    await start();
    await expect.poll(() => heldRequests, { timeout: 60_000 }).toBeGreaterThan(0);
    await whileHeld();
  } finally {
    held = null;
    release();
  }
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-verify-problems-'));
  const compilers = path.join(workDir, 'compilers');
  fs.mkdirSync(compilers);
  const cached = path.resolve('.data/compilers', `soljson-v${STORAGE_VERSION}.js`);
  if (!fs.existsSync(cached)) throw new Error(`${cached} is missing: run \`npm run compilers -- fetch 0.8.4 --dir .data/compilers\` once`);
  fs.copyFileSync(cached, path.join(compilers, path.basename(cached)));

  const expected = path.join(STORAGE, 'expected');
  const deployment = JSON.parse(fs.readFileSync(path.join(expected, 'deployment.json'), 'utf8')) as { address: string; deployer: string };
  address = deployment.address.toLowerCase();
  chains = new FakeEvmChains();
  await chains.start();
  const storage = {
    deployer: deployment.deployer.toLowerCase(),
    runtimeCode: fs.readFileSync(path.join(expected, 'runtime-bytecode.hex'), 'utf8').trim(),
    creationInput: fs.readFileSync(path.join(expected, 'creation-tx-input.hex'), 'utf8').trim(),
  };
  const rpc = chains.deploy(CHAIN, { ...storage, address, txHash: `0x${'ab'.repeat(32)}` });
  TWIN_ADDRESSES.forEach((twin, i) => chains.deploy(CHAIN, { ...storage, address: twin, txHash: `0x${String(i + 1).repeat(64)}` }));
  relay = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      if (held) {
        heldRequests += 1;
        await held;
      }
      const answer = await fetch(rpc, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) });
      response.setHeader('content-type', 'application/json');
      response.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}/`;

  const pick = (folder: string, files: Record<string, string>): string[] => {
    fs.mkdirSync(path.join(workDir, folder));
    return Object.entries(files).map(([name, from]) => {
      fs.copyFileSync(from, path.join(workDir, folder, name));
      return path.join(workDir, folder, name);
    });
  };
  storageFiles = pick('storage', { 'metadata.json': path.join(STORAGE, 'metadata.json'), 'Storage.sol': path.join(STORAGE, 'sources/Storage.sol') });
  constructorFiles = pick('constructor', { 'metadata.json': path.join(CONSTRUCTOR, 'metadata.json'), 'StorageConstructor.sol': path.join(CONSTRUCTOR, 'sources/Constructor.sol') });

  ({ child, instance } = await startServe(path.join(workDir, 'data'), ['--compilers', compilers, '--chain-rpc', `${CHAIN}=${relayUrl}`, '--solc-bin-mirror', 'off']));
  await waitForReady(instance);
});

test.afterAll(async () => {
  if (child) await stopServe(child, path.join(workDir, 'data'));
  await chains?.stop();
  await new Promise((resolve) => (relay ? relay.close(resolve) : resolve(undefined)));
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

async function openVerify(page: Page, query = ''): Promise<void> {
  await page.goto(`${instance.uiUrl}#/verify${query}`);
  await expect(page.getByTestId('verify-screen')).toBeVisible();
  await expect(page.getByTestId('compiler-list')).toBeVisible();
}

async function clearSession(page: Page): Promise<void> {
  const clear = page.getByTestId('clear-session');
  if (await clear.count() > 0) await clear.first().click();
  await expect(page.getByTestId('verify-contract')).toHaveCount(0);
}

const card = (page: Page, name: string) => page.locator(`[data-testid="verify-contract"][data-name="${name}"]`);

test('a second contract picked with its own metadata.json joins the first, and a replaced source is said', async ({ page }) => {
  await openVerify(page);
  await clearSession(page);
  await page.getByTestId('file-input').setInputFiles(storageFiles);
  await expect(page.getByTestId('verify-notice')).toHaveText('Added 2 files.');
  await page.getByTestId('file-input').setInputFiles(constructorFiles);
  await expect(page.getByTestId('verify-contract')).toHaveCount(2);
  await expect(card(page, 'Storage')).toContainText('1 source found');
  await expect(card(page, 'StorageConstructor')).toContainText('1 source found');
  await expect(page.getByTestId('verify-notice')).toContainText('metadata.json is kept as metadata (2).json: the session holds another metadata.json, whose contract stays');
  // Still both after a reload: the session holds them.
  await page.reload();
  await expect(page.getByTestId('verify-contract')).toHaveCount(2);

  const edited = path.join(workDir, 'edited', 'Storage.sol');
  fs.mkdirSync(path.dirname(edited), { recursive: true });
  fs.writeFileSync(edited, `${fs.readFileSync(storageFiles[1]!, 'utf8')}\n// edited\n`);
  await page.getByTestId('file-input').setInputFiles(edited);
  await expect(page.getByTestId('verify-notice')).toContainText('Storage.sol replaced the earlier Storage.sol, which had other content');
});

test('a file too large to send is named with the limit, and the files picked with it still go', async ({ page }) => {
  await openVerify(page);
  await clearSession(page);
  const huge = path.join(workDir, 'huge', 'huge.sol');
  fs.mkdirSync(path.dirname(huge), { recursive: true });
  fs.writeFileSync(huge, Buffer.alloc(30 * 2 ** 20, 0x20));
  await page.getByTestId('file-input').setInputFiles([huge, ...storageFiles]);
  const notice = page.getByTestId('verify-notice');
  await expect(notice).toContainText('Added 2 files, but 1 file was left out:', { timeout: 30_000 });
  await expect(notice).toContainText('huge.sol is 30 MiB; the Verify screen takes files up to 24 MiB each — use the verify API for larger');
  await expect(notice).not.toContainText('verify/files/add');
  await expect(card(page, 'Storage')).toContainText('1 source found');
});

test('an address or creator hash that will not do says why under its field; Verify stays reachable and says it when pressed', async ({ page }) => {
  await openVerify(page, `?chain=${CHAIN}`);
  await clearSession(page);
  await page.getByTestId('file-input').setInputFiles(storageFiles);
  const storage = card(page, 'Storage');
  const field = storage.getByTestId('contract-address');
  const verify = storage.getByTestId('verify-one');
  await expect(verify).toBeEnabled();
  // Pressed with the field empty: the problem is said, and the focus goes to the field.
  await verify.focus();
  await page.keyboard.press('Enter');
  const problem = storage.getByTestId('address-problem');
  await expect(problem).toHaveText('Enter the address the contract is deployed at: 0x and 40 hex digits.');
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-describedby', (await problem.getAttribute('id'))!);
  await field.fill('0.0.1001');
  await expect(problem).toContainText('0.0.x ids are not accepted');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  // A wrong EIP-55 checksum, refused as POST /verify refuses it (one capital moved).
  const wrongCase = `0x${address.slice(2).replace(/[a-f]/, (c) => c.toUpperCase())}`;
  await field.fill(wrongCase);
  await expect(problem).toContainText('has a wrong EIP-55 checksum');
  // Pressed with a field that will not do, nothing is sent: the focus goes to the field.
  const verifyCalls: string[] = [];
  page.on('request', (request) => { if (request.url().includes('/bridge/call/verify/contracts/verify')) verifyCalls.push(request.url()); });
  await verify.focus();
  await verify.click();
  await expect(field).toBeFocused();
  // Enter in the field: the focus stays, so the problem is announced.
  await field.press('Enter');
  await expect(page.getByTestId('verify-announcement')).toContainText('has a wrong EIP-55 checksum');
  await field.fill(address);
  await expect(problem).toHaveCount(0);
  await expect(field).not.toHaveAttribute('aria-describedby');
  const hash = storage.getByTestId('creator-tx-hash');
  await hash.fill('0x1234');
  const hashProblem = storage.getByTestId('tx-hash-problem');
  await expect(hashProblem).toContainText('a creator tx hash is 0x and 64 hex digits');
  await expect(hash).toHaveAttribute('aria-describedby', (await hashProblem.getAttribute('id'))!);
  await verify.click();
  await expect(hash).toBeFocused();
  expect(verifyCalls).toEqual([]);
});

test('a reload during a verification shows it under way, then its answer', async ({ page }) => {
  // The page's clock is the test's: the slow poll for an answer runs when the test moves it on.
  await page.clock.install();
  await openVerify(page, `?chain=${CHAIN}`);
  await clearSession(page);
  await page.getByTestId('file-input').setInputFiles(storageFiles);
  await card(page, 'Storage').getByTestId('contract-address').fill(address);
  await withChainHeld(() => card(page, 'Storage').getByTestId('verify-one').click(), async () => {
    await page.reload();
    await expect(card(page, 'Storage').getByTestId('verify-one')).toContainText('Verifying…');
    // No word of its end comes while it is held: the screen asks now and then (the slow poll, for an
    // event lost while the event stream was down). Its asks fail until the notice says so; then they
    // answer, and the next ask (armed again after the failure) takes the notice down. The clock is
    // moved on until each happens: the poll's wait is armed only once the view or the failed ask is
    // handled, and on a loaded machine that can come after a single move of the clock.
    let failing = true;
    let asked = 0;
    await page.route('**/bridge/call/verify/session', (route) => {
      asked += 1;
      return failing ? route.abort() : route.continue();
    });
    const notice = page.getByTestId('verify-notice');
    await expect.poll(async () => {
      await page.clock.fastForward(VERIFYING_FALLBACK_POLL_MS);
      return (await notice.count()) > 0 ? await notice.textContent() : '';
    }).toContain('Could not ask for the answer of the verification under way');
    failing = false;
    const askedWhileFailing = asked;
    await expect.poll(async () => {
      await page.clock.fastForward(VERIFYING_FALLBACK_POLL_MS);
      return asked;
    }).toBeGreaterThan(askedWhileFailing);
    await expect(notice).toHaveCount(0);
    await expect(card(page, 'Storage').getByTestId('verify-one')).toContainText('Verifying…');
  });
  await expect(card(page, 'Storage')).toHaveAttribute('data-status', 'perfect', { timeout: 60_000 });
  await expect(card(page, 'Storage').getByTestId('verify-one')).toHaveText('Verify');
});

test('two tabs on the Verify screen: files added, a verification and Clear in one show in the other, without a reload', async ({ page, browser }) => {
  await openVerify(page, `?chain=${CHAIN}`);
  await clearSession(page);
  // The other tab's clock stands still once it is open: its slow poll for an answer never runs, so
  // what it shows comes through the event stream. (A clock is a browser context's: the other tab has
  // one of its own, so that this one runs as usual.)
  const otherContext = await browser.newContext();
  try {
    const other = await otherContext.newPage();
    await other.clock.install();
    await openVerify(other);
    await expect(other.getByTestId('verify-contract')).toHaveCount(0);
    await other.clock.pauseAt(Date.now() + 60_000);
    // Marks this document: a reload would drop the mark.
    await other.evaluate(() => { (window as unknown as { unreloaded: boolean }).unreloaded = true; });

    await page.getByTestId('file-input').setInputFiles(storageFiles);
    await expect(card(other, 'Storage')).toContainText('1 source found');
    await expect(other.getByText('2 files in this session')).toBeVisible();
    // The tab that added them keeps what it said of them.
    await expect(page.getByTestId('verify-notice')).toHaveText('Added 2 files.');

    await card(page, 'Storage').getByTestId('contract-address').fill(TWIN_ADDRESSES[0]);
    await withChainHeld(
      () => card(page, 'Storage').getByTestId('verify-one').click(),
      () => expect(card(other, 'Storage').getByTestId('verify-one')).toContainText('Verifying…'),
    );
    await expect(card(page, 'Storage')).toHaveAttribute('data-status', 'perfect', { timeout: 60_000 });
    await expect(card(other, 'Storage')).toHaveAttribute('data-status', 'perfect');
    await expect(card(other, 'Storage').getByTestId('verify-one')).toHaveText('Verify');
    // The tab that verified keeps what it said of the result.
    await expect(page.getByTestId('verify-announcement')).toHaveText('Storage verified: perfect match');

    await page.getByTestId('clear-session').click();
    await expect(other.getByTestId('verify-contract')).toHaveCount(0);
    expect(await other.evaluate(() => (window as unknown as { unreloaded?: boolean }).unreloaded)).toBe(true);
  } finally {
    await otherContext.close();
  }
});

test("a reload read while this tab's own verification ran does not take its answer back", async ({ page }) => {
  await openVerify(page, `?chain=${CHAIN}`);
  await clearSession(page);
  await page.getByTestId('file-input').setInputFiles(storageFiles);
  const storage = card(page, 'Storage');
  await storage.getByTestId('contract-address').fill(TWIN_ADDRESSES[1]);
  // Held back from the page: the first reload answer read while the verification runs, and the
  // answer of the next reload after it (one at a time: it is asked once the first is handled).
  let readWhileRunning: (() => Promise<void>) | null = null;
  let next: (() => Promise<void>) | null = null;
  await page.route('**/bridge/call/verify/session', async (route) => {
    const response = await route.fetch();
    const answer = () => route.fulfill({ response });
    const { value } = (await response.json()) as { value: VerifySessionView };
    if (readWhileRunning === null && value.contracts.some((c) => c.verifying)) readWhileRunning = answer;
    else if (readWhileRunning !== null && next === null) next = answer;
    else await answer();
  });
  await withChainHeld(
    () => storage.getByTestId('verify-one').click(),
    // The reload its start was told by, read while it runs.
    () => expect.poll(() => readWhileRunning !== null).toBe(true),
  );
  await expect(storage).toHaveAttribute('data-status', 'perfect', { timeout: 60_000 });
  // That reload's answer comes after the verification's own: older, it is not shown. A change made
  // now starts another reload (if the end's has not), asked once that answer is handled: the card is read then.
  await readWhileRunning!();
  await bridgeValue(instance.uiUrl, 'verify/files/add', { files: [{ name: 'notes/Unused.sol', content: '// no contract', encoding: 'utf8' }] });
  await expect.poll(() => next !== null).toBe(true);
  await expect(storage).toHaveAttribute('data-status', 'perfect');
  await expect(storage.getByTestId('verify-one')).toHaveText('Verify');
  await next!();
  await expect(page.getByTestId('unused-files')).toContainText('1 uploaded file no contract uses');
});

test('Verify in a window whose session another window cleared says so and shows the session as it is', async ({ page, context }) => {
  // Its event stream down (as while it reconnects): the clear in the other window is not heard of.
  await page.route('**/bridge/events**', (route) => route.abort());
  await openVerify(page, `?chain=${CHAIN}`);
  await clearSession(page);
  await page.getByTestId('file-input').setInputFiles(storageFiles);
  await card(page, 'Storage').getByTestId('contract-address').fill(`0x${'12'.repeat(20)}`);
  const other = await context.newPage();
  await openVerify(other);
  await other.getByTestId('clear-session').click();
  await expect(other.getByTestId('verify-contract')).toHaveCount(0);
  await other.close();
  await card(page, 'Storage').getByTestId('verify-one').click();
  await expect(page.getByTestId('verify-notice')).toHaveText(SESSION_CHANGED);
  await expect(page.getByTestId('verify-contract')).toHaveCount(0);
});

test('a change made while the event stream was down shows once it is back, without a reload', async ({ page }) => {
  // Down from the start, then back: the browser tries again every few seconds on its own.
  let down = true;
  let refused = 0;
  await page.route('**/bridge/events**', (route) => {
    if (!down) return route.fallback();
    refused += 1;
    return route.abort();
  });
  await openVerify(page);
  await clearSession(page);
  await page.getByTestId('file-input').setInputFiles(storageFiles);
  await expect(card(page, 'Storage')).toContainText('1 source found');
  await page.evaluate(() => { (window as unknown as { unreloaded: boolean }).unreloaded = true; });
  // Made elsewhere while the stream is down: its word is lost, and the page, awaiting no
  // verification, has no slow poll. Not shown after the browser's next try either.
  await bridgeValue(instance.uiUrl, 'verify/files/add', { files: [{ name: 'notes/Unused.sol', content: '// no contract', encoding: 'utf8' }] });
  const refusedBefore = refused;
  await expect.poll(() => refused, { timeout: 30_000 }).toBeGreaterThan(refusedBefore);
  await expect(page.getByTestId('unused-files')).toHaveCount(0);
  down = false;
  // Back: the screen reads the session again.
  await expect(page.getByTestId('unused-files')).toContainText('1 uploaded file no contract uses', { timeout: 30_000 });
  await expect(card(page, 'Storage')).toContainText('1 source found');
  expect(await page.evaluate(() => (window as unknown as { unreloaded?: boolean }).unreloaded)).toBe(true);
});

test('with downloading off, a missing compiler is offered for import, not download', async ({ page }) => {
  await openVerify(page);
  await clearSession(page);
  await page.getByTestId('file-input').setInputFiles(constructorFiles);
  const constructor = card(page, 'StorageConstructor');
  await expect(constructor).toContainText('not installed');
  await expect(constructor.getByTestId('download-compiler')).toHaveCount(0);
  const chooser = page.waitForEvent('filechooser');
  await constructor.getByTestId('import-compiler').click();
  expect((await chooser).element()).toEqual(expect.anything());
  expect(await (await chooser).element().getAttribute('data-testid')).toBe('compiler-import-input');
});

test('at 320 px a long contract name wraps within its card', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await openVerify(page);
  await clearSession(page);
  await page.getByTestId('file-input').setInputFiles(constructorFiles);
  const title = card(page, 'StorageConstructor').locator('h3');
  await expect(title).toHaveText('StorageConstructor');
  const fits = await title.evaluate((h) => h.scrollWidth <= h.clientWidth && h.getBoundingClientRect().right <= h.closest('article')!.getBoundingClientRect().right);
  expect(fits).toBe(true);
  const hash = card(page, 'StorageConstructor').getByTestId('creator-tx-hash');
  // The placeholder, measured in the field's font, fits the field's text box.
  const placeholderFits = await hash.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontSize} ${style.fontFamily}`;
    const box = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(input.placeholder).width <= box;
  });
  expect(placeholderFits).toBe(true);
});
