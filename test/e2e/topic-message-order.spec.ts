import { expect, screenshot, test } from './serve-fixture.ts';
import type { Page } from '@playwright/test';

/**
 * A busy topic's messages read newest first, from a chosen sequence number, each leading to its
 * transaction: the choices live in the address, so a reload and Back keep them, and the focus
 * stays on the control used.
 */
const TOPIC = '0.0.1115';

/** The sequence numbers of the rows shown, in order. */
async function shownSequence(page: Page, rows = 3): Promise<string[]> {
  const cells = page.getByTestId('message-row').locator('td:first-child');
  await expect(cells.nth(rows - 1)).toBeVisible();
  return (await cells.allTextContents()).slice(0, rows);
}

test('a topic\'s messages in either order, from a sequence number, linked to their transactions', async ({ page, serve, openApp }) => {
  test.setTimeout(90_000);
  // The topic's newest message, as the mirror says (the demo writes the topic; the test does not assume its size).
  const newest = await (await fetch(`${serve.mirrorUrl}/api/v1/topics/${TOPIC}/messages?order=desc&limit=1`)).json() as { messages: Array<{ sequence_number: number }> };
  const last = newest.messages[0]!.sequence_number;
  expect(last).toBeGreaterThan(600);
  const grouped = (n: number): string => n.toLocaleString('en-US');

  await page.setViewportSize({ width: 1400, height: 900 });
  await openApp(`#/topic?id=${TOPIC}`);
  expect(await shownSequence(page)).toEqual(['1', '2', '3']);

  // Newest first: the newest message on top, the choice in the address, the focus still on the select.
  const order = page.getByTestId('message-order');
  // By the keyboard, as a keyboard user changes it: the closed select takes the next option.
  await order.focus();
  await page.keyboard.press('ArrowDown');
  await expect(order).toHaveValue('desc');
  await expect.poll(() => shownSequence(page)).toEqual([grouped(last), grouped(last - 1), grouped(last - 2)]);
  expect(page.url()).toContain(`#/topic?id=${TOPIC}&order=desc`);
  await expect(order).toBeFocused();

  // Go to 500, read back from there.
  const field = page.getByTestId('message-goto');
  await field.fill('500');
  await field.press('Enter');
  await expect.poll(() => shownSequence(page)).toEqual(['500', '499', '498']);
  expect(page.url()).toContain('&order=desc&seq=500');
  await expect(field).toBeFocused();
  await screenshot(page, 'topic-messages-newest-from-500-1400');

  // A reload keeps both.
  await page.reload();
  expect(await shownSequence(page)).toEqual(['500', '499', '498']);
  await expect(page.getByTestId('message-order')).toHaveValue('desc');
  await expect(page.getByTestId('message-goto')).toHaveValue('500');

  // Oldest first from 500 on.
  await page.getByTestId('message-order').selectOption('asc');
  await expect.poll(() => shownSequence(page)).toEqual(['500', '501', '502']);

  // Back steps through the choices made.
  await page.goBack();
  await expect.poll(() => shownSequence(page)).toEqual(['500', '499', '498']);
  await page.goBack();
  await expect.poll(() => shownSequence(page)).toEqual([grouped(last), grouped(last - 1), grouped(last - 2)]);
  await expect(page.getByTestId('message-goto')).toHaveValue('');

  // What is no sequence number is refused at the field; the list stays as it was.
  await field.fill('12a');
  await field.press('Enter');
  await expect(page.getByTestId('message-goto-refused')).toHaveText('A sequence number is a whole number, such as 120.');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(page.url()).not.toContain('seq=');

  // One past the last message is said plainly, naming the last.
  await field.fill(String(last + 1));
  await field.press('Enter');
  await expect(page.getByTestId('message-goto-past')).toHaveText(`There is no message ${grouped(last + 1)} yet: this topic's last is ${grouped(last)}.`);
  await expect(page.getByTestId('message-goto-refused')).toHaveCount(0);
  await screenshot(page, 'topic-messages-past-last-1400');

  // Narrow window: the controls wrap, nothing lost.
  await page.setViewportSize({ width: 900, height: 900 });
  await field.fill('120');
  await field.press('Enter');
  await expect.poll(() => shownSequence(page)).toEqual(['120', '119', '118']);
  await screenshot(page, 'topic-messages-newest-from-120-900');

  // A number typed but not yet gone to stays in the field as the order changes; the start did not
  // change, so the topic's last message is not asked for again.
  const lastAsked: string[] = [];
  // The app asks its mirror through the bridge: the path is in the request's body.
  page.on('request', (request) => { if (request.postData()?.includes(`/topics/${TOPIC}/messages?order=desc&limit=1`)) lastAsked.push(request.postData()!); });
  const typed = `\u200B${grouped(last - 1)}`;
  await field.fill(typed);
  await order.selectOption('asc');
  await expect.poll(() => shownSequence(page)).toEqual(['120', '121', '122']);
  await expect(field).toHaveValue(typed);
  expect(lastAsked).toEqual([]);
  // Written as the list shows it (grouped, from 1,000 on), with an invisible character pasted along: read.
  await field.press('Enter');
  await expect.poll(() => shownSequence(page, 2)).toEqual([grouped(last - 1), grouped(last)]);
  expect(page.url()).toContain(`seq=${last - 1}`);
  await order.selectOption('desc');

  // A message's time leads to its transaction: the submit at that consensus time.
  const row = page.getByTestId('message-row').first();
  const time = row.getByTestId('message-transaction');
  const timestamp = (await time.getAttribute('title'))!.replace(/^.* at /, '');
  await expect(time).toHaveAttribute('href', `#/transactions?timestamp=${timestamp}`);
  await time.click();
  await expect(page.getByTestId('transactions-screen')).toBeVisible();
  await expect(page.getByTestId('transaction-row')).toHaveCount(1);
  await expect(page.getByTestId('transaction-kind')).toContainText('CONSENSUSSUBMITMESSAGE');
});
