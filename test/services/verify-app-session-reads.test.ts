import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppVerifySession } from '../../main/services/verify-app-session.ts';
import type { VerifyService } from '../../main/verify/verify-service.ts';
import { offlineVerifyService, storageUpload, tempDir } from '../verify/verify-fixture.ts';

// Every zip the verification code opens, counted: the Verify screen's upload check and the session
// share one module to open zips with.
const opened = vi.hoisted(() => ({ zips: 0 }));
vi.mock('../../main/verify/engine/zip-archive.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../main/verify/engine/zip-archive.ts')>();
  return {
    ...original,
    zipEntries: (...args: Parameters<typeof original.zipEntries>) => {
      opened.zips += 1;
      return original.zipEntries(...args);
    },
  };
});

/** The Verify screen's uploads: each file is read once, by the check that finds unreadable ones; the session takes what it read. */
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
afterEach(() => {
  opened.zips = 0;
  vi.restoreAllMocks();
});

const upload = storageUpload();

describe('AppVerifySession.addFiles', () => {
  it('inflates an uploaded zip once: the session takes the files the upload check found', async () => {
    const zip = new JSZip();
    zip.file('project/metadata.json', upload['metadata.json']!);
    zip.file('project/contracts/Storage.sol', upload['Storage.sol']!);
    const content = (await zip.generateAsync({ type: 'nodebuffer' })).toString('base64');
    const added = await new AppVerifySession(service).addFiles('zip-once', [{ name: 'project.zip', content, encoding: 'base64' }]);
    expect(added.unreadable).toEqual([]);
    expect(added.files).toEqual(['project.zip']);
    expect(added.contracts).toMatchObject([{ name: 'Storage', found: ['project:/contracts/Storage.sol'], missing: [] }]);
    expect(opened.zips).toBe(1);
  });

  it('parses an uploaded JSON file once: the build-output reading takes the value the upload check parsed', async () => {
    const artifact = JSON.stringify({ abi: [], rawMetadata: upload['metadata.json'] });
    const parse = vi.spyOn(JSON, 'parse');
    const added = await new AppVerifySession(service).addFiles('json-once', [
      { name: 'out/Storage.sol/Storage.json', content: artifact, encoding: 'utf8' },
      { name: 'src/Storage.sol', content: upload['Storage.sol']!, encoding: 'utf8' },
    ]);
    expect(added.contracts).toMatchObject([{ name: 'Storage', found: ['project:/contracts/Storage.sol'], missing: [] }]);
    // The artifact's own text; the session then reads the metadata it carries.
    expect(parse.mock.calls.filter(([text]) => text === artifact)).toHaveLength(1);
  });

  it('leaves out a zip with an unsafe file name, saying which file, and adds the rest', async () => {
    const zip = new JSZip();
    zip.file('../../outside.sol', 'contract Outside {}');
    const content = (await zip.generateAsync({ type: 'nodebuffer' })).toString('base64');
    const added = await new AppVerifySession(service).addFiles('unsafe-name', [
      { name: 'evil.zip', content, encoding: 'base64' },
      { name: 'Storage.sol', content: upload['Storage.sol']!, encoding: 'utf8' },
    ]);
    expect(added.unreadable).toEqual([{ name: 'evil.zip', reason: 'the name of its file "../../outside.sol" must not contain ".." segments' }]);
    expect(added.files).toEqual(['Storage.sol']);
  });
});
