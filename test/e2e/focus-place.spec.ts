import path from 'node:path';
import { buildSync } from 'esbuild';
import { expect, test } from '@playwright/test';

/**
 * focus-place.ts in a page of its own (it reads the DOM, which the unit tests' Node has not): the
 * place of a link in a counted table is found again when another counted table has come before it.
 */

const MODULE = buildSync({
  entryPoints: [path.resolve('renderer/src/lib/focus-place.ts')],
  bundle: true,
  format: 'iife',
  globalName: 'focusPlace',
  write: false,
}).outputFiles[0]!.text;

/** A windowed list's table as PagedTable draws it: in an element with the list's test id, rows counted. */
const list = (testId: string, href: string): string =>
  `<div data-testid="${testId}"><table aria-rowcount="3"><tbody>`
  + `<tr aria-rowindex="2"><td><a href="${href}">first</a></td></tr>`
  + `<tr aria-rowindex="3"><td><a href="${href}">second</a></td></tr>`
  + '</tbody></table></div>';

test('a table whose list has a test id is found by it, though another counted table came before it', async ({ page }) => {
  await page.setContent(`<main>${list('holders', '#/account?id=0.0.7')}</main>`);
  await page.addScriptTag({ content: MODULE });
  const found = await page.evaluate((before) => {
    const { focusPlaceOf, elementAtPlace } = (window as unknown as { focusPlace: typeof import('../../renderer/src/lib/focus-place.ts') }).focusPlace;
    const main = document.querySelector('main')!;
    const left = document.querySelector('[data-testid="holders"] tr[aria-rowindex="3"] a')!;
    const place = focusPlaceOf(left, main)!;
    // Shown again, a list with the same link has come above it (a panel loaded sooner this time).
    main.innerHTML = before + main.innerHTML;
    const again = elementAtPlace(main, place);
    return { list: again?.closest('[data-testid]')?.getAttribute('data-testid'), text: again?.textContent };
  }, list('transfers', '#/account?id=0.0.7'));
  expect(found).toEqual({ list: 'holders', text: 'second' });
});

test('a table with no test id around it inside the part is found by its position', async ({ page }) => {
  await page.setContent(`<main data-testid="screen"><table aria-rowcount="2"><tbody><tr aria-rowindex="2"><td><a href="#/a">a</a></td></tr></tbody></table>`
    + '<table aria-rowcount="2"><tbody><tr aria-rowindex="2"><td><a href="#/a">b</a></td></tr></tbody></table></main>');
  await page.addScriptTag({ content: MODULE });
  const text = await page.evaluate(() => {
    const { focusPlaceOf, elementAtPlace } = (window as unknown as { focusPlace: typeof import('../../renderer/src/lib/focus-place.ts') }).focusPlace;
    const main = document.querySelector('main')!;
    const place = focusPlaceOf(main.querySelectorAll('a')[1]!, main)!;
    main.innerHTML = main.innerHTML;
    return elementAtPlace(main, place)?.textContent;
  });
  expect(text).toBe('b');
});
