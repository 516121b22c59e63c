import { expect, type Page } from '@playwright/test';

/** Calls to one bridge channel, held until a test lets them through, as a slow service would hold them. */
export interface HeldRequests {
  /** How many calls have come so far (held or let through). */
  readonly count: number;
  /** Lets the oldest held call through, once it has come; `answer` replaces the service's reply. */
  release(answer?: unknown): Promise<void>;
}

/**
 * Holds every call the page makes to `channel` (e.g. `verify/examples/add`): a test sees the screen
 * while the call is under way, then releases it.
 */
export async function holdRequests(page: Page, channel: string): Promise<HeldRequests> {
  const held: Array<(answer: unknown) => void> = [];
  let count = 0;
  await page.route(`**/bridge/call/${channel}`, async (route) => {
    count += 1;
    const answer = await new Promise<unknown>((resolve) => held.push(resolve));
    await (answer === undefined ? route.continue() : route.fulfill({ json: answer }));
  });
  return {
    get count() {
      return count;
    },
    async release(answer?: unknown) {
      await expect.poll(() => held.length, `a ${channel} call to let through`).toBeGreaterThan(0);
      held.shift()!(answer);
    },
  };
}
