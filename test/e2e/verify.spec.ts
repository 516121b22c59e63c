import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { VerifySessionView } from '../../main/common/verify-types.ts';
import { FakeEvmChains } from '../../main/conformance/verify/fake-evm-chain.ts';
import { abiOfMetadata } from '../../main/verify/repository/abi-of-metadata.ts';
import { abiNames, type AbiNames } from '../../renderer/src/lib/abi-signatures.ts';
import { bridgeValue } from '../helpers/serve-process.ts';
import { zipOf } from '../verify/zip-fixture.ts';
import { axeFindings } from './axe-findings.ts';
import { holdRequests } from './held-requests.ts';
import { expect, screenshot, startServe, stopServe, test, waitForReady, type ServeInstance } from './serve-fixture.ts';

/**
 * The Verify screen in a real browser against a real `serve`. The Storage fixture of the
 * conformance set is deployed on a private JSON-RPC test chain (31337, on loopback) that `serve`
 * reaches through `--chain-rpc`; its compiler (0.8.4) comes from the shared compilers cache
 * through `--compilers`, next to the compiler the app ships.
 */
const FIXTURE = path.resolve('../shared/conformance/verify/fixtures/packages/lib-sourcify/test/sources/Storage');
const STORAGE_VERSION = '0.8.4+commit.c7e474f2';
const CACHE = path.resolve('.data/compilers');
const CHAIN = '31337';
/** The Storage code deployed a second time, for a partial match by sources that differ in a comment. */
const SECOND_ADDRESS = '0x00000000000000000000000000000000000b0b0b';
const MODIFIED = path.resolve('../shared/conformance/verify/fixtures/packages/lib-sourcify/test/sources/StorageModified');
/** The example contracts the app ships and the demo ledger deploys (main/mirror/demo/contracts/README.md). */
const EXAMPLES = path.resolve('main/mirror/demo/contracts');

/** Versions the compilers tests download (from a solc-bin mirror on loopback) and import. */
const DOWNLOADED = '0.7.4+commit.3f05b770';
const IMPORTED = '0.7.5+commit.eb77ed08';

let chains: FakeEvmChains;
let mirror: http.Server;
let child: ChildProcess;
let instance: ServeInstance;
let dataDir: string;
let workDir: string;
let address: string;
let counterRuntime: string;
let counterNames: AbiNames;
let tokenRuntime: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const cached = path.join(CACHE, `soljson-v${STORAGE_VERSION}.js`);
  if (!fs.existsSync(cached)) throw new Error(`${cached} is missing: run \`npm run compilers -- fetch 0.8.4 --dir .data/compilers\` once`);
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-verify-e2e-'));
  const compilers = path.join(workDir, 'compilers');
  fs.mkdirSync(compilers);
  fs.copyFileSync(cached, path.join(compilers, path.basename(cached)));

  const expected = path.join(FIXTURE, 'expected');
  const deployment = JSON.parse(fs.readFileSync(path.join(expected, 'deployment.json'), 'utf8')) as { address: string; deployer: string };
  address = deployment.address.toLowerCase();
  chains = new FakeEvmChains();
  await chains.start();
  const code = {
    deployer: deployment.deployer.toLowerCase(),
    runtimeCode: fs.readFileSync(path.join(expected, 'runtime-bytecode.hex'), 'utf8').trim(),
    creationInput: fs.readFileSync(path.join(expected, 'creation-tx-input.hex'), 'utf8').trim(),
  };
  const rpc = chains.deploy(CHAIN, { ...code, address, txHash: `0x${'ab'.repeat(32)}` });
  chains.deploy(CHAIN, { ...code, address: SECOND_ADDRESS, txHash: `0x${'cd'.repeat(32)}` });

  // A project folder as a developer has it: sources, metadata, and things verification skips.
  const project = path.join(workDir, 'storage-project');
  fs.mkdirSync(path.join(project, 'contracts'), { recursive: true });
  fs.mkdirSync(path.join(project, 'build'), { recursive: true });
  fs.mkdirSync(path.join(project, '.git'), { recursive: true });
  fs.copyFileSync(path.join(FIXTURE, 'sources/Storage.sol'), path.join(project, 'contracts/Storage.sol'));
  fs.copyFileSync(path.join(FIXTURE, 'metadata.json'), path.join(project, 'build/metadata.json'));
  fs.writeFileSync(path.join(project, 'package.json'), '{"name":"storage-project"}');
  fs.writeFileSync(path.join(project, '.git/HEAD'), 'ref: refs/heads/main\n');
  fs.writeFileSync(path.join(project, 'contracts/Unrelated.sol'), '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\ncontract Unrelated {}\n');

  // The shipped example sources with each contract's metadata, as a developer's build would leave them.
  // (The shipped .sol files and metadata/ folder, copied without the artifact and scripts beside them.)
  const examples = path.join(workDir, 'demo-examples');
  fs.mkdirSync(path.join(examples, 'metadata'), { recursive: true });
  for (const name of fs.readdirSync(EXAMPLES).filter((f) => f.endsWith('.sol'))) fs.copyFileSync(path.join(EXAMPLES, name), path.join(examples, name));
  for (const name of fs.readdirSync(path.join(EXAMPLES, 'metadata'))) fs.copyFileSync(path.join(EXAMPLES, 'metadata', name), path.join(examples, 'metadata', name));
  const artifact = JSON.parse(fs.readFileSync(path.join(EXAMPLES, 'example-contracts.json'), 'utf8')) as { contracts: Record<string, { deployedBytecode: string; metadata: string }> };
  counterRuntime = `0x${artifact.contracts.Counter!.deployedBytecode}`;
  counterNames = abiNames(abiOfMetadata(artifact.contracts.Counter!.metadata));
  tokenRuntime = `0x${artifact.contracts.DemoToken!.deployedBytecode}`;

  // A solc-bin mirror: the shared cache is in the solc-bin layout. Files go out in slices with
  // pauses, as over a slow network, so the progress bar has something to show.
  for (const version of [DOWNLOADED, IMPORTED]) {
    if (!fs.existsSync(path.join(CACHE, `soljson-v${version}.js`))) throw new Error(`${version} is missing from ${CACHE}: run \`npm run conformance -- verify\` once`);
  }
  mirror = http.createServer((request, response) => {
    const name = (request.url ?? '').slice(1);
    if (name !== 'list.json' && name !== `soljson-v${DOWNLOADED}.js`) {
      response.statusCode = 404;
      response.end();
      return;
    }
    const body = fs.readFileSync(path.join(CACHE, name));
    response.setHeader('content-length', body.length);
    let at = 0;
    const next = (): void => {
      if (at >= body.length) return void response.end();
      response.write(body.subarray(at, at + 512 * 1024));
      at += 512 * 1024;
      setTimeout(next, 60);
    };
    next();
  });
  await new Promise<void>((resolve) => mirror.listen(0, '127.0.0.1', resolve));
  const mirrorUrl = `http://127.0.0.1:${(mirror.address() as AddressInfo).port}/`;

  dataDir = path.join(workDir, 'data');
  ({ child, instance } = await startServe(dataDir, ['--compilers', compilers, '--chain-rpc', `${CHAIN}=${rpc}`, '--solc-bin-mirror', mirrorUrl]));
  await waitForReady(instance);
});

test.afterAll(async () => {
  if (child) await stopServe(child, dataDir);
  await chains?.stop();
  await new Promise((resolve) => (mirror ? mirror.close(resolve) : resolve(undefined)));
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

async function openVerify(page: Page, query = ''): Promise<void> {
  await page.goto(`${instance.uiUrl}#/verify${query}`);
  await expect(page.getByTestId('verify-screen')).toBeVisible();
  await expect(page.getByTestId('compiler-list')).toBeVisible();
}

/** One typed API call over the web bridge, as the page makes it. */
const call = <T>(channel: string, request: unknown = null): Promise<T> => bridgeValue<T>(instance.uiUrl, channel, request);

/** A demo deployment of the shipped Counter: its code (no immutables) is exactly the compiler's. */
/** A demo Counter among the newest contracts whose latest 25 results include an incrementBy call (arguments to read). */
async function demoCounterAddress(): Promise<string> {
  const { contracts } = await call<{ contracts: Array<{ address: string }> }>('verify/suggestions', { query: '' });
  for (const { address: candidate } of contracts) {
    const response = await fetch(`${instance.mirrorUrl}/api/v1/contracts/${candidate}`);
    const body = (await response.json()) as { runtime_bytecode?: string };
    if (body.runtime_bytecode !== counterRuntime) continue;
    const { results } = (await (await fetch(`${instance.mirrorUrl}/api/v1/contracts/${candidate}/results?limit=25`)).json()) as { results: Array<{ function_parameters: string }> };
    if (results.some((r) => r.function_parameters.toLowerCase().startsWith('0x03df179c'))) return candidate;
  }
  throw new Error(`none of the ${contracts.length} newest demo contracts is a Counter with an incrementBy call among its latest results`);
}

test('the shipped example folder as the README says to drop it, its build output beside metadata/, lists each contract once, also after a reload', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openVerify(page);
  // example-contracts.json holds Counter's metadata again, as metadata/Counter.json does.
  await page.getByTestId('folder-input').setInputFiles(EXAMPLES);
  const cards = page.getByTestId('verify-contract');
  await expect(cards).toHaveCount(3);
  await expect(page.locator('[data-testid="verify-contract"][data-name="Counter"]')).toHaveCount(1);
  await page.reload();
  await expect(cards).toHaveCount(3);
  await page.getByTestId('clear-session').click();
  await expect(cards).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the shipped example sources verify a demo contract with a perfect match', async ({ page }) => {
  const counter = await demoCounterAddress();
  await openVerify(page);
  await expect(page.getByTestId('chain-id')).toHaveValue('298'); // the demo profile's chain
  await expect(page.getByTestId('suggestions')).toContainText(counter);
  await page.getByTestId('folder-input').setInputFiles(path.join(workDir, 'demo-examples'));
  const cards = page.getByTestId('verify-contract');
  await expect(cards).toHaveCount(3);
  await expect(page.locator('[data-testid="verify-contract"][data-name="Poll"]')).toContainText('2 sources found');
  await expect(page.getByTestId('unused-files')).toHaveCount(0);
  const card = page.locator('[data-testid="verify-contract"][data-name="Counter"]');
  // Picking the deployed contract from the list fills the address of the contract in use.
  await card.getByTestId('contract-address').focus();
  await page.getByTestId('suggestions').getByRole('button', { name: counter }).click();
  await expect(card.getByTestId('contract-address')).toHaveValue(counter);
  await card.getByTestId('verify-one').click();
  await expect(card).toHaveAttribute('data-status', 'perfect', { timeout: 60_000 });
  await expect(card.getByTestId('contract-result')).toContainText(`Perfect match at ${counter} on chain 298`);
  await screenshot(page, '39-verify-demo-perfect');
  await page.getByTestId('clear-session').click();
  await expect(cards).toHaveCount(0);

  // The contract's own screen shows the badge, which leads back here with the address filled in.
  await page.goto(`${instance.uiUrl}#/contract?id=${counter}`);
  const badge = page.getByTestId('verification-status');
  await expect(badge).toHaveAttribute('data-state', 'perfect');
  await expect(badge).toContainText('Verified · perfect');
  // Verified here, its results name the function each call ran (from the ABI of its metadata).
  const { results } = (await (await fetch(`${instance.mirrorUrl}/api/v1/contracts/${counter}/results?limit=25`)).json()) as
    { results: Array<{ function_parameters: string; hash: string; contract_id: string; created_contract_ids: string[] }> };
  // (the creation says so; a call without a 4-byte selector shows a dash)
  const expected = results.map((r) => {
    if (r.created_contract_ids.includes(r.contract_id)) return 'creation';
    if (r.function_parameters.length < 10) return '—';
    const selector = r.function_parameters.slice(0, 10).toLowerCase();
    return counterNames.functions.get(selector) ?? selector;
  });
  expect(expected.some((label) => label.includes('('))).toBe(true);
  await expect(page.getByTestId('contract-tabs')).toHaveAttribute('data-names', 'verified');
  await expect(page.getByTestId('result-function')).toHaveText(expected);
  // A call with arguments shows them in short: incrementBy's `by`.
  const byArguments = results.filter((r) => r.function_parameters.toLowerCase().startsWith('0x03df179c')).map((r) => `by ${BigInt(`0x${r.function_parameters.slice(10)}`)}`);
  await expect(page.getByTestId('result-arguments')).toHaveText(byArguments);
  await screenshot(page, '46-contract-verification-badge');
  // And its logs name the event each one is (topic 0), Incremented and Reset here.
  const { logs } = (await (await fetch(`${instance.mirrorUrl}/api/v1/contracts/${counter}/results/logs?limit=25`)).json()) as { logs: Array<{ topics: string[] }> };
  const events = logs.map((log) => counterNames.events.get(log.topics[0]!.toLowerCase())).filter((name) => name !== undefined);
  expect(events.length).toBeGreaterThan(0);
  await page.getByRole('tab', { name: 'Logs' }).click();
  await expect(page.getByTestId('log-event')).toHaveText(events);
  // Verified, its view functions run in the local EVM: count() and owner() answer what its storage holds (slots 0 and 2).
  const { state } = (await (await fetch(`${instance.mirrorUrl}/api/v1/contracts/${counter}/state?limit=25`)).json()) as { state: Array<{ slot: string; value: string }> };
  const slot = (n: bigint) => BigInt(state.find((s) => BigInt(s.slot) === n)?.value ?? '0x0');
  await page.getByRole('tab', { name: 'Read' }).click();
  const readFunction = (signature: string) => page.locator(`[data-testid="read-function"][data-signature="${signature}"]`);
  await expect(page.getByTestId('read-function')).toHaveCount(3); // count, lastCaller, owner; not increment, incrementBy, reset
  // Functions without arguments answer as the tab opens; Call asks again.
  await expect(readFunction('count()').getByTestId('read-result')).toHaveText(`uint256${slot(0n)}`);
  await expect(readFunction('owner()').getByTestId('read-result')).toHaveText(`address0x${slot(2n).toString(16).padStart(40, '0')}`);
  await readFunction('count()').getByRole('button', { name: 'Call' }).click();
  await expect(readFunction('count()').getByTestId('read-result')).toHaveText(`uint256${slot(0n)}`);
  await screenshot(page, '47-contract-read');

  // The functions that change state are simulated: what a transaction would return or why it
  // would revert (the contract's own NotOwner error), and the gas it would take; nothing is kept.
  await page.getByRole('tab', { name: 'Simulate' }).click();
  const simulateFunction = (signature: string) => page.locator(`[data-testid="simulate-function"][data-signature="${signature}"]`);
  await expect(page.getByTestId('simulate-function')).toHaveCount(3); // increment, incrementBy, reset
  await simulateFunction('incrementBy(uint256)').getByRole('textbox').fill('5');
  await simulateFunction('incrementBy(uint256)').getByRole('button', { name: 'Simulate' }).click();
  await expect(simulateFunction('incrementBy(uint256)').getByTestId('simulate-result')).toContainText('returnednothing');
  const gasText = (await simulateFunction('incrementBy(uint256)').getByTestId('simulate-gas').locator('.mono').textContent())!;
  expect(Number(gasText.replaceAll(',', ''))).toBeGreaterThan(21_000);
  const reset = simulateFunction('reset()');
  await reset.getByRole('button', { name: 'Simulate' }).click();
  await expect(reset.getByTestId('simulate-problem')).toHaveText(`Reverted: NotOwner(caller: 0x${'0'.repeat(40)})`);
  // The owner may reset, typed as its account id: the app calls from that account's EVM address.
  const ownerAddress = `0x${slot(2n).toString(16).padStart(40, '0')}`;
  const ownerAccount = ((await (await fetch(`${instance.mirrorUrl}/api/v1/accounts/${ownerAddress}?transactions=false`)).json()) as { account: string }).account;
  await page.getByTestId('simulate-from').fill(ownerAccount);
  await reset.getByRole('button', { name: 'Simulate' }).click();
  await expect(reset.getByTestId('simulate-gas')).toContainText('estimated');
  await page.getByTestId('simulate-from').fill('alice');
  await reset.getByRole('button', { name: 'Simulate' }).click();
  await expect(reset.getByTestId('simulate-problem')).toHaveText('from: expected an account id like 0.0.1234, or 0x and 40 hex digits');
  await page.getByTestId('simulate-from').fill(ownerAccount);
  await reset.getByRole('button', { name: 'Simulate' }).click();
  await screenshot(page, '47b-contract-simulate');
  // Nothing was kept: the count reads as before.
  await page.getByRole('tab', { name: 'Read' }).click();
  await expect(readFunction('count()').getByTestId('read-result')).toHaveText(`uint256${slot(0n)}`);

  // An address it returns opens what it is: the owner's account.
  await readFunction('owner()').getByTestId('read-result').getByRole('link').click();
  await expect(page).toHaveURL(/#\/account\?id=\d+\.\d+\.\d+$/);
  // One result's own page names its function too.
  const named = results.findIndex((_, i) => expected[i]!.includes('('));
  await page.goto(`${instance.uiUrl}#/contract-result?id=${results[named]!.hash}`);
  await expect(page.getByTestId('called-function')).toHaveText(expected[named]!);
  // Its arguments, read by the ABI: incrementBy's `by`, as the input spells it; and its log's parameters.
  const byCall = results.find((r) => r.function_parameters.toLowerCase().startsWith('0x03df179c'));
  expect(byCall, "an incrementBy call among the Counter's results").toBeDefined();
  await page.goto(`${instance.uiUrl}#/contract-result?id=${byCall!.hash}`);
  const by = BigInt(`0x${byCall!.function_parameters.slice(10)}`);
  await expect(page.getByTestId('call-argument')).toHaveText(String(by));
  await expect(page.getByTestId('result-logs').getByTestId('log-args')).toContainText(new RegExp(`by \\(uint256\\)\\s*${by}(?!\\d)`));
  await expect(page.getByTestId('result-logs').getByTestId('log-args').getByRole('link')).toHaveCount(1); // the caller
  await screenshot(page, '47c-contract-result-decoded');
  await page.goto(`${instance.uiUrl}#/contract?id=${counter}`);
  // Verified, the badge opens the contract's Source tab: the match and the files it was verified with.
  await expect(badge).toHaveAttribute('data-state', 'perfect');
  await badge.click();
  await expect(page).toHaveURL(new RegExp(`#/contract\\?id=${counter}&tab=source$`));
  await expect(page.getByRole('tab')).toHaveText(['Results', 'Logs', 'State', 'Read', 'Simulate', 'Source']);
  // The badge brings the Source tab's panel into view, the tabs scrolled to the window's top: here
  // they start below its middle (in a shorter window, or under a taller page head, below the fold).
  const panel = page.locator('#contract-tab-panel');
  await expect(panel).toHaveAttribute('data-tab-body', 'source');
  await expect(panel).toBeInViewport();
  const height = page.viewportSize()!.height;
  await expect.poll(async () => { const top = (await panel.boundingBox())!.y; return top >= 0 && top < height / 3; }).toBe(true);
  const source = page.getByTestId('contract-source');
  await expect(source.getByTestId('source-match')).toContainText(/Match\s*perfect/);
  await expect(source.getByTestId('source-match')).toContainText('solc 0.8.');
  await expect(source.getByTestId('source-file')).toHaveText([/^Counter\.sol\s*[\d.]+ (B|KiB|kB|KB)$/, 'metadata.json', 'ABI']);
  await expect(source.getByTestId('source-path')).toHaveText('Counter.sol');
  const content = source.getByTestId('source-content');
  await expect(content).toContainText('contract Counter {');
  expect(await content.textContent()).toBe(fs.readFileSync(path.join(EXAMPLES, 'Counter.sol'), 'utf8'));
  await screenshot(page, '47d-contract-source-tab');
  await source.getByTestId('source-file').filter({ hasText: 'ABI' }).click();
  await expect(source.getByTestId('source-path')).toHaveText('ABI');
  await expect(content).toContainText('"name": "incrementBy"');
  await source.getByTestId('source-file').filter({ hasText: 'metadata.json' }).click();
  await expect(content).toContainText('"compilationTarget"');
});

test('a verified demo token answers balanceOf in the Read tab, for an address typed as hex or as a Hedera id', async ({ page }) => {
  // A DemoToken deployment: its immutables (decimals, minter) are written into the code in place, so
  // the length and the code before the first of them match the compiler's.
  const { contracts } = await call<{ contracts: Array<{ address: string }> }>('verify/suggestions', { query: '' });
  let token: string | null = null;
  for (const { address: candidate } of contracts) {
    const body = (await (await fetch(`${instance.mirrorUrl}/api/v1/contracts/${candidate}`)).json()) as { runtime_bytecode?: string };
    if (body.runtime_bytecode?.length === tokenRuntime.length && body.runtime_bytecode.slice(0, 200) === tokenRuntime.slice(0, 200)) token = candidate;
  }
  expect(token, 'a DemoToken among the newest demo contracts').not.toBeNull();
  await openVerify(page);
  await page.getByTestId('folder-input').setInputFiles(path.join(workDir, 'demo-examples'));
  const card = page.locator('[data-testid="verify-contract"][data-name="DemoToken"]');
  await card.getByTestId('contract-address').fill(token!);
  await card.getByTestId('verify-one').click();
  await expect(card).toHaveAttribute('data-status', 'perfect', { timeout: 60_000 });

  await page.goto(`${instance.uiUrl}#/contract?id=${token}&tab=read`);
  // Verified without its creation transaction: the verifier found it in the mirror, as Sourcify looks it up, so
  // the creation code was compared too and the arguments are known.
  await expect(page.getByTestId('contract-constructor')).toContainText('constructor(string,string,uint8,uint256)');
  await expect(page.getByTestId('contract-constructor').getByTestId('constructor-argument')).toHaveCount(4);
  const readFunction = (signature: string) => page.locator(`[data-testid="read-function"][data-signature="${signature}"]`);
  await expect(readFunction('minter()').getByTestId('read-result')).toHaveText(/^address0x[0-9a-f]{40}$/);
  const minter = (await readFunction('minter()').getByTestId('read-result').locator('dd').textContent())!;
  // The expected balance from the REST port itself, with calldata written out by hand.
  const direct = await fetch(`${instance.mirrorUrl}/api/v1/contracts/call`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to: token, data: `0x70a08231${minter.slice(2).padStart(64, '0')}` }),
  });
  const balance = BigInt(((await direct.json()) as { result: string }).result);
  const balanceOf = readFunction('balanceOf(address)');
  await balanceOf.getByRole('textbox').fill(minter);
  await balanceOf.getByRole('button', { name: 'Call' }).click();
  await expect(balanceOf.getByTestId('read-result')).toHaveText(`uint256${balance}`);
  // A long-zero address can be typed as the entity id it is.
  if (/^0x0{24}/.test(minter)) {
    await balanceOf.getByRole('textbox').fill(`0.0.${BigInt(`0x${minter.slice(26)}`)}`);
    await balanceOf.getByRole('button', { name: 'Call' }).click();
    await expect(balanceOf.getByTestId('read-result')).toHaveText(`uint256${balance}`);
  }
  // Text that is no address is said as such, and nothing is called.
  await balanceOf.getByRole('textbox').fill('nope');
  await balanceOf.getByRole('button', { name: 'Call' }).click();
  await expect(balanceOf.getByTestId('read-problem')).toHaveText('#1 (address): expected 0x and 40 hex digits, or an id like 0.0.1234');
  await page.getByRole('tab', { name: 'Read' }).scrollIntoViewIfNeeded();
  await screenshot(page, '48-contract-read-token');
});

test("the verify cards and a verified contract's Read, Simulate, Logs and Source tabs and a result pass axe-core, light and dark", async ({ browser }) => {
  // axe runs as an inline script, which the app's CSP forbids: this test's own page bypasses it.
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  const counter = await demoCounterAddress();
  const findings: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    // The session the test before left: the three example contracts, DemoToken verified.
    await openVerify(page);
    await expect(page.locator('[data-testid="verify-contract"][data-name="DemoToken"]')).toHaveAttribute('data-status', 'perfect');
    findings.push(...(await axeFindings(page)).map((line) => `${colorScheme} verify cards: ${line}`));
    const token = await page.locator('[data-testid="verify-contract"][data-name="DemoToken"]').getByTestId('contract-address').inputValue();
    await page.goto(`${instance.uiUrl}#/contract?id=${token}`);
    await expect(page.getByTestId('contract-constructor')).toBeVisible();
    findings.push(...(await axeFindings(page)).map((line) => `${colorScheme} constructor: ${line}`));
    await page.goto(`${instance.uiUrl}#/contract?id=${counter}&tab=read`);
    await expect(page.locator('[data-testid="read-function"][data-signature="count()"]').getByTestId('read-result')).toBeVisible();
    findings.push(...(await axeFindings(page)).map((line) => `${colorScheme} Read tab: ${line}`));
    await page.goto(`${instance.uiUrl}#/contract?id=${counter}&tab=simulate`);
    const increment = page.locator('[data-testid="simulate-function"][data-signature="increment()"]');
    await increment.getByRole('button', { name: 'Simulate' }).click();
    await expect(increment.getByTestId('simulate-gas')).toContainText('estimated');
    const reset = page.locator('[data-testid="simulate-function"][data-signature="reset()"]');
    await reset.getByRole('button', { name: 'Simulate' }).click();
    await expect(reset.getByTestId('simulate-problem')).toBeVisible();
    findings.push(...(await axeFindings(page)).map((line) => `${colorScheme} Simulate tab: ${line}`));
    // Logs and a call's result, read by the ABI.
    await page.goto(`${instance.uiUrl}#/contract?id=${counter}&tab=logs`);
    await expect(page.getByTestId('log-args').first()).toBeVisible();
    findings.push(...(await axeFindings(page)).map((line) => `${colorScheme} Logs tab: ${line}`));
    await page.goto(`${instance.uiUrl}#/contract?id=${counter}&tab=source`);
    await expect(page.getByTestId('source-content')).toContainText('contract Counter {');
    findings.push(...(await axeFindings(page)).map((line) => `${colorScheme} Source tab: ${line}`));
    const { logs } = (await (await fetch(`${instance.mirrorUrl}/api/v1/contracts/${counter}/results/logs?limit=1`)).json()) as { logs: Array<{ transaction_hash: string }> };
    await page.goto(`${instance.uiUrl}#/contract-result?id=${logs[0]!.transaction_hash}`);
    await expect(page.getByTestId('result-logs').getByTestId('log-args')).toBeVisible();
    findings.push(...(await axeFindings(page)).map((line) => `${colorScheme} contract result: ${line}`));
  }
  await context.close();
  expect(findings).toEqual([]);
});

test('a project folder: found, missing and unused files, a wrong address, then a perfect match', async ({ page }) => {
  await openVerify(page);
  // The compilers panel: the shipped compiler and the one in the compilers folder.
  const compilers = page.getByTestId('compiler-list');
  await expect(compilers).toContainText(STORAGE_VERSION);
  await expect(compilers).toContainText('bundled');

  await page.getByTestId('folder-input').setInputFiles(path.join(workDir, 'storage-project'));
  const card = page.locator('[data-testid="verify-contract"][data-name="Storage"]');
  await expect(card).toBeVisible();
  await expect(card).toContainText('1 source found');
  await expect(page.getByTestId('unused-files')).toContainText('1 uploaded file no contract uses');
  await expect(page.getByTestId('verify-notice')).toContainText('Added 3 files (2 other files of the folder left out)');

  // Wrong address: the engine's reason in plain words, on the contract.
  await page.getByTestId('chain-id').fill(CHAIN);
  await card.getByTestId('contract-address').fill('0x000000000000000000000000000000000000dead');
  await card.getByTestId('verify-one').click();
  await expect(card.getByTestId('contract-error')).toBeVisible({ timeout: 60_000 });
  await expect(card).toHaveAttribute('data-status', 'error');
  await screenshot(page, '40-verify-wrong-address');

  await card.getByTestId('contract-address').fill(address);
  await card.getByTestId('verify-one').click();
  await expect(card).toHaveAttribute('data-status', 'perfect', { timeout: 60_000 });
  await expect(card.getByTestId('contract-result')).toContainText('Perfect match');
  await expect(card.getByTestId('contract-result')).toContainText('Runtime bytecode: perfect');
  await screenshot(page, '41-verify-perfect');
});

test('metadata without its source lists the missing file and cannot be verified', async ({ page }) => {
  await openVerify(page);
  await page.getByTestId('clear-session').click();
  await expect(page.locator('[data-testid="verify-contract"]')).toHaveCount(0);
  // Dropped onto the drop zone (a file dragged in from the desktop). StorageModified: its source is
  // verified nowhere here yet (Storage's, verified above, would be taken from there and be found).
  const metadata = fs.readFileSync(path.join(MODIFIED, 'metadata.json'), 'utf8');
  await page.getByTestId('drop-zone').evaluate((zone, text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], 'metadata.json', { type: 'application/json' }));
    zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, metadata);
  await expect(page.getByTestId('verify-notice')).toContainText('Added 1 file.');
  const card = page.locator('[data-testid="verify-contract"][data-name="StorageModified"]');
  await expect(card.getByTestId('missing-files')).toContainText('StorageModified.sol');
  await card.getByTestId('contract-address').fill(address);
  await expect(card.getByTestId('verify-one')).toHaveAttribute('aria-disabled', 'true');
  await screenshot(page, '42-verify-missing-source');
});

test('sources that differ in a comment give a partial match and say what differed', async ({ page }) => {
  await openVerify(page, `?address=${SECOND_ADDRESS}&chain=${CHAIN}`);
  await page.getByTestId('clear-session').click(); // the previous test left metadata without its source
  await expect(page.locator('[data-testid="verify-contract"]')).toHaveCount(0);
  await page.getByTestId('file-input').setInputFiles([path.join(MODIFIED, 'metadata.json'), path.join(MODIFIED, 'sources/StorageModified.sol')]);
  const card = page.locator('[data-testid="verify-contract"][data-name="StorageModified"]');
  await expect(card).toContainText('1 source found');
  // A lone contract takes the address the link brought.
  await expect(card.getByTestId('contract-address')).toHaveValue(SECOND_ADDRESS);
  await page.getByTestId('verify-all').click();
  await expect(card).toHaveAttribute('data-status', 'partial', { timeout: 60_000 });
  await expect(card.getByTestId('differences')).toContainText('metadata hash differs');
  await screenshot(page, '43-verify-partial');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, '43-verify-partial-dark');
});

test('a link with an address prefills it; the badge answers from the verified contracts', async ({ page }) => {
  await page.goto(`${instance.uiUrl}#/verify?address=${address}&chain=${CHAIN}`);
  await expect(page.getByTestId('chain-id')).toHaveValue(CHAIN);
  // What the Contract screen's badge reads: the address's stored verification.
  const check = await page.evaluate(async ({ token, address }) => {
    const response = await fetch('/bridge/call/verify/check', { method: 'POST', headers: { 'content-type': 'application/json', 'x-mirrordesk-token': token }, body: JSON.stringify({ address }) });
    return response.json();
  }, { token: instance.token, address });
  expect(check).toMatchObject({ ok: true, value: { address, verified: [{ chainId: CHAIN, status: 'perfect', name: 'Storage' }] } });
});

test('a zip that is none and a metadata.json that is not JSON are named as unreadable, not added', async ({ page }) => {
  await call('verify/session/clear');
  await openVerify(page);
  const notice = page.getByTestId('verify-notice');
  const random = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 151 + 7) % 256));
  await page.getByTestId('file-input').setInputFiles({ name: 'project.zip', mimeType: 'application/zip', buffer: random });
  await expect(notice).toHaveText('Could not read project.zip: it is not a zip archive. Nothing was added.');
  await expect(notice).toHaveAttribute('role', 'alert');
  await expect(page.getByTestId('unused-files')).toHaveCount(0);

  // Among good files: those are added, the broken one is named with the parser's reason.
  const metadata = fs.readFileSync(path.join(FIXTURE, 'metadata.json'), 'utf8');
  await page.getByTestId('file-input').setInputFiles([
    { name: 'metadata.json', mimeType: 'application/json', buffer: Buffer.from(metadata.slice(0, 200)) },
    { name: 'Storage.sol', mimeType: 'text/plain', buffer: fs.readFileSync(path.join(FIXTURE, 'sources/Storage.sol')) },
  ]);
  await expect(notice).toContainText('Added 1 file, but 1 file could not be read and was left out:');
  await expect(notice.getByRole('listitem')).toHaveText(/^metadata\.json: it is not valid JSON \(.+\)$/);
  await expect(notice).toHaveAttribute('role', 'alert');
  // The source alone is there (no contract uses it yet); the broken metadata is not.
  await expect(page.getByTestId('unused-files')).toContainText('1 uploaded file no contract uses');
  await page.getByTestId('unused-files').locator('summary').click();
  await expect(page.getByTestId('unused-files').getByRole('listitem')).toHaveText(['Storage.sol']);
  await screenshot(page, '42b-verify-unreadable-upload');

  // A zip whose file names would point outside it: named with the file, nothing of it added.
  const source = fs.readFileSync(path.join(FIXTURE, 'sources/Storage.sol'));
  const outside = zipOf([{ name: '../../Storage.sol', data: source, method: 0, size: source.length }]);
  await page.getByTestId('file-input').setInputFiles({ name: 'outside.zip', mimeType: 'application/zip', buffer: outside });
  await expect(notice).toHaveText('Could not read outside.zip: the name of its file "../../Storage.sol" must not contain ".." segments. Nothing was added.');
  await call('verify/session/clear');
});

test('a chain id or a compiler version that is none says what is expected, and nothing is sent', async ({ page }) => {
  await openVerify(page);
  const chain = page.getByTestId('chain-id');
  await expect(chain).toHaveValue('298');
  await expect(chain).toHaveAttribute('aria-invalid', 'false');
  await chain.fill('abc');
  await expect(chain).toHaveAttribute('aria-invalid', 'true');
  await expect(chain).toHaveAccessibleDescription('“abc” is not a chain id: enter a whole number, like 298 for this network.');
  await expect(page.getByTestId('chain-id-problem')).toBeVisible();
  await chain.fill('298');
  await expect(page.getByTestId('chain-id-problem')).toHaveCount(0);

  const sent: string[] = [];
  page.on('request', (request) => { if (request.url().includes('verify/compilers/download')) sent.push(request.url()); });
  const panel = page.getByTestId('compilers-panel');
  const version = panel.getByLabel('Compiler long version');
  await version.fill('abc');
  await panel.getByRole('button', { name: 'Download' }).click();
  await expect(panel.getByRole('alert')).toHaveText('“abc” is not a compiler version: give one like 0.8.24+commit.e11b9ed9 or v0.8.24+commit.e11b9ed9.');
  await expect(version).toHaveAccessibleDescription(/is not a compiler version/);
  await expect(version).toBeFocused();
  await expect(panel).not.toContainText('verify/compilers/download');
  await expect(panel.getByRole('progressbar')).toHaveCount(0);
  await screenshot(page, '45b-verify-field-problems');
  // Typing again clears the message.
  await version.fill('0.8.24');
  await expect(panel.getByTestId('compiler-version-problem')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Download' }).click();
  await expect(panel.getByTestId('compiler-version-problem')).toContainText('“0.8.24” is missing its commit');
  expect(sent).toEqual([]);
});

test('each contract deployed here links to its page', async ({ page }) => {
  const { contracts } = await call<{ contracts: Array<{ contractId: string }> }>('verify/suggestions', { query: '' });
  const first = contracts[0]!.contractId;
  await openVerify(page);
  const links = page.getByTestId('suggestions').getByTestId('suggestion-link');
  await expect(links).toHaveCount(Math.min(contracts.length, 12));
  const link = page.getByTestId('suggestions').getByRole('link', { name: first, exact: true });
  await expect(link).toHaveAttribute('href', `#/contract?id=${first}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`#/contract\\?id=${first.replaceAll('.', '\\.')}$`));
  await expect(page.getByTestId('verify-screen')).toHaveCount(0);
});

test('compilers: download a version with progress, import a soljson file, refuse one that is not', async ({ page }) => {
  await openVerify(page);
  const panel = page.getByTestId('compilers-panel');
  await panel.getByLabel('Compiler long version').fill(DOWNLOADED);
  await panel.getByRole('button', { name: 'Download' }).click();
  await expect(panel.getByRole('progressbar')).toBeVisible();
  await expect(panel).toContainText(/Downloading 0\.7\.4\+commit\.3f05b770 · [\d.]+ MiB of [\d.]+ MiB/);
  await screenshot(page, '44-verify-compiler-download');
  await expect(panel).toContainText(`Installed ${DOWNLOADED}`, { timeout: 60_000 });
  await expect(page.getByTestId('compiler-list')).toContainText(DOWNLOADED);

  await panel.getByTestId('compiler-import-input').setInputFiles(path.join(CACHE, `soljson-v${IMPORTED}.js`));
  await expect(panel).toContainText(`Imported ${IMPORTED}`, { timeout: 60_000 });
  await expect(page.getByTestId('compiler-list')).toContainText(IMPORTED);

  await panel.getByTestId('compiler-import-input').setInputFiles({ name: 'soljson.js', mimeType: 'text/javascript', buffer: Buffer.from('module.exports = {};') });
  await expect(panel.getByRole('alert')).toContainText('this file is not a usable soljson compiler');

  // A version the mirror does not list: the error names it.
  await panel.getByLabel('Compiler long version').fill('0.8.1+commit.df193b15');
  await panel.getByRole('button', { name: 'Download' }).click();
  await expect(panel.getByRole('alert')).toContainText('compiler not available: 0.8.1+commit.df193b15');
  await screenshot(page, '45-verify-compilers');
});

test("on the demo, the shipped examples are one click away, each with its newest deployment and creation, and all verify", async ({ page }) => {
  await call('verify/session/clear');
  await openVerify(page);
  await page.getByTestId('add-examples').click();
  const cards = page.getByTestId('verify-contract');
  await expect(cards).toHaveCount(3);
  await expect(page.getByTestId('verify-notice')).toContainText('3 of them have the address of their newest deployment here');
  // The address filled in is a demo deployment of that very contract: its code is the example's.
  const counterAddress = await page.locator('[data-testid="verify-contract"][data-name="Counter"]').getByTestId('contract-address').inputValue();
  const body = (await (await fetch(`${instance.mirrorUrl}/api/v1/contracts/${counterAddress}`)).json()) as { runtime_bytecode?: string };
  expect(body.runtime_bytecode).toBe(counterRuntime);
  // Leaving the screen and coming back, or reloading, keeps what was filled in.
  const counterField = page.locator('[data-testid="verify-contract"][data-name="Counter"]').getByTestId('contract-address');
  await page.evaluate(() => { window.location.hash = '#/accounts'; });
  await expect(cards).toHaveCount(0);
  await page.evaluate(() => { window.location.hash = '#/verify'; });
  await expect(counterField).toHaveValue(counterAddress);
  await page.reload();
  await expect(counterField).toHaveValue(counterAddress);
  // And the transaction that created it, so the creation bytecode is checked too.
  await expect(page.locator('[data-testid="verify-contract"][data-name="Poll"]').getByTestId('creator-tx-hash')).toHaveValue(/^0x[0-9a-f]{64}$/);
  const verifyAll = page.getByTestId('verify-all');
  await expect(verifyAll).toHaveText('Verify all with an address (3)');
  await verifyAll.click();
  for (const name of ['Counter', 'DemoToken', 'Poll']) {
    const card = page.locator(`[data-testid="verify-contract"][data-name="${name}"]`);
    await expect(card).toHaveAttribute('data-status', 'perfect', { timeout: 90_000 });
    // Given its creation transaction, each has its creation code checked, also one that an earlier
    // test of this file stored from its runtime code alone (verified again, not answered as stored).
    await expect(card.getByTestId('contract-result')).toContainText('creation bytecode: perfect');
  }
  // Nothing is left to verify: the button says so and does nothing, yet keeps the focus it was
  // clicked with (the next Tab goes on from it, not from the top of the page); the outcome is said.
  await expect(verifyAll).toHaveText('Verify all with an address (0)');
  await expect(verifyAll).toBeDisabled();
  await expect(verifyAll).toBeFocused();
  await expect(page.getByTestId('verify-notice')).toHaveText('Checked 3 contracts: 3 perfect matches.');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('clear-session')).toBeFocused();
  await screenshot(page, '49-verify-demo-examples');

  // The creation match found the arguments Poll was created with: its page and its creation's result read them by its ABI.
  const poll = page.locator('[data-testid="verify-contract"][data-name="Poll"]');
  const pollAddress = await poll.getByTestId('contract-address').inputValue();
  const creation = await poll.getByTestId('creator-tx-hash').inputValue();
  const expected = [/^"[^"]+"$/, /^\d+$/, /^\d+$/]; // question_ (string), optionCount_, durationSeconds
  // Its card reads them already, and no longer lists them as the hex the creation code ended with.
  await expect(poll.getByTestId('verify-constructor')).toContainText('constructor(string,uint256,uint256)');
  const onCard = poll.getByTestId('verify-constructor-argument');
  await expect(onCard).toHaveCount(3);
  for (const [i, pattern] of expected.entries()) await expect(onCard.nth(i)).toHaveText(pattern);
  // (A closed <details> keeps its list in the text, so this also covers it folded.)
  await expect(poll.getByTestId('contract-result')).not.toContainText('constructor arguments appended');
  await screenshot(page, '49b-verify-constructor-arguments');
  await page.goto(`${instance.uiUrl}#/contract?id=${pollAddress}`);
  await expect(page.getByTestId('contract-constructor')).toContainText('constructor(string,uint256,uint256)');
  const onPage = page.getByTestId('contract-constructor').getByTestId('constructor-argument');
  await expect(onPage).toHaveCount(3);
  for (const [i, pattern] of expected.entries()) await expect(onPage.nth(i)).toHaveText(pattern);
  const question = await onPage.first().textContent();
  await page.goto(`${instance.uiUrl}#/contract-result?id=${creation}`);
  await expect(page.getByTestId('creation-constructor')).toHaveText('constructor(string,uint256,uint256)');
  await expect(page.getByTestId('constructor-argument').first()).toHaveText(question!);
});

test("an edited source uploaded with the original metadata is named on the card before its match, which is the stored copy's", async ({ page }) => {
  // Counter's sources are stored here since the examples were verified (the test before this one).
  await call('verify/session/clear');
  await openVerify(page);
  const original = fs.readFileSync(path.join(EXAMPLES, 'Counter.sol'), 'utf8');
  const edited = original.replace('incrementBy(1);', 'incrementBy(2);');
  expect(edited).not.toBe(original);
  await page.getByTestId('file-input').setInputFiles([
    { name: 'Counter.sol', mimeType: 'text/plain', buffer: Buffer.from(edited) },
    { name: 'metadata.json', mimeType: 'application/json', buffer: fs.readFileSync(path.join(EXAMPLES, 'metadata/Counter.json')) },
  ]);
  const card = page.locator('[data-testid="verify-contract"][data-name="Counter"]');
  const differing = card.getByTestId('differing-sources');
  await expect(differing).toContainText('Your uploaded Counter.sol differs from the Counter.sol the metadata names (keccak256 mismatch');
  await expect(differing).toContainText('uses the copy of Counter.sol already stored here (sources verified before), not your upload');
  // The found file is the stored copy, and said to be; the upload is the unused one, and said to be.
  await expect(card.locator('.files li')).toHaveText('Counter.sol (the copy stored here, not your upload)');
  await expect(page.getByTestId('unused-files').locator('li')).toHaveText('Counter.sol — your upload; differs from the Counter.sol its metadata names');
  await card.getByTestId('contract-address').fill(await demoCounterAddress());
  await card.getByTestId('verify-one').click();
  await expect(card).toHaveAttribute('data-status', 'perfect', { timeout: 90_000 });
  await expect(card.getByTestId('verified-with-stored')).toHaveText('Matched with the stored copy of Counter.sol, not with your uploaded file.');
  // Shown before the result, not after it.
  const [warningTop, resultTop] = await Promise.all([differing.boundingBox(), card.getByTestId('contract-result').boundingBox()]);
  expect(warningTop!.y).toBeLessThan(resultTop!.y);
  await screenshot(page, '49c-verify-edited-source');
});

test('adding files keeps the keyboard focus on the button pressed, which ignores a press until they are in', async ({ page }) => {
  await call('verify/session/clear');
  await openVerify(page);
  const progress = page.getByTestId('upload-progress');
  const chooseFiles = page.getByTestId('choose-files');

  const examplesAdded = await holdRequests(page, 'verify/examples/add');
  const examples = page.getByTestId('add-examples');
  await examples.focus();
  await page.keyboard.press('Enter');
  await expect(progress).toHaveText('Adding the example contracts…');
  await expect(examples).toBeFocused();
  await expect(examples).toHaveAttribute('aria-disabled', 'true');
  await expect(chooseFiles).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Enter');
  await examplesAdded.release();
  await expect(page.getByTestId('verify-contract')).toHaveCount(3);
  await expect(progress).toHaveCount(0);
  await expect(examples).toBeFocused();
  await expect(examples).toHaveAttribute('aria-disabled', 'false');
  expect(examplesAdded.count, 'example additions asked').toBe(1);

  const filesAdded = await holdRequests(page, 'verify/files/add');
  const chooser = page.waitForEvent('filechooser');
  await chooseFiles.focus();
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(path.join(FIXTURE, 'sources/Storage.sol'));
  await expect(progress).toHaveText('Uploading 1 of 1 files…');
  await expect(chooseFiles).toBeFocused();
  await expect(chooseFiles).toHaveAttribute('aria-disabled', 'true');
  await filesAdded.release();
  await expect(page.getByTestId('verify-notice')).toHaveText('Added 1 file.');
  await expect(chooseFiles).toBeFocused();
  await expect(chooseFiles).toHaveAttribute('aria-disabled', 'false');
  await call('verify/session/clear');
});

test("Clear gives the keyboard focus to Choose files, from the contracts' list and from files without a contract", async ({ page }) => {
  await call('verify/session/clear');
  await openVerify(page);
  await page.getByTestId('file-input').setInputFiles([path.join(FIXTURE, 'metadata.json'), path.join(FIXTURE, 'sources/Storage.sol')]);
  await expect(page.getByTestId('verify-contract')).toHaveCount(1);
  await page.getByTestId('clear-session').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('verify-contract')).toHaveCount(0);
  await expect(page.getByTestId('choose-files')).toBeFocused();

  await page.getByTestId('file-input').setInputFiles(path.join(FIXTURE, 'sources/Storage.sol'));
  const none = page.getByTestId('no-contracts');
  await none.getByRole('button', { name: 'Clear' }).focus();
  await page.keyboard.press('Enter');
  await expect(none).toHaveCount(0);
  await expect(page.getByTestId('choose-files')).toBeFocused();
});

test("a contract's own Verify says what it came to in the screen's status region, and keeps the focus", async ({ page }) => {
  await call('verify/session/clear');
  await openVerify(page, `?chain=${CHAIN}`);
  await page.getByTestId('file-input').setInputFiles([path.join(FIXTURE, 'metadata.json'), path.join(FIXTURE, 'sources/Storage.sol')]);
  const card = page.locator('[data-testid="verify-contract"][data-name="Storage"]');
  const announcement = page.getByTestId('verify-announcement');
  // In the page before anything is said, so that what it says is announced.
  await expect(announcement).toHaveAttribute('role', 'status');
  await expect(announcement).toBeEmpty();
  const verify = card.getByTestId('verify-one');
  // Where no contract is deployed: not verified (the card's alert says why).
  await card.getByTestId('contract-address').fill(`0x${'12'.repeat(20)}`);
  await verify.focus();
  await page.keyboard.press('Enter');
  await expect(card).toHaveAttribute('data-status', 'error', { timeout: 60_000 });
  await expect(announcement).toHaveText('Storage not verified');
  await expect(verify).toBeFocused();
  await card.getByTestId('contract-address').fill(address);
  await verify.focus();
  await page.keyboard.press('Enter');
  await expect(card).toHaveAttribute('data-status', 'perfect', { timeout: 60_000 });
  await expect(announcement).toHaveText('Storage verified: perfect match');
  await expect(verify).toBeFocused();
  // What was said goes with the contract it was about: Clear, and a new upload, empty the region.
  await page.getByTestId('clear-session').click();
  await expect(announcement).toBeEmpty();
  await card.getByTestId('verify-one').waitFor({ state: 'detached' });
  await page.getByTestId('file-input').setInputFiles([path.join(FIXTURE, 'metadata.json'), path.join(FIXTURE, 'sources/Storage.sol')]);
  await card.getByTestId('contract-address').fill(address);
  await card.getByTestId('verify-one').click();
  await expect(announcement).toHaveText('Storage verified: perfect match', { timeout: 60_000 });
  await page.getByTestId('file-input').setInputFiles(path.join(MODIFIED, 'sources/StorageModified.sol'));
  await expect(page.getByTestId('verify-notice')).toHaveText('Added 1 file.');
  await expect(announcement).toBeEmpty();
  await call('verify/session/clear');
});

test('"Download it" on a card hands the keyboard focus on to the card once the compiler is installed and the button gone', async ({ page }) => {
  await call('verify/session/clear');
  await openVerify(page, `?chain=${CHAIN}`);
  // Storage's metadata as if compiled by a version not installed here.
  const metadata = JSON.parse(fs.readFileSync(path.join(FIXTURE, 'metadata.json'), 'utf8')) as { compiler: { version: string } };
  metadata.compiler.version = '0.8.1+commit.df193b15';
  await page.getByTestId('file-input').setInputFiles([
    { name: 'metadata.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(metadata)) },
    { name: 'Storage.sol', mimeType: 'text/plain', buffer: fs.readFileSync(path.join(FIXTURE, 'sources/Storage.sol')) },
  ]);
  const card = page.locator('[data-testid="verify-contract"][data-name="Storage"]');
  const downloadIt = card.getByRole('button', { name: 'Download it' });
  await expect(downloadIt).toBeVisible();
  // Nothing is downloaded: the download is answered as done, and the session read after it has the compiler.
  const downloads = await holdRequests(page, 'verify/compilers/download');
  await page.route('**/bridge/call/verify/session', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { ok: true; value: VerifySessionView };
    body.value.contracts = body.value.contracts.map((contract) => ({ ...contract, compilerInstalled: true }));
    await route.fulfill({ response, json: body });
  });
  await downloadIt.focus();
  await page.keyboard.press('Enter');
  await downloads.release({ ok: true, value: { compilers: [], downloadMirror: 'http://127.0.0.1:9/', longVersion: metadata.compiler.version } });
  await expect(downloadIt).toHaveCount(0);
  // No address yet, so Verify cannot be pressed: the focus goes to the field it needs.
  await expect(card.getByTestId('contract-address')).toBeFocused();
  await call('verify/session/clear');
});

test('the compilers panel keeps the keyboard focus in the field or on the button a download or an import started from', async ({ page }) => {
  await openVerify(page);
  const panel = page.getByTestId('compilers-panel');
  const version = panel.getByLabel('Compiler long version');
  const download = panel.getByRole('button', { name: 'Download' });
  const downloads = await holdRequests(page, 'verify/compilers/download');
  // Enter in the field: it stays focused, read-only while the version downloads.
  await version.fill(DOWNLOADED);
  await version.press('Enter');
  await expect(panel.getByRole('progressbar')).toBeVisible();
  await expect(version).toBeFocused();
  await expect(version).toHaveJSProperty('readOnly', true);
  await expect(download).toHaveAttribute('aria-disabled', 'true');
  await downloads.release();
  await expect(panel.getByRole('status')).toHaveText(`Installed ${DOWNLOADED}`, { timeout: 60_000 });
  await expect(version).toBeFocused();
  await expect(version).toHaveJSProperty('readOnly', false);

  // From the button, for a version the mirror does not list: it keeps the focus, and a press meanwhile asks nothing.
  await version.fill('0.8.1+commit.df193b15');
  await download.focus();
  await page.keyboard.press('Enter');
  await expect(download).toBeFocused();
  await expect(download).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Enter');
  await downloads.release();
  await expect(panel.getByRole('alert')).toContainText('compiler not available: 0.8.1+commit.df193b15');
  await expect(download).toBeFocused();
  await expect(download).toHaveAttribute('aria-disabled', 'false');
  expect(downloads.count, 'downloads asked').toBe(2);

  const imports = await holdRequests(page, 'verify/compilers/import');
  const importButton = panel.getByRole('button', { name: /^Import/ });
  const chooser = page.waitForEvent('filechooser');
  await importButton.focus();
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'soljson.js', mimeType: 'text/javascript', buffer: Buffer.from('module.exports = {};') });
  await expect(importButton).toHaveText('Importing…');
  await expect(importButton).toBeFocused();
  await expect(importButton).toHaveAttribute('aria-disabled', 'true');
  await imports.release();
  await expect(panel.getByRole('alert')).toContainText('this file is not a usable soljson compiler');
  await expect(importButton).toHaveText('Import soljson file…');
  await expect(importButton).toBeFocused();
});

test("a verified contract's Call and Simulate keep the focus while they run, ignore a press meanwhile, and say what came back", async ({ page }) => {
  // The demo's Counter, verified here at its newest deployment.
  await call('verify/session/clear');
  const added = await call<{ session: VerifySessionView; deployments: Record<string, { address: string }> }>('verify/examples/add');
  const { verificationId } = added.session.contracts.find((c) => c.name === 'Counter')!;
  const counter = added.deployments[verificationId]!.address;
  const verified = await call<VerifySessionView>('verify/contracts/verify', { contracts: [{ verificationId, address: counter, chainId: '298', creatorTxHash: null }] });
  expect(verified.contracts.find((c) => c.verificationId === verificationId)?.status).toBe('perfect');
  await call('verify/session/clear');

  await page.goto(`${instance.uiUrl}#/contract?id=${counter}&tab=read`);
  const count = page.locator('[data-testid="read-function"][data-signature="count()"]');
  await expect(count.getByTestId('read-result')).toBeVisible();
  // What the tab asked as it opened is shown, not said; the region is there before anything is.
  const readSaid = count.getByTestId('read-announcement');
  await expect(readSaid).toHaveAttribute('role', 'status');
  await expect(readSaid).toBeEmpty();
  const calls = await holdRequests(page, 'mirror/call');
  const callButton = count.locator('button[type="submit"]');
  await callButton.focus();
  await page.keyboard.press('Enter');
  await expect(callButton).toHaveText('Calling…');
  await expect(callButton).toBeFocused();
  await expect(callButton).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Enter');
  await calls.release();
  await expect(readSaid).toHaveText('Call returned 1 value');
  await expect(callButton).toHaveText('Call');
  await expect(callButton).toBeFocused();
  await expect(callButton).toHaveAttribute('aria-disabled', 'false');
  expect(calls.count, 'calls made').toBe(1);

  await page.getByRole('tab', { name: 'Simulate' }).click();
  const increment = page.locator('[data-testid="simulate-function"][data-signature="increment()"]');
  const simulateButton = increment.locator('button[type="submit"]');
  await simulateButton.focus();
  await page.keyboard.press('Enter');
  await expect(simulateButton).toHaveText('Simulating…');
  await expect(simulateButton).toBeFocused();
  await expect(simulateButton).toHaveAttribute('aria-disabled', 'true');
  await calls.release(); // the call, then the estimate of its gas
  await calls.release();
  await expect(increment.getByTestId('simulate-gas')).toContainText('estimated');
  const gas = (await increment.getByTestId('simulate-gas').locator('.mono').textContent())!;
  await expect(increment.getByTestId('simulate-announcement')).toHaveText(`Simulation returned nothing; estimated gas ${gas}`);
  await expect(simulateButton).toBeFocused();
  await expect(simulateButton).toHaveAttribute('aria-disabled', 'false');
});
