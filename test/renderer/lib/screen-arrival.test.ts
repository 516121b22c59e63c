import { describe, expect, it } from 'vitest';
import { parseRoute } from '../../../renderer/src/lib/hash-route.ts';
import { opensAnotherThing, screenTitle } from '../../../renderer/src/lib/screen-arrival.ts';

const route = (hash: string) => parseRoute(hash, 'accounts');

describe('what a route change opens', () => {
  it('another screen, or another entity on the same one, is an arrival', () => {
    expect(opensAnotherThing(route('#/transactions'), route('#/account?id=0.0.1234'))).toBe(true);
    expect(opensAnotherThing(route('#/account?id=0.0.1234'), route('#/account?id=0.0.98'))).toBe(true);
    expect(opensAnotherThing(route('#/block?number=5'), route('#/block?number=6'))).toBe(true);
    expect(opensAnotherThing(route('#/transaction?id=0.0.2-1-2'), route('#/transaction?id=0.0.2-1-2&nonce=1'))).toBe(true);
    // A node opened above the Network screen's lists, or another one.
    expect(opensAnotherThing(route('#/network'), route('#/network?node=0'))).toBe(true);
    expect(opensAnotherThing(route('#/network?node=0'), route('#/network?node=3'))).toBe(true);
  });

  it('a filter, a tab or an open part of the same screen or entity is not', () => {
    expect(opensAnotherThing(route('#/transactions'), route('#/transactions?account.id=0.0.1234&result=fail'))).toBe(false);
    expect(opensAnotherThing(route('#/accounts?account.id=gte:0.0.10'), route('#/accounts?order=desc'))).toBe(false);
    expect(opensAnotherThing(route('#/account?id=0.0.1234'), route('#/account?id=0.0.1234&tab=hooks&hook=1'))).toBe(false);
    expect(opensAnotherThing(route('#/token?id=0.0.1001&tab=nfts'), route('#/token?id=0.0.1001'))).toBe(false);
    expect(opensAnotherThing(route('#/status'), route('#/status?incident=abc'))).toBe(false);
    // The same parameters in another order, or one left empty, name the same thing.
    expect(opensAnotherThing(route('#/account?tab=nfts&id=0.0.5'), route('#/account?id=0.0.5'))).toBe(false);
    expect(opensAnotherThing(route('#/network?node='), route('#/network'))).toBe(false);
  });

  it('another serial of the same collection is another NFT', () => {
    expect(opensAnotherThing(route('#/nft?token=0.0.1104&serial=81'), route('#/nft?token=0.0.1104&serial=82'))).toBe(true);
    expect(opensAnotherThing(route('#/nft?token=0.0.1104&serial=81'), route('#/nft?token=0.0.1105&serial=81'))).toBe(true);
  });
});

describe('the window title', () => {
  it('names the screen', () => {
    expect(screenTitle(route('#/transactions?result=fail'), 'Transactions')).toBe('Transactions — Mirrordesk');
    expect(screenTitle(route(''), 'Accounts')).toBe('Accounts — Mirrordesk');
  });

  it('names the entity a page shows by its id, number or hash', () => {
    expect(screenTitle(route('#/account?id=0.0.1234&tab=nfts'), 'Account')).toBe('Account 0.0.1234 — Mirrordesk');
    expect(screenTitle(route('#/block?number=42'), 'Block')).toBe('Block 42 — Mirrordesk');
    expect(screenTitle(route('#/transaction?id=0.0.2-1712345678-000000001&nonce=2'), 'Transaction')).toBe('Transaction 0.0.2-1712345678-000000001 (child 2) — Mirrordesk');
    expect(screenTitle(route('#/network?node=3'), 'Network')).toBe('Node 3 — Network — Mirrordesk');
    expect(screenTitle(route('#/nft?token=0.0.1104&serial=81'), 'NFT')).toBe('NFT 0.0.1104 #81 — Mirrordesk');
  });

  it('shortens hashes and EVM addresses to their ends', () => {
    expect(screenTitle(route(`#/contract-result?id=0x${'ab'.repeat(32)}`), 'Contract result')).toBe('Contract result 0xababab…ababab — Mirrordesk');
    expect(screenTitle(route('#/account?id=0x00000000000000000000000000000000000004d2'), 'Account')).toBe('Account 0x000000…0004d2 — Mirrordesk');
  });

  it('says so for a screen the app does not have', () => {
    expect(screenTitle(route('#/nowhere'), null)).toBe('Unknown screen — Mirrordesk');
  });
});
