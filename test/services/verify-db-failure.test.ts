import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDispatcher, type ApiHandlers, type Dispatcher } from '../../main/bridge/dispatch.ts';
import type { ApiResult } from '../../main/common/api-contract.ts';
import { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import { damagedMarkerFile } from '../../main/mirror/store/open-or-set-aside.ts';
import type { ProfileSession } from '../../main/services/profile-session.ts';
import { createVerifyHandlers } from '../../main/services/verify-handlers.ts';
import type { VerifyService } from '../../main/verify/verify-service.ts';
import { overwriteTablePages } from '../helpers/overwrite-table-pages.ts';
import { capAtCurrentSize, damagedDbMessage, damageVerifyTable, diskFullMessage } from '../verify/verify-db-fixture.ts';
import { offlineVerifyService, storageUpload, tempDir } from '../verify/verify-fixture.ts';

// The Verify screen's channels on a verification database that fails: damaged, or on a full
// disk. Each says what happened to which file and what to do (`unavailable`), where the bridge said
// "verify/check failed unexpectedly; see the application log"; once the file is known damaged, the
// channels that write to it are refused the same way. The open profile's ledger failing is not
// the verification database's: it never marks that file.

const ADDRESS = `0x${'ab'.repeat(20)}`;
const FILES = Object.entries(storageUpload()).map(([name, content]) => ({ name, content, encoding: 'utf8' as const }));

let dataDir: string;
let file: string;
let ledger: LedgerStore;
let service: VerifyService | null;
let dispatch: Dispatcher;

function startService(): VerifyService {
  service = offlineVerifyService(dataDir);
  const session = { profile: { name: 'demo', chainId: null }, store: ledger, mirrorUnavailable: () => null } as unknown as ProfileSession;
  dispatch = createDispatcher(createVerifyHandlers({ verify: () => service, session: () => session }).handlers as unknown as ApiHandlers, () => undefined);
  return service;
}

const call = (channel: string, request: unknown): Promise<ApiResult<any>> => dispatch(channel, request);

beforeEach(() => {
  dataDir = tempDir();
  file = path.join(dataDir, 'verify.sqlite');
  ledger = new LedgerStore({ file: path.join(dataDir, 'demo.sqlite') });
});

afterEach(async () => {
  await service?.close();
  service = null;
  ledger.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the verify channels on a damaged verification database', () => {
  it('say it is damaged and what happens next, and refuse the writing channels from then on', async () => {
    await startService().close();
    damageVerifyTable(file, 'verified_contract');
    startService();
    const unavailable = { ok: false, error: { code: 'unavailable', message: damagedDbMessage(file), details: [] } };
    expect(await call('verify/check', { address: ADDRESS })).toEqual(unavailable);
    expect(await call('verify/session', null)).toEqual(unavailable);
    expect(await call('verify/files/add', { files: FILES })).toEqual(unavailable);
    expect(fs.existsSync(damagedMarkerFile(file))).toBe(true);
  });
});

describe('the verify channels on a full disk', () => {
  it('say the disk is full, which file, and what to do', async () => {
    const running = startService();
    expect((await call('verify/session', null)).ok).toBe(true);
    capAtCurrentSize(running.db);
    const added = await call('verify/files/add', { files: FILES });
    expect(added).toMatchObject({ ok: false, error: { code: 'unavailable', message: expect.stringMatching(diskFullMessage(file)) } });
  });
});

describe('the verify channels on a damaged ledger', () => {
  it('never mark the verification database damaged for it', async () => {
    startService();
    ledger.close();
    overwriteTablePages(ledger.file, 'entity');
    ledger = new LedgerStore({ file: ledger.file });
    expect((await call('verify/check', { address: ADDRESS })).ok).toBe(false);
    expect(fs.existsSync(damagedMarkerFile(file))).toBe(false);
    expect(service!.health.damage).toBeNull();
  });
});
