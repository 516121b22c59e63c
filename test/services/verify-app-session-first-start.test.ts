import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppVerifySession } from '../../main/services/verify-app-session.ts';
import type { VerifyService } from '../../main/verify/verify-service.ts';
import { offlineVerifyService, STORAGE_VERSION, storageUpload, tempDir } from '../verify/verify-fixture.ts';

// At a first start the bundled compiler is put into the compilers folder while the Verify screen
// may already show contracts: its version is on its way, and must not be offered for download as
// "not installed" meanwhile (offline, that download fails; a verification would wait for it anyway).

let service: VerifyService;
let dataDir: string;
beforeAll(() => {
  dataDir = tempDir();
  service = offlineVerifyService(dataDir);
});
afterAll(async () => {
  await service.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const upload = storageUpload();
const nextMacrotask = () => new Promise((resolve) => setImmediate(resolve));

describe('the Verify screen\'s session while the bundled compiler is being added', () => {
  it('answers whether a contract\'s compiler is installed once that addition has ended, not "not installed" before', async () => {
    const session = new AppVerifySession(service);
    const files = Object.entries(upload).map(([name, content]) => ({ name, content, encoding: 'utf8' as const }));
    // Nothing being added: a compiler the folder lacks is said to be missing, at once.
    const before = await session.addFiles('first-start', files);
    expect(before.contracts).toMatchObject([{ compilerVersion: STORAGE_VERSION, compilerInstalled: false }]);

    // A stand-in for the bundled compiler, which arrives (as this contract's version) when the test says so.
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => { arrive = resolve; });
    vi.spyOn(service.compilers.folder, 'add').mockImplementation(async () => {
      await arrived;
      fs.mkdirSync(service.compilers.folder.dir, { recursive: true });
      fs.writeFileSync(path.join(service.compilers.folder.dir, `soljson-v${STORAGE_VERSION}.js`), '');
      return STORAGE_VERSION;
    });
    const adding = service.compilers.addBundled();

    let answered = false;
    const viewing = session.view('first-start').finally(() => { answered = true; });
    // Reading the session's view takes no I/O: unanswered after a macrotask, it is waiting.
    await nextMacrotask();
    expect(answered).toBe(false);
    arrive();
    expect(await adding).toBe(STORAGE_VERSION);
    expect((await viewing).contracts).toMatchObject([{ compilerVersion: STORAGE_VERSION, compilerInstalled: true }]);
  });
});
