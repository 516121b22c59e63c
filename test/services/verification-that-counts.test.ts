import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VerifiedSourcesReply, VerifyCheckReply, VerifySessionView } from '../../main/common/verify-types.ts';
import { storageDeployment, storageModifiedUpload, storageUpload } from '../verify/verify-fixture.ts';
import { storageVerifyHandlers, type StorageVerifyHandlers } from './storage-verify-handlers.ts';

/**
 * A contract verified twice on one chain, under each of the addresses the mirror knows it by: a
 * perfect match under its long-zero address (0.0.1001), then, later, a partial one under its own
 * EVM address. The contract page asks by the EVM address; its badge (`verify/check`) and its
 * Source tab (`verify/sources`, `verify/source-file`) must speak of the same record, the perfect one,
 * whichever address is asked. A real verification service and verify.sqlite, through the dispatcher.
 */
const deployment = storageDeployment();
const LONG_ZERO = `0x${'0'.repeat(37)}3e9`;
const PERFECT_SOURCE = 'project:/contracts/Storage.sol';
let handlers: StorageVerifyHandlers;
const call = <T>(channel: string, request: unknown): Promise<T> => handlers.call<T>(channel, request);

async function verifyUpload(upload: Record<string, string>, address: string): Promise<VerifySessionView['contracts'][number]> {
  await call('verify/session/clear', null);
  const added = await call<VerifySessionView>('verify/files/add', { files: Object.entries(upload).map(([name, content]) => ({ name, content, encoding: 'utf8' })) });
  const verified = await call<VerifySessionView>('verify/contracts/verify', { contracts: [{ verificationId: added.contracts[0]!.verificationId, address, chainId: '298' }] });
  return verified.contracts[0]!;
}

beforeAll(async () => {
  handlers = await storageVerifyHandlers();
  expect(await verifyUpload(storageUpload(), LONG_ZERO)).toMatchObject({ status: 'perfect' });
  // A later verification, so neither "the newer" nor "the address asked" can pick the perfect one.
  await new Promise((resolve) => setTimeout(resolve, 5));
  expect(await verifyUpload(storageModifiedUpload(), deployment.address)).toMatchObject({ status: 'partial' });
}, 180_000);

afterAll(() => handlers.close());

describe('a contract verified under both its long-zero and its EVM address', () => {
  it('has both records in verify.sqlite, one under each address', () => {
    const records = [handlers.service.repository.get('298', LONG_ZERO), handlers.service.repository.get('298', deployment.address)];
    expect(records.map((r) => r && [r.address, r.status])).toEqual([[LONG_ZERO, 'perfect'], [deployment.address, 'partial']]);
  });

  for (const [asked, address] of [['its EVM address', deployment.address], ['its long-zero address', LONG_ZERO]] as const) {
    it(`shows the one verification, the better, in the badge and the Source tab, asked by ${asked}`, async () => {
      const check = await call<VerifyCheckReply>('verify/check', { address });
      // One on the chain: the badge's "Verified on chain 298", once.
      expect(check.verified).toHaveLength(1);
      const badge = check.verified[0]!;
      expect(badge).toMatchObject({ chainId: '298', status: 'perfect', runtimeMatch: 'perfect', name: 'Storage' });
      expect(await call<VerifyCheckReply>('verify/check', { address, chainId: '298' })).toEqual(check);

      const sources = await call<VerifiedSourcesReply>('verify/sources', { address, chainId: badge.chainId });
      expect(sources).toMatchObject({ address: LONG_ZERO, compiledPath: PERFECT_SOURCE });
      const same = (v: typeof badge | VerifiedSourcesReply) => [v.status, v.runtimeMatch, v.creationMatch, v.compilerVersion, v.verifiedAt, v.name];
      expect(same(sources)).toEqual(same(badge));
      expect(sources.sources.map((s) => s.path)).toEqual([PERFECT_SOURCE]);
      expect(await call('verify/source-file', { address, chainId: '298', path: PERFECT_SOURCE })).toEqual({ path: PERFECT_SOURCE, content: storageUpload()['Storage.sol'] });
    });
  }
});
