import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VerifiedSourcesReply, VerifySessionView } from '../../main/common/verify-types.ts';
import { STORAGE_VERSION, storageDeployment, storageUpload } from '../verify/verify-fixture.ts';
import { storageVerifyHandlers, type StorageVerifyHandlers } from './storage-verify-handlers.ts';

/**
 * `verify/sources` and `verify/source-file` (the contract page's Source tab) through the real
 * dispatcher, validation included, over a real verification service whose chain 298 reads the
 * deployed code from a real mirror store. Storage is verified first through the session channels.
 */
const deployment = storageDeployment();
const SOURCE = 'project:/contracts/Storage.sol';
let handlers: StorageVerifyHandlers;
const call = <T>(channel: string, request: unknown): Promise<T> => handlers.call<T>(channel, request);
const dispatch = (channel: string, request: unknown) => handlers.dispatch(channel, request);

beforeAll(async () => {
  handlers = await storageVerifyHandlers();
  const upload = storageUpload();
  const added = await call<VerifySessionView>('verify/files/add', { files: Object.entries(upload).map(([name, content]) => ({ name, content, encoding: 'utf8' })) });
  const verified = await call<VerifySessionView>('verify/contracts/verify', { contracts: [{ verificationId: added.contracts[0]!.verificationId, address: deployment.address, chainId: '298' }] });
  expect(verified.contracts[0]!.status).toBe('perfect');
}, 120_000);

afterAll(() => handlers.close());

describe('verify/sources and verify/source-file', () => {
  it('list a verified contract\'s match and sources with their sizes, and hand out one source at a time', async () => {
    const reply = await call<VerifiedSourcesReply>('verify/sources', { address: deployment.address, chainId: '298' });
    const source = storageUpload()['Storage.sol']!;
    expect(reply).toMatchObject({ chainId: '298', address: deployment.address, name: 'Storage', compiledPath: SOURCE, compilerVersion: STORAGE_VERSION, status: 'perfect', runtimeMatch: 'perfect' });
    expect(reply.verifiedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(reply.sources).toEqual([{ path: SOURCE, bytes: Buffer.byteLength(source) }]);
    expect(JSON.parse(reply.metadata)).toMatchObject({ compiler: { version: STORAGE_VERSION } });
    // The list carries no content: a large project's sources do not travel whole.
    expect(JSON.stringify(reply)).not.toContain('function retrieve');
    expect(await call('verify/source-file', { address: deployment.address, chainId: '298', path: SOURCE })).toEqual({ path: SOURCE, content: source });
    // By its long-zero address (0.0.1001), as the contract page may name it.
    const longZero = `0x${'0'.repeat(37)}3e9`;
    expect(await call<VerifiedSourcesReply>('verify/sources', { address: longZero, chainId: '298' })).toMatchObject({ address: deployment.address, name: 'Storage' });
  });

  it('say not-found for an address not verified there, or a path the verification does not have', async () => {
    expect(await dispatch('verify/sources', { address: deployment.address, chainId: '296' })).toMatchObject({ ok: false, error: { code: 'not-found' } });
    expect(await dispatch('verify/sources', { address: `0x${'12'.repeat(20)}`, chainId: '298' })).toMatchObject({ ok: false, error: { code: 'not-found' } });
    const noFile = await dispatch('verify/source-file', { address: deployment.address, chainId: '298', path: 'contracts/Other.sol' });
    expect(noFile).toMatchObject({ ok: false, error: { code: 'not-found', message: 'the verified sources have no file contracts/Other.sol' } });
    // A name every object has is no source of it.
    expect(await dispatch('verify/source-file', { address: deployment.address, chainId: '298', path: 'constructor' })).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });

  it('refuse bad input, naming each problem', async () => {
    const problems = async (channel: string, request: unknown) => {
      const result = await dispatch(channel, request);
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
      return result.ok ? [] : result.error.details;
    };
    expect(await problems('verify/sources', null)).toEqual(['request must be an object with an "address" and a "chainId"']);
    expect(await problems('verify/sources', { address: '0x12', chainId: 298 })).toEqual(['"address" must be a 0x-prefixed 40-digit hex address', '"chainId" must be a decimal chain id such as "298"']);
    expect(await problems('verify/sources', { address: deployment.address })).toEqual(['"chainId" must be a decimal chain id such as "298"']);
    expect(await problems('verify/sources', { address: deployment.address, chainId: '298', path: SOURCE })).toEqual([expect.stringMatching(/path/)]);
    expect(await problems('verify/source-file', { address: deployment.address, chainId: '298' })).toEqual(['"path" must be a source path of 1 to 4096 characters']);
    expect(await problems('verify/source-file', { address: deployment.address, chainId: '298', path: 'x'.repeat(4097) })).toEqual(['"path" must be a source path of 1 to 4096 characters']);
  });
});
