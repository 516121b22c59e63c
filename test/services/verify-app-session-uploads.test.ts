import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { VerifyFileInput } from '../../main/common/verify-types.ts';
import { AppVerifySession, SESSION_CHANGED } from '../../main/services/verify-app-session.ts';
import type { VerifyService } from '../../main/verify/verify-service.ts';
import { VerifyError } from '../../main/verify/engine/verify-error.ts';
import { SessionService } from '../../main/verify/sessions/session-service.ts';
import { FIXTURES, offlineVerifyService, storageUpload, tempDir } from '../verify/verify-fixture.ts';

/**
 * The Verify screen's session as files are picked one by one (bare names, every metadata
 * `metadata.json`), verified from two windows, and read while a verification runs.
 */
const CONSTRUCTOR = path.join(FIXTURES, 'packages/lib-sourcify/test/sources/Constructor');
const storage = storageUpload();
const utf8 = (name: string, content: string): VerifyFileInput => ({ name, content, encoding: 'utf8' });
const storageFiles = [utf8('metadata.json', storage['metadata.json']!), utf8('Storage.sol', storage['Storage.sol']!)];
const constructorFiles = [
  utf8('metadata.json', fs.readFileSync(path.join(CONSTRUCTOR, 'metadata.json'), 'utf8')),
  utf8('StorageConstructor.sol', fs.readFileSync(path.join(CONSTRUCTOR, 'sources/Constructor.sol'), 'utf8')),
];

let service: VerifyService;
let dataDir: string;
beforeAll(() => {
  dataDir = tempDir();
  fs.mkdirSync(path.join(dataDir, 'compilers'));
  service = offlineVerifyService(dataDir);
});
afterAll(async () => {
  await service.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
afterEach(() => vi.restoreAllMocks());

describe('AppVerifySession: files picked one by one', () => {
  it('keeps both contracts when a second metadata.json of another contract is added, and says where it went', async () => {
    const session = new AppVerifySession(service);
    await session.addFiles('two', storageFiles);
    const added = await session.addFiles('two', constructorFiles);
    expect(added.contracts.map((c) => c.name).sort()).toEqual(['Storage', 'StorageConstructor']);
    expect(added.contracts.every((c) => c.missing.length === 0)).toBe(true);
    expect(added.renamed).toEqual([{ name: 'metadata.json', as: 'metadata (2).json' }]);
    expect(added.replaced).toEqual([]);
    // Added again: nothing renamed or doubled.
    const again = await session.addFiles('two', constructorFiles);
    expect(again.renamed).toEqual([]);
    expect(again.files.sort()).toEqual(['Storage.sol', 'StorageConstructor.sol', 'metadata (2).json', 'metadata.json']);
  });

  it('lets a rebuilt contract\'s metadata replace its own, under its number too: no stale card beside it', async () => {
    const session = new AppVerifySession(service);
    await session.addFiles('rebuilt', storageFiles);
    await session.addFiles('rebuilt', constructorFiles);
    const rebuild = (upload: VerifyFileInput): VerifyFileInput => utf8('metadata.json', JSON.stringify(JSON.parse(upload.content), null, 2));
    const storageAgain = await session.addFiles('rebuilt', [rebuild(storageFiles[0]!)]);
    expect(storageAgain.replaced).toEqual(['metadata.json']);
    const again = await session.addFiles('rebuilt', [rebuild(constructorFiles[0]!)]);
    expect(again.replaced).toEqual(['metadata (2).json']);
    expect(again.renamed).toEqual([]);
    expect(again.contracts.map((c) => c.name).sort()).toEqual(['Storage', 'StorageConstructor']);
    expect(again.contracts.every((c) => c.missing.length === 0)).toBe(true);
    expect(again.files.sort()).toEqual(['Storage.sol', 'StorageConstructor.sol', 'metadata (2).json', 'metadata.json']);
  });

  it('names a source that replaced another content of its name', async () => {
    const session = new AppVerifySession(service);
    await session.addFiles('edit', storageFiles);
    const edited = await session.addFiles('edit', [utf8('Storage.sol', `${storage['Storage.sol']!}\n// edited\n`)]);
    expect(edited.replaced).toEqual(['Storage.sol']);
    expect(edited.renamed).toEqual([]);
  });
});

describe('AppVerifySession: verifying', () => {
  it('marks a contract as being verified in every view read meanwhile, and not once its answer is in', async () => {
    const session = new AppVerifySession(service);
    const [contract] = (await session.addFiles('busy', storageFiles)).contracts;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => { release = resolve; });
    vi.spyOn(service.verifier, 'verifyMetadataContract').mockImplementation(async () => {
      await held;
      throw new Error('no chain here');
    });
    const verifying = session.verify('busy', [{ verificationId: contract!.verificationId, address: `0x${'12'.repeat(20)}`, chainId: '298' }]);
    await vi.waitFor(() => expect(service.verifier.verifyMetadataContract).toHaveBeenCalled());
    expect((await session.view('busy')).contracts[0]).toMatchObject({ verifying: true, status: 'pending' });
    release();
    const answered = await verifying;
    expect(answered.contracts[0]).toMatchObject({ verifying: false, status: 'error' });
    expect((await session.view('busy')).contracts[0]!.verifying).toBe(false);
  });

  it('reads a verification ending while the view asks about compilers as still under way, never pending and idle', async () => {
    const session = new AppVerifySession(service);
    const [contract] = (await session.addFiles('race', storageFiles)).contracts;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => { release = resolve; });
    vi.spyOn(service.verifier, 'verifyMetadataContract').mockImplementation(async () => {
      await held;
      throw new Error('no chain here');
    });
    const verifying = session.verify('race', [{ verificationId: contract!.verificationId, address: `0x${'12'.repeat(20)}`, chainId: '298' }]);
    await vi.waitFor(() => expect(service.verifier.verifyMetadataContract).toHaveBeenCalled());
    const installed = service.compilers.installed.bind(service.compilers);
    // The view's envelope is read while the verification runs; it ends before the view is made.
    vi.spyOn(service.compilers, 'installed').mockImplementationOnce(async (version) => {
      release();
      await verifying;
      return installed(version);
    });
    const seen = (await session.view('race')).contracts[0]!;
    expect(seen.status === 'pending' && !seen.verifying).toBe(false);
    expect((await session.view('race')).contracts[0]).toMatchObject({ verifying: false, status: 'error' });
  });

  it('no longer marks a contract as being verified once its verification threw', async () => {
    const session = new AppVerifySession(service);
    const [contract] = (await session.addFiles('threw', storageFiles)).contracts;
    vi.spyOn(SessionService.prototype, 'verifyChecked').mockRejectedValue(new VerifyError('bad_request', 'refused here'));
    const refused = session.verify('threw', [{ verificationId: contract!.verificationId, address: `0x${'12'.repeat(20)}`, chainId: '298' }]);
    await expect(refused).rejects.toMatchObject({ code: 'invalid-input', message: 'refused here' });
    const [after] = (await session.view('threw')).contracts;
    expect(after).toMatchObject({ verificationId: contract!.verificationId, verifying: false });
  });

  it('says a contract another window cleared is gone in the user\'s terms, without its verification id', async () => {
    const session = new AppVerifySession(service);
    const [contract] = (await session.addFiles('cleared', storageFiles)).contracts;
    await session.clear('cleared');
    const refused = session.verify('cleared', [{ verificationId: contract!.verificationId, address: `0x${'12'.repeat(20)}`, chainId: '298' }]);
    await expect(refused).rejects.toMatchObject({ code: 'not-found', message: SESSION_CHANGED });
    expect((await session.view('cleared')).contracts[0]).toBeUndefined();
  });
});
