import { describe, expect, it } from 'vitest';
import { navCurrent } from '../../../renderer/src/lib/nav-section.ts';

const TABS = ['accounts', 'transactions', 'blocks', 'tokens', 'contracts', 'network', 'verify', 'status'];
/** The tab each tab-less page is marked under, as a user finds it from the bar. */
const UNDER: Record<string, string | undefined> = {
  account: 'accounts', transaction: 'transactions', schedules: 'transactions', schedule: 'transactions', block: 'blocks',
  token: 'tokens', nft: 'tokens', contract: 'contracts', 'contract-result': 'contracts', topic: undefined, entity: undefined, sync: undefined,
};

describe('navCurrent', () => {
  it("marks a tab's own screen as the page, and no other tab", () => {
    for (const shown of TABS) {
      expect(TABS.filter((tab) => navCurrent(tab, shown) !== undefined)).toEqual([shown]);
      expect(navCurrent(shown, shown)).toBe('page');
    }
  });

  it('marks the tab an entity page belongs under as the current section, and only that one', () => {
    for (const [shown, section] of Object.entries(UNDER)) {
      expect(TABS.filter((tab) => navCurrent(tab, shown) !== undefined), shown).toEqual(section ? [section] : []);
      if (section) expect(navCurrent(section, shown)).toBe('true');
    }
  });
});
