import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

/*
 * axe-core (Deque's accessibility rules engine) run in a page. It runs as an inline script,
 * which the app's Content Security Policy forbids: pages it checks must bypass the CSP.
 */

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation { id: string; impact: string | null; help: string; nodes: Array<{ target: string[]; failureSummary?: string }> }

async function violations(page: Page): Promise<string[]> {
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return found.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')}: ${(n.failureSummary ?? v.help).replace(/\s+/g, ' ')}`));
}

/**
 * Scrolls every box that scrolls sideways to its `step`th view after the first: a box-width at a
 * time from its left edge, the last view at its end (`step` 0 puts each back where it was). Says
 * whether any box had such a view. The boxes are found at step 1 and kept on the window.
 */
function scrollSideways(step: number): Promise<boolean> {
  const kept = window as unknown as { axeSideways?: Array<{ box: Element; left: number }> };
  if (step === 1) {
    kept.axeSideways = [...document.querySelectorAll('body *')]
      .filter((el) => el.clientWidth > 0 && el.scrollWidth > el.clientWidth && !(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) && /^(auto|scroll)$/.test(getComputedStyle(el).overflowX))
      .map((box) => ({ box, left: box.scrollLeft }));
  }
  let moved = false;
  for (const { box, left } of kept.axeSideways ?? []) {
    const end = box.scrollWidth - box.clientWidth;
    if (step === 0) box.scrollLeft = left;
    else if ((step - 1) * box.clientWidth < end) {
      box.scrollLeft = Math.min(step * box.clientWidth, end);
      moved = true;
    }
  }
  if (step === 0) delete kept.axeSideways;
  // A frame for whatever the scrolling lays out anew.
  return new Promise((done) => requestAnimationFrame(() => done(moved)));
}

/**
 * axe's findings for the page as it is now, one line each (rule, impact, where, why), for a readable failure.
 *
 * axe does not scroll boxes: text that a box scrolled sideways keeps out of its view goes unchecked
 * (axe calls it "incomplete", not a violation). A narrow window has such boxes (at 820 px, the
 * Network screen's nodes table). With `scrolledSideways`, each is checked again scrolled on, a
 * box-width at a time to its end, then put back; what shows in more than one view is listed once.
 */
export async function axeFindings(page: Page, { scrolledSideways = false }: { scrolledSideways?: boolean } = {}): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const lines = new Set(await violations(page));
  if (!scrolledSideways) return [...lines];
  try {
    for (let step = 1; await page.evaluate(scrollSideways, step); step += 1) {
      for (const line of await violations(page)) lines.add(line);
    }
  } finally {
    await page.evaluate(scrollSideways, 0);
  }
  return [...lines];
}
