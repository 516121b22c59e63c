import type { Page } from '@playwright/test';
import { formatInteger } from '../../renderer/src/lib/format.ts';
import { axeFindings } from './axe-findings.ts';
import type { Nft, NftTransaction } from '../../renderer/src/lib/ledger-types.ts';
import { expect, mirrorJson as mirror, screenshot, test, type ServeInstance } from './serve-fixture.ts';

/**
 * One NFT's page: reached from a serial number (a collection's NFTs, an account's NFTs tab) and
 * from the search box (`token/serial`, `token#serial`); its owner, metadata and history, whose
 * transactions open. Serials are found through the API: the demo's numbering is not fixed here.
 */

interface Found { nft: Nft; history: NftTransaction[] }

/** An NFT held by an account other than its collection's treasury, moved at least once after its mint; and a burned one. */
async function demoNfts(serve: ServeInstance): Promise<{ held: Found; burned: Nft }> {
  const { tokens } = await mirror<{ tokens: Array<{ token_id: string; treasury_account_id?: string }> }>(serve, '/api/v1/tokens?type=NON_FUNGIBLE_UNIQUE&limit=25');
  let held: Found | null = null;
  let burned: Nft | null = null;
  for (const { token_id: tokenId } of tokens) {
    const { nfts } = await mirror<{ nfts: Nft[] }>(serve, `/api/v1/tokens/${tokenId}/nfts?limit=100`);
    burned ??= nfts.find((nft) => nft.deleted) ?? null;
    for (const nft of nfts.filter((candidate) => !candidate.deleted && candidate.account_id !== null).slice(0, 10)) {
      if (held) break;
      const { transactions } = await mirror<{ transactions: NftTransaction[] }>(serve, `/api/v1/tokens/${tokenId}/nfts/${nft.serial_number}/transactions`);
      if (transactions.length >= 2 && transactions[0]!.type !== 'TOKENMINT') held = { nft, history: transactions };
    }
    if (held && burned) return { held, burned };
  }
  throw new Error('the demo ledger has no NFT moved after its mint, or none burned');
}

const nftHash = (nft: Nft): RegExp => new RegExp(`#/nft\\?token=${nft.token_id.replaceAll('.', '\\.')}&serial=${nft.serial_number}$`);

async function search(page: Page, text: string): Promise<void> {
  const box = page.getByTestId('search-input');
  await box.fill(text);
  await box.press('Enter');
}

test.describe('An NFT page', () => {
  test('a collection\'s serial opens the NFT, its owner and history shown; a transaction in its history opens', async ({ page, openApp, serve }) => {
    const { held: { nft, history } } = await demoNfts(serve);
    await openApp(`#/token?id=${nft.token_id}&tab=nfts`);
    const rows = page.getByTestId('token-nfts');
    await expect(rows.getByTestId('nft-row').first()).toBeVisible();
    // The collection lists newest first: load until the serial's row is there.
    const link = rows.locator(`a[data-kind="nft"][href$="serial=${nft.serial_number}"]`);
    await expect(async () => {
      if (await link.count() === 0) await rows.getByTestId('load-more').click({ timeout: 1000 });
      await expect(link).toHaveCount(1, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(link).toHaveText(formatInteger(nft.serial_number));
    await link.click();

    await expect(page).toHaveURL(nftHash(nft));
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(`${nft.token_id} #${formatInteger(nft.serial_number)}`);
    await expect(heading).toBeFocused();
    await expect(page).toHaveTitle(`NFT ${nft.token_id} #${nft.serial_number} — Mirrordesk`);
    await expect(page.getByTestId('nft-owner').getByRole('link')).toHaveText(nft.account_id!);
    await expect(page.getByTestId('nft-owner').getByRole('link')).toHaveAttribute('href', `#/account?id=${nft.account_id}`);
    await expect(page.getByTestId('nft-metadata')).toHaveText(Buffer.from(nft.metadata, 'base64').toString('utf8'));
    const historyRows = page.getByTestId('nft-history').getByTestId('nft-history-row');
    await expect(historyRows).toHaveCount(Math.min(history.length, 25));
    await expect(historyRows.last()).toContainText('TOKENMINT');
    await screenshot(page, 'nft-page');

    const newest = history[0]!;
    await historyRows.first().locator('a[data-kind="transaction"]').click();
    await expect(page).toHaveURL(new RegExp(`#/transaction\\?id=${newest.transaction_id.replaceAll('.', '\\.')}`));
    await expect(page.getByTestId('transaction-card').first()).toBeVisible();
    // The transaction's NFT transfer links back to the NFT.
    const transfers = page.getByTestId('nft-transfers');
    if (newest.type === 'CRYPTOTRANSFER') {
      await transfers.locator(`a[data-kind="nft"][href$="token=${nft.token_id}&serial=${nft.serial_number}"]`).click();
      await expect(page).toHaveURL(nftHash(nft));
    }
  });

  test('an account\'s NFTs tab links each serial to its NFT, under "Last changed"', async ({ page, openApp, serve }) => {
    const { held: { nft } } = await demoNfts(serve);
    await openApp(`#/account?id=${nft.account_id}&tab=nfts`);
    const table = page.getByTestId('account-nfts');
    await expect(table.getByRole('columnheader', { name: 'Last changed (UTC)' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: /Since/ })).toHaveCount(0);
    const link = table.locator(`a[data-kind="nft"][href="#/nft?token=${nft.token_id}&serial=${nft.serial_number}"]`);
    await expect(async () => {
      if (await link.count() === 0) await table.getByTestId('load-more').click({ timeout: 1000 });
      await expect(link).toHaveCount(1, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await link.click();
    await expect(page).toHaveURL(nftHash(nft));
    await expect(page.getByTestId('nft-owner')).toHaveText(nft.account_id!);
  });

  test('the search box opens an NFT written token/serial or token#serial, and says when the collection has no such serial', async ({ page, openApp, serve }) => {
    const { held: { nft }, burned } = await demoNfts(serve);
    await openApp('#/transactions');
    for (const text of [`${nft.token_id}/${nft.serial_number}`, `${nft.token_id}#${nft.serial_number}`]) {
      await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Transactions' }).click();
      await expect(page).toHaveURL(/#\/transactions$/);
      await search(page, text);
      await expect(page).toHaveURL(nftHash(nft));
      await expect(page.getByTestId('nft-id')).toHaveText(`${nft.token_id} #${formatInteger(nft.serial_number)}`);
      await expect(page.getByTestId('search-input')).toHaveValue('');
    }

    await search(page, `${nft.token_id}/999999999`);
    await expect(page.getByTestId('search-message')).toHaveText(`No NFT ${nft.token_id} #999999999 in the local mirror`);

    // A burned one says so, and has no owner.
    await search(page, `${burned.token_id}/${burned.serial_number}`);
    await expect(page).toHaveURL(nftHash(burned));
    await expect(page.getByTestId('nft-burned')).toHaveText('burned');
    await expect(page.getByTestId('nft-owner')).toHaveText('none (burned)');
    await expect(page.getByTestId('nft-history').getByTestId('nft-history-row').first()).toContainText(/burn|wipe/);
  });

  test('an address without a serial, or with one the collection lacks, says so', async ({ page, openApp, serve }) => {
    const { held: { nft } } = await demoNfts(serve);
    await openApp(`#/nft?token=${nft.token_id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('No NFT chosen');
    await openApp(`#/nft?token=${nft.token_id}&serial=999999999`);
    await expect(page.getByTestId('not-found')).toContainText(`The local mirror has no serial 999999999 of ${nft.token_id}.`);
  });
});

test.describe('An NFT page, checked by axe-core', () => {
  // axe runs as an inline script, which the app's Content Security Policy forbids.
  test.use({ bypassCSP: true });

  test('in the light and dark theme, at 1400 and 820 px', async ({ page, openApp, serve }) => {
    const { held: { nft } } = await demoNfts(serve);
    const findings: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [1400, 820]) {
        await page.emulateMedia({ colorScheme });
        await page.setViewportSize({ width, height: 860 });
        await openApp(`#/nft?token=${nft.token_id}&serial=${nft.serial_number}`);
        await expect(page.getByTestId('nft-history').getByTestId('nft-history-row').first()).toBeVisible();
        await expect(page.locator('main [aria-busy="true"], main .spinner')).toHaveCount(0);
        findings.push(...(await axeFindings(page, { scrolledSideways: true })).map((line) => `${colorScheme} ${width} px: ${line}`));
      }
    }
    expect(findings).toEqual([]);
  });
});
