import zlib from 'node:zlib';
import { unzipFiles, type PathBuffer } from '@ethereum-sourcify/lib-sourcify';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { MAX_UNPACKED_FILES, unpackZip, unpackZips } from '../../../main/verify/engine/unpack-zips.ts';
import { TooLargeError } from '../../../main/verify/engine/verify-error.ts';
import { ZipEntryNameError } from '../../../main/verify/engine/zip-entry-paths.ts';
import { storageUpload } from '../verify-fixture.ts';
import { zerosThenBrokenZip, zerosZip, zipOf } from '../zip-fixture.ts';

const MIB = 1024 * 1024;
const session = { bytes: 50 * MIB, scope: 'a session may hold' };

async function jszip(files: Record<string, string | Buffer | null>, options: { compression?: 'STORE' | 'DEFLATE'; comment?: string } = {}): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, content] of Object.entries(files)) {
    if (content === null) zip.folder(name);
    else zip.file(name, content);
  }
  return zip.generateAsync({ type: 'nodebuffer', compression: options.compression ?? 'DEFLATE', comment: options.comment });
}

/** What lib-sourcify's own unzipping (JSZip, no limit) makes of the same files. */
async function libSourcify(files: PathBuffer[]): Promise<Array<[string, string]>> {
  const copy = files.map((f) => ({ ...f }));
  await unzipFiles(copy);
  return copy.map((f) => [f.path, f.buffer.toString('latin1')]);
}

/** A stored (uncompressed) entry, for names no zip library would write. */
const stored = (name: string, text = `// ${name}`) => ({ name, data: Buffer.from(text), method: 0 as const, size: Buffer.byteLength(text) });

const shape = (files: PathBuffer[]) => files.map((f): [string, string] => [f.path, f.buffer.toString('latin1')]);

describe('unpackZips', () => {
  it('unpacks as lib-sourcify does: one level, folders and __MACOSX left out, plain files first', async () => {
    const inner = await jszip({ 'inner.sol': 'contract Inner {}' });
    const project = await jszip({
      'contracts/': null,
      'contracts/Storage.sol': storageUpload()['Storage.sol']!,
      'metadata.json': storageUpload()['metadata.json']!,
      '__MACOSX/contracts/._Storage.sol': 'resource fork',
      'nested.zip': inner,
    });
    const stored = await jszip({ 'Notes.sol': 'contract Notes {}' }, { compression: 'STORE', comment: 'a comment' });
    const files = [
      { path: 'A.sol', buffer: Buffer.from('contract A {}') },
      { path: 'project.zip', buffer: project },
      { path: 'B.sol', buffer: Buffer.from('contract B {}') },
      { path: 'stored.zip', buffer: stored },
    ];
    const unpacked = await unpackZips(files, session);
    expect(shape(unpacked.files)).toEqual(await libSourcify(files));
    expect(unpacked.files.map((f) => f.path)).toEqual(['A.sol', 'B.sol', 'contracts/Storage.sol', 'metadata.json', 'nested.zip', 'Notes.sol']);
    expect(unpacked.bytes).toBe(26 + Math.max(project.length, unpacked.files.slice(2, 5).reduce((n, f) => n + f.buffer.length, 0)) + stored.length);
  });

  it('reads a zip with bytes before it (a self-extractor stub), as JSZip does', async () => {
    const zip = Buffer.concat([Buffer.from('PK\x03\x04 stub of a self-extracting archive'), await jszip({ 'A.sol': 'contract A {}' })]);
    const files = [{ path: 'sfx.zip', buffer: zip }];
    expect(shape((await unpackZips(files, session)).files)).toEqual(await libSourcify(files));
  });

  it('stops a zip that expands past the limit while inflating it, and says which zip and which limit', async () => {
    const bomb = await zerosZip('zeros.sol', 500 * MIB);
    expect(bomb.length).toBeLessThan(MIB);
    const refusal = await unpackZips([{ path: 'bomb.zip', buffer: bomb }], session).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(TooLargeError);
    expect((refusal as TooLargeError).httpStatus).toBe(413);
    expect((refusal as Error).message).toBe('bomb.zip unpacks to more than 50 MiB, the most a session may hold (a zip counts as the files it holds, unpacked)');
    // Broken after 60 MiB: inflating it all would end in "could not be inflated"; stopping at 50 MiB never reads that far.
    await expect(unpackZips([{ path: 'late.zip', buffer: zerosThenBrokenZip('zeros.sol', 60 * MIB) }], session)).rejects.toThrow(/^late\.zip unpacks to more than 50 MiB/);
  });

  it('counts the other files and the unpacked files together against the limit', async () => {
    const zip = await zerosZip('zeros.sol', 30 * MIB);
    const plain = { path: 'big.sol', buffer: Buffer.alloc(25 * MIB, 0x61) };
    expect((await unpackZips([{ path: 'z.zip', buffer: zip }], session)).bytes).toBe(30 * MIB);
    await expect(unpackZips([plain, { path: 'z.zip', buffer: zip }], session)).rejects.toThrow(/^z\.zip unpacks to more than 50 MiB with the other files/);
    await expect(unpackZips([plain, plain, plain], session)).rejects.toThrow('the files add up to more than 50 MiB, the most a session may hold');
  });

  it('does not trust the sizes a zip declares', async () => {
    const real = await zerosZip('zeros.sol', 60 * MIB);
    // The same entry claiming to hold 10 bytes (header and central directory).
    const lying = Buffer.from(real);
    lying.writeUInt32LE(10, 22);
    lying.writeUInt32LE(10, lying.length - 22 - 46 - 'zeros.sol'.length + 24);
    await expect(unpackZips([{ path: 'lying.zip', buffer: lying }], session)).rejects.toBeInstanceOf(TooLargeError);
  });

  it('refuses a zip listing more files than one upload may unpack', async () => {
    const many = zipOf(Array.from({ length: MAX_UNPACKED_FILES + 1 }, (_, i) => ({ name: `f${i}.sol`, data: Buffer.alloc(0), method: 0 as const, size: 0 })));
    await expect(unpackZips([{ path: 'many.zip', buffer: many }], session)).rejects.toThrow(`many.zip lists more files than the ${MAX_UNPACKED_FILES} one upload may unpack`);
  });

  it('words a damaged zip as lib-sourcify does', async () => {
    const cut = (await jszip({ 'A.sol': 'contract A {}' })).subarray(0, 40);
    await expect(unpackZips([{ path: 'cut.zip', buffer: cut }], session)).rejects.toThrow(/^Error while unzipping cut\.zip: Corrupted zip/);
  });

  it('drops "." and empty segments of the names, as JSZip (and so Sourcify) does', async () => {
    const files = [{ path: 'p.zip', buffer: zipOf([stored('./contracts//A.sol'), stored('lib/./B.sol'), stored('win\\C.sol')]) }];
    const unpacked = await unpackZips(files, session);
    expect(unpacked.files.map((f) => f.path)).toEqual(['contracts/A.sol', 'lib/B.sol', 'win\\C.sol']);
    expect(shape(unpacked.files)).toEqual(await libSourcify(files));
  });

  it.each([
    ['an absolute path', '/etc/A.sol', 'the name of its file "/etc/A.sol" must be a relative path'],
    ['a drive path', 'C:\\Users\\A.sol', 'the name of its file "C:\\Users\\A.sol" must be a relative path'],
    ['a ".." segment', 'contracts/../../A.sol', 'the name of its file "contracts/../../A.sol" must not contain ".." segments'],
    ['a ".." segment between backslashes', 'contracts\\..\\..\\A.sol', 'the name of its file "contracts\\..\\..\\A.sol" must not contain ".." segments'],
    ['a NUL', 'A.sol\0.txt', 'the name of its file "A.sol?.txt" contains control characters'],
    ['a line break', 'A\nB.sol', 'the name of its file "A?B.sol" contains control characters'],
    ['nothing left once normalised', '.', 'the name of its file "." is not a file name'],
  ])('refuses a zip holding a file with %s in its name, naming it, before inflating anything', async (_case, name, reason) => {
    // Before it, an entry that inflates past the limit: the name is refused first, nothing inflated.
    const zeros = { name: 'zeros.sol', data: zlib.deflateRawSync(Buffer.alloc(MIB)), method: 8 as const, size: MIB };
    const zip = zipOf([zeros, stored(name)]);
    const refusal = await unpackZips([{ path: 'p.zip', buffer: zip }], { bytes: 64 * 1024, scope: 'a session may hold' }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ZipEntryNameError);
    expect(refusal).toMatchObject({ httpStatus: 400, message: `p.zip: ${reason}`, reason });
  });

  it('refuses a zip that holds a name twice, also once normalised, where JSZip would keep one silently', async () => {
    await expect(unpackZips([{ path: 'p.zip', buffer: zipOf([stored('A.sol', 'a'), stored('B.sol'), stored('A.sol', 'b')]) }], session))
      .rejects.toThrow('p.zip: it holds "A.sol" twice: give each file once');
    await expect(unpackZips([{ path: 'p.zip', buffer: zipOf([stored('contracts/A.sol', 'a'), stored('./contracts//A.sol', 'b')]) }], session))
      .rejects.toThrow('p.zip: it holds "contracts/A.sol" twice (as "contracts/A.sol" and as "./contracts//A.sol"): give each file once');
  });

  it('takes a zip\'s files handed on with it instead of inflating it again, under the same limits', async () => {
    const zip = await jszip({ 'A.sol': 'contract A {}' });
    const opened = await unpackZip({ path: 'a.zip', buffer: zip }, session);
    // What was handed on is what comes out: these are not the zip's own files.
    const handed = { ...opened, files: [{ path: 'Handed.sol', buffer: Buffer.from('contract Handed {}') }] };
    expect(shape((await unpackZips([{ path: 'a.zip', buffer: zip, unpacked: handed }], session)).files)).toEqual([['Handed.sol', 'contract Handed {}']]);
    // Opened within a whole session's room, it is held to the room this upload leaves.
    const big = await zerosZip('zeros.sol', 30 * MIB);
    const bigOpened = await unpackZip({ path: 'z.zip', buffer: big }, session);
    const plain = { path: 'big.sol', buffer: Buffer.alloc(25 * MIB, 0x61) };
    await expect(unpackZips([plain, { path: 'z.zip', buffer: big, unpacked: bigOpened }], session)).rejects.toThrow(/^z\.zip unpacks to more than 50 MiB with the other files/);
    await expect(unpackZips([{ path: 'a.zip', buffer: zip, unpacked: { ...opened, listed: MAX_UNPACKED_FILES + 1 } }], session))
      .rejects.toThrow(`a.zip lists more files than the ${MAX_UNPACKED_FILES} one upload may unpack`);
  });
});
