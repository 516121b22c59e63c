import { expect, mirrorJson, ownServe, screenshot, test } from './serve-fixture.ts';
import { formatInteger } from '../../renderer/src/lib/format.ts';

/**
 * What a few screens say of the values and ids they show: a verified token's Results tab gives a
 * call's numbers whole (only hex is cut, whole on hover); a Read whose argument is wrong names that
 * argument and marks its field; a token's Balances tab counts accounts, not holders, since the
 * mirror lists every associated account, those at zero too; and an NFT page opened for a fungible
 * token says what the token is. Verifying writes into the data folder: the file has a `serve` of its own.
 */
const serve = ownServe('mirrordesk-values-kinds-e2e-');

interface Result { function_parameters: string; contract_id: string; created_contract_ids: string[] }
interface Balances { balances: Array<{ account: string; balance: number }>; links: { next: string | null } }

test("a verified token's results show numbers whole and hex cut (whole on hover); a wrong argument is named and its field marked", async ({ page }) => {
  test.setTimeout(180_000);
  const { instance } = serve;
  await page.goto(`${instance.uiUrl}#/verify`);
  await page.getByTestId('add-examples').click();
  const card = page.locator('[data-testid="verify-contract"][data-name="DemoToken"]');
  await card.getByTestId('verify-one').click();
  await expect(card).toHaveAttribute('data-status', 'perfect', { timeout: 120_000 });
  const token = await card.getByTestId('contract-address').inputValue();

  // Its transfers (transfer(address to, uint256 value), 0xa9059cbb) as the page should say them.
  const { results } = await mirrorJson<{ results: Result[] }>(instance, `/api/v1/contracts/${token}/results?limit=25`);
  const transfers = results.filter((r) => r.function_parameters.toLowerCase().startsWith('0xa9059cbb')).map((r) => {
    const to = `0x${r.function_parameters.slice(10 + 24, 10 + 64)}`;
    const value = BigInt(`0x${r.function_parameters.slice(10 + 64, 10 + 128)}`);
    return { to, value };
  });
  const big = transfers.find(({ value }) => value >= 1_000_000n);
  expect(big, 'a demo DemoToken transfer of a million units or more').toBeDefined();
  await page.goto(`${instance.uiUrl}#/contract?id=${token}`);
  await expect(page.getByTestId('contract-tabs')).toHaveAttribute('data-names', 'verified');
  const line = page.getByTestId('result-arguments').filter({ hasText: `value ${formatInteger(big!.value)}` }).first();
  await expect(line).toHaveText(`to ${big!.to.slice(0, 8)}…${big!.to.slice(-6)}, value ${formatInteger(big!.value)}`);
  await expect(line).toHaveAttribute('title', `to ${big!.to}, value ${formatInteger(big!.value)}`);
  await line.scrollIntoViewIfNeeded();
  await screenshot(page, 'values-kinds-1-result-arguments');

  // allowance(address, address), its parameters unnamed: the second left empty is named by its place.
  await page.getByRole('tab', { name: 'Read' }).click();
  const allowance = page.locator('[data-testid="read-function"][data-signature="allowance(address,address)"]');
  const [owner, spender] = [allowance.getByRole('textbox').nth(0), allowance.getByRole('textbox').nth(1)];
  await owner.fill('0.0.2959');
  await spender.focus();
  await page.keyboard.press('Enter');
  const problem = allowance.getByTestId('read-problem');
  await expect(problem).toHaveText('#2 (address): expected 0x and 40 hex digits, or an id like 0.0.1234');
  await expect(spender).toHaveAttribute('aria-invalid', 'true');
  await expect(spender).toHaveAccessibleDescription('#2 (address): expected 0x and 40 hex digits, or an id like 0.0.1234');
  await expect(owner).not.toHaveAttribute('aria-invalid', /.*/);
  // Focus stays where the call was asked from.
  await expect(spender).toBeFocused();
  await screenshot(page, 'values-kinds-2-read-argument-named');
  // Put right, the call answers and the field is no longer marked.
  await spender.fill('0.0.2960');
  await allowance.getByRole('button', { name: 'Call' }).click();
  await expect(allowance.getByTestId('read-result')).toHaveText(/^uint256\d+$/);
  await expect(spender).not.toHaveAttribute('aria-invalid', /.*/);
});

test("a token's Balances tab counts accounts and says how many hold none; an NFT page for a fungible token says what it is", async ({ page }) => {
  const { instance } = serve;
  // A fungible token whose first page of balances lists associated accounts at zero.
  const { tokens } = await mirrorJson<{ tokens: Array<{ token_id: string }> }>(instance, '/api/v1/tokens?type=FUNGIBLE_COMMON&limit=25');
  let found: { id: string; page: Balances } | null = null;
  for (const { token_id: id } of tokens) {
    const first = await mirrorJson<Balances>(instance, `/api/v1/tokens/${id}/balances?limit=25`);
    if (first.balances.some((b) => b.balance === 0) && first.balances.some((b) => b.balance > 0)) { found = { id, page: first }; break; }
  }
  expect(found, 'a demo token with holders and associated accounts at zero').not.toBeNull();
  const { id, page: first } = found!;
  const holding = first.balances.filter((b) => b.balance > 0).length;
  const none = first.balances.length - holding;

  await page.goto(`${instance.uiUrl}#/token?id=${id}`);
  await expect(page.getByRole('tab', { name: 'Balances' })).toHaveAttribute('aria-selected', 'true');
  const list = page.getByTestId('token-holders');
  await expect(list.getByTestId('holder-row')).toHaveCount(first.balances.length);
  await expect(list.getByTestId('paged-count')).toHaveText(`${first.balances.length} accounts ${first.links.next ? 'shown' : '· all loaded'}`);
  await expect(page.getByTestId('balances-summary')).toHaveText(
    `Of the accounts shown, ${holding} ${holding === 1 ? 'holds' : 'hold'} some; ${none === 1 ? '1 is associated with the token but holds none' : `${none} are associated with the token but hold none`}.`);
  await page.getByTestId('balances-summary').scrollIntoViewIfNeeded();
  await screenshot(page, 'values-kinds-3-token-balances');

  // Its "serial 1" is no NFT: the page says the token is fungible, and links it.
  await page.goto(`${instance.uiUrl}#/nft?token=${id}&serial=1`);
  await expect(page.getByTestId('not-found')).toContainText(`The local mirror has no serial 1 of ${id}.`);
  const note = page.getByTestId('found-elsewhere');
  await expect(note).toHaveText(`${id} is a fungible token, whose units carry no serial numbers: open the token.`);
  await screenshot(page, 'values-kinds-4-nft-of-fungible');
  await note.getByRole('link', { name: 'open the token' }).click();
  await expect(page).toHaveURL(new RegExp(`#/token\\?id=${id.replaceAll('.', '\\.')}$`));
  await expect(page.getByTestId('token-id')).toHaveText(id);
});
