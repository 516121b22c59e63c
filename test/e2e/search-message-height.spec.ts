import { expect, test } from './serve-fixture.ts';

/**
 * The search box's message floats over the screen: a refused paste of a contract's bytecode
 * (kilobytes) must not cover it. The quote is cut (typed-quote.ts, unit-tested); the box is also
 * held to a height, scrolling inside, for a long message it does not cut (a mirror's own answer).
 * And the Blocks screen's field reads numbers by the search's parser (block-number.ts, unit-tested):
 * checked here that the screen uses it.
 */
const MAX_HEIGHT = 240;

test('a refused long paste leaves the search message a few lines high, and a longer message scrolls inside it', async ({ page, openApp }) => {
  await openApp('#/accounts');
  await expect(page.getByTestId('accounts-screen')).toBeVisible();
  const box = page.getByTestId('search-input');
  await box.fill(`0x${'6080604052348015600f57600080fd5b50'.repeat(140)}`);
  await box.press('Enter');
  const message = page.getByTestId('search-message');
  await expect(message).toContainText('(4,762 characters) is not an entity id');
  // Read whole, without scrolling: a few lines, below the box's limit.
  const refusal = await message.evaluate((element) => ({ height: element.getBoundingClientRect().height, scrolls: element.scrollHeight > element.clientHeight }));
  expect(refusal.height, 'the refusal of a long paste stays a few lines').toBeLessThan(MAX_HEIGHT);
  expect(refusal.scrolls, 'the refusal of a long paste is read whole').toBe(false);

  // The same box with a message far longer than any quote: held to its height, its text scrolled to.
  await message.evaluate((element) => { element.textContent = 'The mirror answered: nothing like this. '.repeat(200); });
  const held = await message.evaluate((element) => ({ height: element.getBoundingClientRect().height, scrolls: element.scrollHeight > element.clientHeight }));
  expect(held.height, 'the message box is held to a height').toBeLessThanOrEqual(MAX_HEIGHT);
  expect(held.scrolls, 'the rest of the message scrolls inside the box').toBe(true);
});

test("the Blocks screen's field says a number past the largest block number is too large, and opens one grouped as the app shows it", async ({ page, openApp }) => {
  await openApp('#/blocks');
  const form = page.getByTestId('block-open');
  await form.getByLabel('Block number').fill('9'.repeat(19));
  await form.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByTestId('block-open-problem')).toHaveText('“9999999999999999999” is larger than any block number: the largest a block can have is 9,223,372,036,854,775,807.');
  await form.getByLabel('Block number').fill('#1,000');
  await form.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(/#\/block\?number=1000$/);
});
