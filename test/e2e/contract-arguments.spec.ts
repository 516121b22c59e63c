import { axeFindings } from './axe-findings.ts';
import { expect, mirrorJson, ownServe, screenshot, test } from './serve-fixture.ts';

/**
 * A verified contract's functions called from its page with an `address` argument typed as an
 * entity id. The demo's Poll keeps `hasVoted[msg.sender]`, and a voter with an ECDSA key votes
 * from its own EVM address: typed as its account id, the argument must be that address (as the
 * Simulate tab's From field makes it), not the id's long-zero address the contract never saw.
 * Verifying writes into the data folder, so the file has a `serve` of its own.
 */
const serve = ownServe('mirrordesk-contract-args-e2e-');

const LONG_ZERO = /^0x0{24}/;

test('an address argument typed as an account id is the address the EVM sees for it, as From is, and the page says which', async ({ page }) => {
  test.setTimeout(180_000);
  const { instance } = serve;
  await page.goto(`${instance.uiUrl}#/verify`);
  await page.getByTestId('add-examples').click();
  const card = page.locator('[data-testid="verify-contract"][data-name="Poll"]');
  await card.getByTestId('verify-one').click();
  await expect(card).toHaveAttribute('data-status', 'perfect', { timeout: 120_000 });
  const poll = await card.getByTestId('contract-address').inputValue();

  // A voter with an EVM address of its own (each Voted log names its voter, topic 1), and its account id.
  const { logs } = await mirrorJson<{ logs: Array<{ topics: string[] }> }>(instance, `/api/v1/contracts/${poll}/results/logs?limit=100`);
  const voters = logs.map((log) => `0x${log.topics[1]!.slice(26)}`).filter((voter) => !LONG_ZERO.test(voter));
  expect(voters.length, 'a demo Poll voter with its own EVM address').toBeGreaterThan(0);
  const voter = voters[0]!;
  const { account } = await mirrorJson<{ account: string }>(instance, `/api/v1/accounts/${voter}?transactions=false`);
  const longZero = `0x${BigInt(account.split('.')[2]!).toString(16).padStart(40, '0')}`;
  const { tokens } = await mirrorJson<{ tokens: Array<{ token_id: string }> }>(instance, '/api/v1/tokens?limit=1');
  const token = tokens[0]!.token_id;

  await page.goto(`${instance.uiUrl}#/contract?id=${poll}&tab=read`);
  const hasVoted = page.locator('[data-testid="read-function"][data-signature="hasVoted(address)"]');
  const ask = async (text: string): Promise<void> => {
    await hasVoted.getByRole('textbox').fill(text);
    await hasVoted.getByRole('button', { name: 'Call' }).click();
  };
  // Its EVM address typed out: it voted.
  await ask(voter);
  await expect(hasVoted.getByTestId('read-result')).toHaveText('booltrue');
  await expect(hasVoted.getByTestId('address-resolved')).toHaveCount(0);
  // Its account id: the same answer, and the address it became beside the field (its description).
  await ask(account);
  await expect(hasVoted.getByTestId('read-result')).toHaveText('booltrue');
  await expect(hasVoted.getByTestId('address-resolved')).toHaveText(`${account} → ${voter} (its EVM address)`);
  await expect(hasVoted.getByRole('textbox')).toHaveAccessibleDescription(`${account} → ${voter} (its EVM address)`);
  await screenshot(page, '50-contract-read-address-id');
  expect(await axeFindings(page)).toEqual([]);
  // Typing again leaves no stale note.
  await hasVoted.getByRole('textbox').fill(`${account}0`);
  await expect(hasVoted.getByTestId('address-resolved')).toHaveCount(0);
  // Its long-zero address is another address, which never voted.
  await ask(longZero);
  await expect(hasVoted.getByTestId('read-result')).toHaveText('boolfalse');
  // An id the mirror has no account for (a token) is its long-zero address, and the note says why.
  await ask(token);
  await expect(hasVoted.getByTestId('read-result')).toHaveText('boolfalse');
  await expect(hasVoted.getByTestId('address-resolved')).toHaveText(
    `${token} → 0x${BigInt(token.split('.')[2]!).toString(16).padStart(40, '0')} (its long-zero address; the local mirror has no account or contract ${token})`);

  // From the same account, voting again reverts naming the same address, which the From field says it used.
  await page.getByRole('tab', { name: 'Simulate' }).click();
  await page.getByTestId('simulate-from').fill(account);
  const vote = page.locator('[data-testid="simulate-function"][data-signature="vote(uint256)"]');
  await vote.getByRole('textbox').fill('0');
  await vote.getByRole('button', { name: 'Simulate' }).click();
  await expect(vote.getByTestId('simulate-problem')).toHaveText(`Reverted: AlreadyVoted(voter: ${voter})`);
  await expect(page.getByTestId('from-resolved')).toHaveText(`${account} → ${voter} (its EVM address)`);
  await expect(page.getByTestId('simulate-from')).toHaveAccessibleDescription(`${account} → ${voter} (its EVM address)`);
  expect(await axeFindings(page)).toEqual([]);
});
