import path from 'node:path';
import { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import { expect, ownServe, screenshot, test } from './serve-fixture.ts';

/**
 * A contract call's internal calls on its result page, as a tree by depth. The demo's calls make
 * none, so this file gives one of them a call tree in the ledger; its own `serve`, as it writes.
 */
const serve = ownServe('mirrordesk-e2e-actions-');

/** `Error(string)` revert data for `reason` (a short one: one word of length, one of text). */
function errorData(reason: string): Buffer {
  const text = Buffer.alloc(32);
  text.write(reason);
  const length = Buffer.alloc(32);
  length.writeUInt32BE(reason.length, 28);
  const offset = Buffer.alloc(32);
  offset.writeUInt32BE(32, 28);
  return Buffer.concat([Buffer.from('08c379a0', 'hex'), offset, length, text]);
}

interface Tree {
  hash: string;
  caller: string;
  contract: string;
  other: string;
}

/**
 * Under the newest demo call that succeeded with a single action: a call from its contract to
 * another with 2.5 ℏ, a precompile call under that, and a delegate call that reverts.
 */
function writeCallTree(file: string): Tree {
  const store = new LedgerStore({ file });
  try {
    const db = store.db;
    // Safe integers: a consensus timestamp is past 2^53.
    const top = db.prepare(`SELECT a.consensus_timestamp AS at, a.caller, a.recipient_contract AS contract, a.payer_account_id AS payer, lower(hex(r.transaction_hash)) AS hash
      FROM contract_action a JOIN contract_result r USING (consensus_timestamp) WHERE a.call_type = 1 AND a.result_data_type = 11 AND length(r.transaction_hash) = 32
      ORDER BY a.consensus_timestamp DESC LIMIT 1`).safeIntegers().get() as { at: bigint; caller: bigint; contract: bigint; payer: bigint; hash: string };
    const other = db.prepare("SELECT id FROM entity WHERE type = 'CONTRACT' AND id <> ? ORDER BY id LIMIT 1").pluck().safeIntegers().get(top.contract) as bigint;
    const insert = db.prepare(`INSERT INTO contract_action (consensus_timestamp, "index", call_depth, call_operation_type, call_type, caller, caller_type, gas, gas_used,
      input, payer_account_id, recipient_account, recipient_address, recipient_contract, result_data, result_data_type, value) VALUES (?, ?, ?, ?, ?, ?, 'CONTRACT', ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?)`);
    const precompile = Buffer.from('0000000000000000000000000000000000000167', 'hex');
    db.transaction(() => {
      // index, depth, operation (CALL 1, STATICCALL 4, DELEGATECALL 3), type (CALL 1, PRECOMPILE 3), caller, gas, used, to address, to contract, result, result type (OUTPUT 11, REVERT_REASON 12), tinybars
      insert.run(top.at, 1, 1, 1, 1, top.contract, 30000, 12345, Buffer.from('d09de08a', 'hex'), top.payer, null, other, Buffer.alloc(0), 11, 250_000_000);
      insert.run(top.at, 2, 2, 4, 3, other, 8000, 2600, Buffer.from('12345678', 'hex'), top.payer, precompile, null, Buffer.alloc(32), 11, 0);
      insert.run(top.at, 3, 1, 3, 1, top.contract, 9000, 9000, Buffer.from('abcdef01', 'hex'), top.payer, null, other, errorData('not allowed'), 12, 0);
    })();
    return { hash: `0x${top.hash}`, caller: `0.0.${top.caller}`, contract: `0.0.${top.contract}`, other: `0.0.${other}` };
  } finally {
    store.close();
  }
}

test('a contract result shows its internal calls as a tree, failed ones marked', async ({ page }) => {
  const tree = writeCallTree(path.join(serve.dataDir, 'demo.sqlite'));
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(`${serve.instance.uiUrl}#/contract-result?id=${tree.hash}`);

  const card = page.getByTestId('result-actions');
  await expect(card.getByTestId('result-actions-count')).toHaveText('4');
  // The top-level result's page: its transaction's actions are its own.
  await expect(card.getByTestId('result-actions-heading')).toHaveText('Actions');
  const rows = card.getByTestId('action-row');
  await expect(rows).toHaveCount(4);
  expect(await rows.evaluateAll((all) => all.map((row) => row.getAttribute('data-depth')))).toEqual(['0', '1', '2', '1']);
  await expect(card.getByTestId('action-kind')).toHaveText(['CALL', 'CALL', 'PRECOMPILE · STATICCALL', 'DELEGATECALL']);

  // The top-level call from the sender to the contract; the inner ones between contracts, each a link.
  await expect(rows.nth(0).getByTestId('action-from').getByRole('link')).toHaveAttribute('href', `#/entity?id=${tree.caller}`);
  await expect(rows.nth(0).getByTestId('action-to').getByRole('link')).toHaveAttribute('href', `#/entity?id=${tree.contract}`);
  await expect(rows.nth(1).getByTestId('action-to').getByRole('link')).toHaveAttribute('href', `#/entity?id=${tree.other}`);
  // The precompile is known by its long-zero address: its id.
  await expect(rows.nth(2).getByTestId('action-to').getByRole('link')).toHaveText('0.0.359');
  await expect(rows.nth(1).getByTestId('action-value')).toHaveText('2.50000000 ℏ');

  // Only the reverted one is marked, with its reason.
  await expect(card.getByTestId('action-failed')).toHaveCount(1);
  await expect(rows.nth(3)).toHaveAttribute('data-failed', 'true');
  await expect(rows.nth(3).getByTestId('action-failed')).toHaveText('reverted');
  await expect(rows.nth(3)).toContainText('not allowed');
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, 'contract-result-actions-1400');

  await page.setViewportSize({ width: 900, height: 900 });
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, 'contract-result-actions-900');

  // A link opens the entity it names.
  await rows.nth(1).getByTestId('action-to').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`#/contract\\?id=${tree.other.replace(/\./g, '\\.')}`));

  // A child result's page (`nonce` above 0; by hash the mirror finds the result whatever the nonce):
  // the actions the mirror keeps are the whole transaction's, and the card says so.
  await page.goto(`${serve.instance.uiUrl}#/contract-result?id=${tree.hash}&nonce=1`);
  await expect(card.getByTestId('result-actions-count')).toHaveText('4');
  await expect(card.getByTestId('result-actions-heading')).toHaveText('Actions of the whole transaction');
});
