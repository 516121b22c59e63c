import type { Transaction } from '../../renderer/src/lib/ledger-types.ts';
import { expect, mirrorJson as mirror, screenshot, test } from './serve-fixture.ts';

/**
 * A transaction page's Entity row leads on where the entity's own page would not: from a
 * HOOKSTORE to the storage it wrote, and from a registered node's transaction, which the mirror
 * names no entity for, to the registered services. Examples are found through the mirror API.
 */

test.describe("a transaction's entity", () => {
  test("a HOOKSTORE links its owner and, beside it, the owner's Hooks tab", async ({ page, openApp, serve }) => {
    const { transactions: [store] } = await mirror<{ transactions: Transaction[] }>(serve, '/api/v1/transactions?transactiontype=HOOKSTORE&result=success&limit=1');
    expect(store?.entity_id, 'a demo HOOKSTORE with its owner').toBeTruthy();
    await openApp(`#/transaction?id=${store!.transaction_id}`);

    const entity = page.getByTestId('transaction-entity');
    await expect(entity.getByRole('link', { name: store!.entity_id!, exact: true })).toHaveAttribute('href', `#/entity?id=${store!.entity_id}`);
    const hooks = entity.getByTestId('entity-shortcut');
    await expect(hooks).toHaveText('its hooks');
    await expect(hooks).toHaveAttribute('href', `#/account?id=${store!.entity_id}&tab=hooks`);
    await screenshot(page, 'transaction-entity-1-hookstore');
    await hooks.click();
    await expect(page.getByTestId('account-hooks')).toHaveAttribute('data-status', 'ready');
  });

  test("a registered node's transaction, with no entity, links to the Network screen's registered services", async ({ page, openApp, serve }) => {
    for (const type of ['REGISTEREDNODECREATE', 'REGISTEREDNODEUPDATE', 'REGISTEREDNODEDELETE']) {
      const { transactions: [tx] } = await mirror<{ transactions: Transaction[] }>(serve, `/api/v1/transactions?transactiontype=${type}&limit=1`);
      if (!tx) continue;
      expect(tx.entity_id).toBeNull();
      await openApp(`#/transaction?id=${tx.transaction_id}`);
      await expect(page.getByTestId('transaction-card')).toHaveAttribute('data-name', type);
      // The link stands in for the dash alone, not beside it.
      await expect(page.getByTestId('transaction-entity')).toHaveText('registered services');
      await expect(page.getByTestId('entity-shortcut')).toHaveAttribute('href', '#/network');
    }
    const { transactions: [created] } = await mirror<{ transactions: Transaction[] }>(serve, '/api/v1/transactions?transactiontype=REGISTEREDNODECREATE&limit=1');
    expect(created, 'a demo REGISTEREDNODECREATE').toBeDefined();
    await openApp(`#/transaction?id=${created!.transaction_id}`);
    await screenshot(page, 'transaction-entity-2-registered-node');
    await page.getByTestId('entity-shortcut').click();
    await expect(page.getByTestId('registered-nodes').getByTestId('registered-node-row').first()).toBeVisible();
  });
});
