import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LedgerStore } from '../../../main/mirror/store/ledger-store.ts';
import { ChainRegistry } from '../../../main/verify/chain/chain-registry.ts';
import { MirrorCodeSource } from '../../../main/verify/chain/mirror-code-source.ts';
import { PROFILE_CHANGED_MESSAGE, ProfileChangedError } from '../../../main/verify/engine/verify-error.ts';
import { deployDemo } from '../demo-chain-fixture.ts';
import { tempDir } from '../verify-fixture.ts';

// The local mirror's code source reads the open profile's store, which a network switch replaces:
// a verification reads through the chain the registry pinned to the store open when it began.

const stores: LedgerStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) if (store.db.open) store.close();
});

function storeWith(name: 'DemoToken' | 'Counter'): { store: LedgerStore; address: string; txHash: string } {
  const store = new LedgerStore({ file: path.join(tempDir(), 'mirror.sqlite') });
  stores.push(store);
  const deployed = deployDemo(store, name, 7001);
  return { store, address: deployed.address, txHash: deployed.txHash };
}

describe('a verification\'s chain over the local mirror', () => {
  it('keeps reading the store open when it was pinned, and says the ledger changed once another one is open', async () => {
    const first = storeWith('DemoToken');
    const second = storeWith('Counter'); // another network: the same address holds other code
    let open = first.store;
    const source = new MirrorCodeSource(() => open.db);
    const registry = new ChainRegistry({ mirrorChainIds: ['298'], mirrorSource: source, rpcUrls: {} });
    const chain = registry.chain('298');
    const firstCode = await chain.sourcify.getBytecode(first.address);
    expect(() => chain.requireSameLedger()).not.toThrow();

    open = second.store; // the profile is switched
    expect(await chain.sourcify.getBytecode(first.address)).toBe(firstCode);
    expect(await chain.creatorTxHash(first.address)).toBe(first.txHash);
    expect(await source.runtimeCode(first.address)).not.toBe(firstCode);
    expect(() => chain.requireSameLedger()).toThrow(ProfileChangedError);
    // The next verification reads the profile open now.
    expect(() => registry.chain('298').requireSameLedger()).not.toThrow();
  });

  it('says the ledger changed once its store is closed (the app shutting down), or opened anew (a switch back to the same profile)', () => {
    const { store } = storeWith('Counter');
    let open = store;
    const registry = new ChainRegistry({ mirrorChainIds: ['298'], mirrorSource: new MirrorCodeSource(() => open.db), rpcUrls: {} });
    const beforeReopening = registry.chain('298');
    open = new LedgerStore({ file: store.db.name });
    stores.push(open);
    expect(() => beforeReopening.requireSameLedger()).toThrow(PROFILE_CHANGED_MESSAGE);

    const beforeClosing = registry.chain('298');
    open.close();
    expect(() => beforeClosing.requireSameLedger()).toThrow(ProfileChangedError);
    expect(new ProfileChangedError()).toMatchObject({ kind: 'profile_changed', httpStatus: 503 });
  });

  it('never says so of a chain read over JSON-RPC, which no switch replaces', () => {
    const registry = new ChainRegistry({ mirrorChainIds: [], mirrorSource: null, rpcUrls: { '1': 'http://127.0.0.1:9/rpc' } });
    const chain = registry.chain('1');
    expect(() => chain.requireSameLedger()).not.toThrow();
  });
});
