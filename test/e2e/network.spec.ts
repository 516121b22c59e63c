import { parseJsonLossless } from '../../main/mirror/format/json-out.ts';
import { expect, mirrorJson, screenshot, test, type ServeInstance } from './serve-fixture.ts';
import { goBack } from './history-steps.ts';

/**
 * The Network screen against a real `serve` and its demo ledger: every figure is checked
 * against what the mirror REST port answers for the same resource.
 */

/** Stakes and supplies pass 2^53: the REST answers are read losslessly, int64s beyond it as bigint. */
const mirror = <T>(serve: ServeInstance, path: string): Promise<T> => mirrorJson<T>(serve, path, parseJsonLossless);

/** Tinybars rounded to whole HBAR, grouped: an independent spelling of what the screen should show. */
const wholeHbar = (tinybars: string | number | bigint): string => {
  const value = BigInt(tinybars);
  return `${((value + 50_000_000n) / 100_000_000n).toLocaleString('en-US')} ℏ`;
};

/** `part` of `whole` in percent, rounded to hundredths. */
const percent = (part: string | number | bigint, whole: string | number | bigint): string => {
  const hundredths = (BigInt(part) * 20_000n + BigInt(whole)) / (BigInt(whole) * 2n);
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}%`;
};

interface Node { node_id: number; node_account_id: string; stake: string | number | bigint; stake_rewarded: string | number | bigint; stake_not_rewarded: string | number | bigint; max_stake: string | number | bigint; decline_reward: boolean; associated_registered_nodes?: number[] }

test.describe('network screen', () => {
  test('shows staking, supply, exchange rate, gas prices and every node as the mirror answers them', async ({ page, openApp, serve }) => {
    const stake = await mirror<{ stake_total: string | number | bigint }>(serve, '/api/v1/network/stake');
    const supply = await mirror<{ released_supply: string; total_supply: string }>(serve, '/api/v1/network/supply');
    const rates = await mirror<{ current_rate: { cent_equivalent: number; hbar_equivalent: number } }>(serve, '/api/v1/network/exchangerate');
    const fees = await mirror<{ fees: unknown[] }>(serve, '/api/v1/network/fees');
    const nodes: Node[] = [];
    for (let next: string | null = '/api/v1/network/nodes?limit=25'; next;) {
      const page: { nodes: Node[]; links: { next: string | null } } = await mirror(serve, next);
      nodes.push(...page.nodes);
      next = page.links.next;
    }

    await openApp();
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Network', exact: true }).click();
    await expect(page).toHaveURL(/#\/network$/);
    const screen = page.getByTestId('network-screen');
    await expect(screen.getByTestId('stake-total')).toHaveText(wholeHbar(stake.stake_total));
    await expect(screen.getByTestId('released-supply')).toHaveText(wholeHbar(supply.released_supply));
    await expect(screen.getByTestId('released-share')).toHaveText(percent(supply.released_supply, supply.total_supply));
    const price = rates.current_rate.cent_equivalent / rates.current_rate.hbar_equivalent / 100;
    await expect(screen.getByTestId('current-rate')).toHaveText(`$${price.toFixed(5)}`);
    await expect(screen.getByTestId('gas-row')).toHaveCount(fees.fees.length);

    // Every node, the last ones behind "Load more", with its weight and share of the total.
    const table = screen.getByTestId('network-nodes');
    await expect(table).toHaveAttribute('data-status', 'ready');
    while (await table.getByTestId('load-more').isVisible()) {
      const shown = Number(await table.getAttribute('data-count'));
      await table.getByTestId('load-more').click();
      await expect(table).not.toHaveAttribute('data-count', String(shown));
    }
    await expect(table.getByTestId('node-row')).toHaveCount(nodes.length);
    for (const node of nodes) {
      const row = table.locator(`[data-node="${node.node_id}"]`);
      await expect(row.getByTestId('node-stake')).toContainText(wholeHbar(node.stake));
      await expect(row.getByTestId('node-share')).toHaveText(percent(node.stake, stake.stake_total));
      const staked = BigInt(node.stake_rewarded) + BigInt(node.stake_not_rewarded);
      if (staked > BigInt(node.max_stake)) await expect(row.getByTestId('node-stake')).toContainText('capped at its maximum stake');
      if (node.decline_reward) await expect(row).toContainText('declines rewards');
    }
    // The weights add up to the network's total stake (HIP-406: each capped at the node's maximum).
    expect(nodes.reduce((sum, n) => sum + BigInt(n.stake), 0n)).toBe(BigInt(stake.stake_total));
    await screenshot(page, 'network-01-screen');

    // A node's account opens its account page.
    const first = nodes[0]!;
    await table.locator(`[data-node="${first.node_id}"]`).getByRole('link', { name: first.node_account_id }).click();
    await expect(page).toHaveURL(new RegExp(`#/account\\?id=${first.node_account_id.replaceAll('.', '\\.')}$`));

    // The page's requests, each openable as the REST port's answer.
    await goBack(page);
    const answers = screen.getByTestId('api-answer');
    await expect(answers).toHaveCount(6);
    await answers.filter({ hasText: '/api/v1/network/exchangerate' }).locator('summary').click();
    await expect(answers.filter({ hasText: '/api/v1/network/exchangerate' }).getByTestId('api-answer-json')).toContainText(`"cent_equivalent": ${rates.current_rate.cent_equivalent}`);
  });

  test('lists the registered services with each endpoint and what it offers', async ({ page, openApp, serve }) => {
    type Registered = { registered_node_id: number; description: string | null; service_endpoints: Array<{ type: string; domain_name: string | null; ip_address: string | null; port: number }> };
    const { registered_nodes: registered } = await mirror<{ registered_nodes: Registered[] }>(serve, '/api/v1/network/registered-nodes?limit=25');
    expect(registered.length).toBeGreaterThan(0);
    await openApp('#/network');
    const table = page.getByTestId('registered-nodes');
    await expect(table).toHaveAttribute('data-status', 'ready');
    const rows = table.getByTestId('registered-node-row');
    await expect(rows).toHaveCount(registered.length);
    for (const [i, node] of registered.entries()) {
      if (node.description) await expect(rows.nth(i)).toContainText(node.description);
      for (const endpoint of node.service_endpoints) await expect(rows.nth(i)).toContainText(`${endpoint.domain_name ?? endpoint.ip_address}:${endpoint.port}`);
    }
    const relay = registered.findIndex((n) => n.service_endpoints.some((e) => e.type === 'RPC_RELAY'));
    if (relay >= 0) await expect(rows.nth(relay)).toContainText('JSON-RPC relay');
    await table.scrollIntoViewIfNeeded();
    await screenshot(page, 'network-03-registered');
  });

  test('a node in full: from its row, from a staker\'s account, and what a bad node id says', async ({ page, openApp, serve }) => {
    const { nodes } = await mirror<{ nodes: Node[] }>(serve, '/api/v1/network/nodes?limit=25');
    const node = nodes[3]!;
    await openApp('#/network');
    const table = page.getByTestId('network-nodes');
    await expect(table).toHaveAttribute('data-status', 'ready');
    await table.locator(`[data-node="${node.node_id}"]`).getByRole('link', { name: String(node.node_id), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`#/network\\?node=${node.node_id}$`));
    const card = page.getByTestId('node-card');
    await expect(card).toHaveAttribute('data-node', String(node.node_id));
    await expect(card.getByTestId('node-card-stake')).toHaveText(wholeHbar(node.stake));
    await expect(card.getByRole('link', { name: node.node_account_id })).toBeVisible();
    // The registered nodes it names (HIP-1137), as the API lists them.
    expect(node.associated_registered_nodes?.length).toBeGreaterThan(0);
    await expect(card.getByTestId('node-card-registered')).toHaveText(node.associated_registered_nodes!.join(', '));
    await expect(table.locator(`[data-node="${node.node_id}"]`)).toHaveAttribute('aria-current', 'true');
    await screenshot(page, 'network-02-node');

    // An account staking to a node links to it.
    const { accounts } = await mirror<{ accounts: Array<{ account: string; staked_node_id: number | null }> }>(serve, '/api/v1/accounts?account.id=gt:0.0.1000&limit=100&balance=false');
    const staker = accounts.find((a) => a.staked_node_id !== null && a.staked_node_id >= 0);
    expect(staker, 'a node staker among the first 100 user accounts').toBeDefined();
    await openApp(`#/account?id=${staker!.account}`);
    await page.getByTestId('staked-node-link').click();
    await expect(page).toHaveURL(new RegExp(`#/network\\?node=${staker!.staked_node_id}$`));
    await expect(page.getByTestId('node-card')).toHaveAttribute('data-node', String(staker!.staked_node_id));

    // A node id that is not one, and one the address book lacks.
    await openApp('#/network?node=abc');
    await expect(page.getByTestId('node-param-problem')).toContainText('is not a node id');
    await openApp('#/network?node=999');
    await expect(page.getByTestId('not-found')).toContainText('No node here');
    await expect(page.getByTestId('network-nodes')).toHaveAttribute('data-status', 'ready');
  });

  test('a node chosen from the keyboard takes the focus to its card\'s heading, scrolled into view above the lists', async ({ page, openApp }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await openApp('#/network');
    await expect(page).toHaveTitle('Network — Mirrordesk');
    const table = page.getByTestId('network-nodes');
    await expect(table).toHaveAttribute('data-status', 'ready');
    // The last row shown, far down the page: the card opens at the top, out of sight of it. Then
    // another node, whose card replaces the first.
    for (let round = 0; round < 2; round += 1) {
      const nodeId = (await table.locator('[data-testid="node-row"]:not([aria-current="true"])').last().getAttribute('data-node'))!;
      const link = table.locator(`[data-testid="node-row"][data-node="${nodeId}"]`).getByRole('link', { name: nodeId, exact: true });
      await link.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`#/network\\?node=${nodeId}$`));
      const card = page.getByTestId('node-card');
      await expect(card).toHaveAttribute('data-node', nodeId);
      const heading = card.getByRole('heading', { level: 2 });
      await expect(heading).toBeFocused();
      await expect(heading).toBeInViewport({ ratio: 1 });
      await expect(page).toHaveTitle(`Node ${nodeId} — Network — Mirrordesk`);
    }
  });
});
