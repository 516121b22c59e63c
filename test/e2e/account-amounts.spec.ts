import type { AccountInfo, AccountsResponse } from '../../main/common/mirror-types.ts';
import { formatTokenAmount } from '../../renderer/src/lib/ledger-format.ts';
import type { TokenAllowance, TokenInfo } from '../../renderer/src/lib/ledger-types.ts';
import { expect, mirrorJson, screenshot, test, type ServeInstance } from './serve-fixture.ts';

/**
 * Amounts on the Accounts screens as the API means them: token allowances in whole tokens, the
 * list's token count honest about the list's cap, and a balance asked for before the account existed.
 */

/** A token allowance of a token with decimals, and its token: the demo's owners are those of CRYPTOAPPROVEALLOWANCE transactions. */
async function tokenAllowanceWithDecimals(serve: ServeInstance): Promise<{ allowance: TokenAllowance; token: TokenInfo } | null> {
  const { transactions } = await mirrorJson<{ transactions: Array<{ transaction_id: string }> }>(serve, '/api/v1/transactions?transactiontype=CRYPTOAPPROVEALLOWANCE&limit=50');
  const owners = [...new Set(transactions.map((tx) => tx.transaction_id.split('-')[0]!))];
  for (const owner of owners) {
    const { allowances } = await mirrorJson<{ allowances: TokenAllowance[] }>(serve, `/api/v1/accounts/${owner}/allowances/tokens?limit=25`);
    for (const allowance of allowances) {
      const token = await mirrorJson<TokenInfo>(serve, `/api/v1/tokens/${allowance.token_id}`);
      if (Number(token.decimals) > 0 && Number(allowance.amount) > 0) return { allowance, token };
    }
  }
  return null;
}

test.describe('amounts on the Accounts screens', () => {
  test('a token allowance is shown in whole tokens with the token named, its raw units in the title, on the page and in the side panel', async ({ page, openApp, serve }) => {
    const found = await tokenAllowanceWithDecimals(serve);
    expect(found, 'a demo token allowance of a token with decimals').not.toBeNull();
    const { allowance, token } = found!;
    await openApp(`#/account?id=${allowance.owner}&tab=allowances`);
    const row = page.getByTestId('token-allowances').locator(`tr[data-token="${allowance.token_id}"]`).first();
    const remaining = row.getByTestId('allowance-remaining').locator('span.mono');
    await expect(remaining).toHaveText(formatTokenAmount(String(allowance.amount), Number(token.decimals)));
    await expect(remaining).toHaveAttribute('title', `${allowance.amount} in the token's smallest unit`);
    await expect(row.getByTestId('allowance-granted').locator('span.mono')).toHaveText(formatTokenAmount(String(allowance.amount_granted), Number(token.decimals)));
    await expect(row.getByTestId('token-name')).toContainText(token.name);
    await screenshot(page, 'account-amounts-01-token-allowance');

    // The side panel: the symbol beside the token's id, the amount scaled the same way.
    await openApp(`#/accounts?account.id=${allowance.owner}`);
    await page.getByTestId('accounts-table').locator(`[data-account="${allowance.owner}"]`).click();
    const panel = page.getByTestId('account-detail');
    await panel.getByRole('tab', { name: 'Allowances' }).click();
    const panelRow = panel.getByTestId('token-allowances').locator(`tr[data-token="${allowance.token_id}"]`).first();
    await expect(panelRow.getByTestId('allowance-remaining').locator('span.mono')).toHaveText(formatTokenAmount(String(allowance.amount), Number(token.decimals)));
    if (token.symbol) await expect(panelRow.getByTestId('token-symbol')).toHaveText(token.symbol);
  });

  test('an account the list gives 50 token balances shows "50+", its title saying the list gives at most 50', async ({ page, openApp, serve }) => {
    // The demo associates some accounts with more tokens than the list's cap.
    let capped: AccountInfo | undefined;
    let path: string | null = '/api/v1/accounts?limit=100&account.id=gte:0.0.1000';
    while (!capped && path) {
      const answer: AccountsResponse = await mirrorJson<AccountsResponse>(serve, path);
      capped = answer.accounts.find((account) => account.balance?.tokens.length === 50);
      path = answer.links.next;
    }
    expect(capped, 'a demo account at the list\'s 50-token cap').toBeDefined();
    const own = await mirrorJson<AccountInfo>(serve, `/api/v1/accounts/${capped!.account}?transactions=false`);
    expect(own.balance!.tokens.length, 'the account holds more than the list gives').toBeGreaterThan(50);

    await openApp(`#/accounts?account.id=gte:${capped!.account}`);
    const count = page.getByTestId('accounts-table').locator(`[data-account="${capped!.account}"]`).getByTestId('account-token-count');
    await expect(count).toHaveText('50+');
    await expect(count).toHaveAttribute('title', /^At least 50: the accounts list gives at most 50 token balances per account/);
    // An account under the cap shows its count as it stands.
    const { accounts } = await mirrorJson<AccountsResponse>(serve, '/api/v1/accounts?limit=1&account.id=0.0.2');
    await openApp('#/accounts');
    const first = page.getByTestId('accounts-table').locator('[data-account="0.0.2"]').getByTestId('account-token-count');
    await expect(first).toHaveText(String(accounts[0]!.balance!.tokens.length));
    await expect(first).not.toHaveAttribute('title');
  });

  test('the balance at a moment before the account was created is none, and says why', async ({ page, openApp, serve }) => {
    const { accounts } = await mirrorJson<AccountsResponse>(serve, '/api/v1/accounts?limit=1&account.id=gte:0.0.1009');
    const account = accounts[0]!;
    const created = Number(account.created_timestamp!.split('.')[0]);
    // A day before its creation, as the moment field takes it (UTC, to the second).
    const before = new Date((created - 86_400) * 1000).toISOString().slice(0, 19);
    await openApp(`#/account?id=${account.account}`);
    const moment = page.getByTestId('balance-at-moment');
    await moment.getByText('At another moment').click();
    await moment.getByLabel('Moment, UTC').fill(before);
    await moment.getByRole('button', { name: 'Show' }).click();
    const answer = page.getByTestId('balance-at-answer');
    await expect(page.getByTestId('balance-at-value')).toHaveText(/^0\.00000000\s*ℏ$/);
    await expect(answer).toContainText('before the account was created');
    await expect(answer).not.toContainText('Not known');
  });
});
