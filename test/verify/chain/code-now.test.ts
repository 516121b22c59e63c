import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { MirrorUnavailable } from '../../../main/mirror/http/availability-gate.ts';
import { LedgerStore } from '../../../main/mirror/store/ledger-store.ts';
import { ChainRegistry } from '../../../main/verify/chain/chain-registry.ts';
import { MirrorCodeSource } from '../../../main/verify/chain/mirror-code-source.ts';
import { deployDemo } from '../demo-chain-fixture.ts';
import { tempDir } from '../verify-fixture.ts';

// What a stored verification is held to on every lookup: the code at its address in the local
// mirror's store now, or why that store cannot say.

const GENERATING: MirrorUnavailable = { message: 'The demo ledger is being generated (40%); try again in a moment', retryAfterSeconds: 5 };
const stores: LedgerStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) if (store.db.open) store.close();
});

function registryOver(options: { complete: boolean; gate?: () => MirrorUnavailable | null }) {
  const store = new LedgerStore({ file: path.join(tempDir(), 'mirror.sqlite') });
  stores.push(store);
  const deployed = deployDemo(store, 'Counter', 7001);
  const source = new MirrorCodeSource(() => store.db, options.gate, () => options.complete);
  return { store, deployed, registry: new ChainRegistry({ mirrorChainIds: ['298'], mirrorSource: source, rpcUrls: { 31337: 'http://127.0.0.1:1' } }) };
}
const MISSING = `0x${(7999).toString(16).padStart(40, '0')}`;

describe('ChainRegistry.codeNow', () => {
  it('reads the code there; an address without any is nothing deployed on a whole ledger (the demo\'s)', () => {
    const { registry, deployed } = registryOver({ complete: true });
    expect(registry.codeNow('298', deployed.address)).toMatchObject({ kind: 'code', runtimeCode: expect.stringMatching(/^0x60/) });
    expect(registry.codeNow('298', MISSING)).toEqual({ kind: 'code', runtimeCode: '0x' });
  });

  it('answers unknown for an address a store synced from an upstream ledger lacks: it may not have reached it yet', () => {
    const { registry, deployed } = registryOver({ complete: false });
    expect(registry.codeNow('298', MISSING)).toEqual({ kind: 'unknown' });
    expect(registry.codeNow('298', deployed.address)).toMatchObject({ kind: 'code' });
  });

  it('answers unreadable while the gate says the ledger cannot answer, and when the store fails to read', () => {
    let gate: MirrorUnavailable | null = GENERATING;
    const { registry, deployed, store } = registryOver({ complete: true, gate: () => gate });
    expect(registry.codeNow('298', deployed.address)).toEqual({ kind: 'unreadable' });
    gate = null;
    expect(registry.codeNow('298', deployed.address)).toMatchObject({ kind: 'code' });
    store.close();
    expect(registry.codeNow('298', deployed.address)).toEqual({ kind: 'unreadable' });
  });

  it('never reads a chain over JSON-RPC', () => {
    const { registry } = registryOver({ complete: true });
    expect(registry.codeNow('31337', MISSING)).toEqual({ kind: 'remote' });
  });

  it('says of a whole chain whether it is remote, as codeNow answers each of its addresses, whatever the gate says', () => {
    const { registry } = registryOver({ complete: true, gate: () => GENERATING });
    expect(registry.isRemote('31337')).toBe(true);
    expect(registry.isRemote('1')).toBe(true);
    expect(registry.isRemote('298')).toBe(false);
    expect(registry.codeNow('298', MISSING)).toEqual({ kind: 'unreadable' });
  });
});
