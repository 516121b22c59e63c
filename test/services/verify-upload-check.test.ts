import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { readUpload, readUploads } from '../../main/services/verify-upload-check.ts';
import { storageUpload } from '../verify/verify-fixture.ts';
import { zerosThenBrokenZip, zerosZip, zipOf as rawZipOf } from '../verify/zip-fixture.ts';

/** Files named as zips or JSON that the verify session could not read: found and said, not kept as unused files. */
const upload = storageUpload();

async function zipOf(files: Record<string, string>): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, text] of Object.entries(files)) zip.file(name, text);
  return zip.generateAsync({ type: 'nodebuffer' });
}

/** Why the session could not read the file; null when it could. */
async function unreadableReason(path: string, content: Buffer): Promise<string | null> {
  const read = await readUpload(path, content);
  return read.kind === 'unreadable' ? read.reason : null;
}

const stored = (name: string, text: string) => ({ name, data: Buffer.from(text), method: 0 as const, size: Buffer.byteLength(text) });

describe('readUpload', () => {
  it('passes a zip that opens, metadata that parses, and files of other kinds', async () => {
    expect(await unreadableReason('project.zip', await zipOf(upload))).toBeNull();
    expect(await unreadableReason('build/metadata.json', Buffer.from(upload['metadata.json']!))).toBeNull();
    // Not its job: a source is whatever the metadata hashes say.
    expect(await unreadableReason('Storage.sol', Buffer.from([0xff, 0x00, 0x13]))).toBeNull();
  });

  it('says a .zip of random bytes is not a zip archive', async () => {
    const random = Buffer.from(Array.from({ length: 256 }, (_, i) => (i * 151 + 7) % 256));
    expect(await unreadableReason('project.zip', random)).toBe('it is not a zip archive');
    expect(await unreadableReason('PROJECT.ZIP', random)).toBe('it is not a zip archive');
  });

  it('says a zip that starts like one but is cut short could not be opened', async () => {
    const truncated = (await zipOf(upload)).subarray(0, 40);
    expect(await unreadableReason('project.zip', truncated)).toMatch(/^the zip could not be opened \(.+\)$/);
  });

  it('says a zip that unpacks past the session limit is too large, stopping there rather than inflating it all', async () => {
    const bomb = await zerosZip('zeros.sol', 1024 * 1024 * 1024);
    expect(await unreadableReason('bomb.zip', bomb)).toBe('it unpacks to more than the 50 MiB a session may hold');
    // Broken after 60 MiB: inflating it all would end in "could not be opened"; stopping at 50 MiB never reads that far.
    expect(await unreadableReason('late.zip', zerosThenBrokenZip('zeros.sol', 60 * 1024 * 1024))).toBe('it unpacks to more than the 50 MiB a session may hold');
  });

  it('says an empty zip holds no files', async () => {
    expect(await unreadableReason('empty.zip', await zipOf({}))).toBe('the zip holds no files');
  });

  it('says a .json that does not parse is not valid JSON, with the parser\'s reason', async () => {
    expect(await unreadableReason('metadata.json', Buffer.from('{"compiler": {"version": '))).toMatch(/^it is not valid JSON \(.+\)$/);
    expect(await unreadableReason('out/empty.json', Buffer.alloc(0))).toMatch(/^it is not valid JSON/);
  });

  it('names the file of a zip whose name is unsafe, or given twice, and why', async () => {
    expect(await unreadableReason('project.zip', rawZipOf([stored('../../outside.sol', 'x')])))
      .toBe('the name of its file "../../outside.sol" must not contain ".." segments');
    expect(await unreadableReason('project.zip', rawZipOf([stored('contracts/A.sol', 'a'), stored('./contracts/A.sol', 'b')])))
      .toBe('it holds "contracts/A.sol" twice (as "contracts/A.sol" and as "./contracts/A.sol"): give each file once');
  });

  it('hands on what it read: a zip\'s files, a JSON file\'s value', async () => {
    expect(await readUpload('project.zip', await zipOf(upload))).toMatchObject({ kind: 'zip', unpacked: { files: [{ path: 'metadata.json' }, { path: 'Storage.sol' }], listed: 2 } });
    expect(await readUpload('out/A.json', Buffer.from('{"a": [1]}'))).toEqual({ kind: 'json', value: { a: [1] } });
    expect(await readUpload('A.sol', Buffer.from('contract A {}'))).toEqual({ kind: 'other' });
  });
});

describe('readUploads', () => {
  it('keeps the readable files in order and names each unreadable one with its reason', async () => {
    const files = [
      { path: 'a/metadata.json', content: Buffer.from(upload['metadata.json']!) },
      { path: 'a/broken.zip', content: Buffer.from('not a zip at all') },
      { path: 'a/Storage.sol', content: Buffer.from(upload['Storage.sol']!) },
      { path: 'b/metadata.json', content: Buffer.from('nope') },
    ];
    const { toAdd, unreadable } = await readUploads(files);
    expect(toAdd.map((f) => f.path)).toEqual(['a/metadata.json', 'a/Storage.sol']);
    expect(unreadable).toEqual([
      { name: 'a/broken.zip', reason: 'it is not a zip archive' },
      { name: 'b/metadata.json', reason: expect.stringMatching(/^it is not valid JSON/) },
    ]);
  });

  it('reads build outputs as the session understands them', async () => {
    const foundry = JSON.stringify({ abi: [], rawMetadata: upload['metadata.json'] });
    const files = [
      { path: 'out/Storage.sol/Storage.json', content: Buffer.from(foundry) },
      { path: 'artifacts/Storage.json', content: Buffer.from('{"_format": "hh-sol-artifact-1", "abi": []}') },
      { path: 'artifacts/Storage.dbg.json', content: Buffer.from('{"_format": "hh-sol-dbg-1", "buildInfo": "x"}') },
    ];
    const { toAdd } = await readUploads(files);
    expect(toAdd.map((f) => [f.path, f.content.toString('utf8')])).toEqual([['out/Storage.sol/Storage.json', upload['metadata.json']]]);
  });

  it('leaves out a Foundry artifact with a metadata object but no rawMetadata, saying why, as its bytes are not what solc hashed', async () => {
    const metadataOnly = JSON.stringify({ abi: [], metadata: JSON.parse(upload['metadata.json']!) });
    const { toAdd, unreadable } = await readUploads([{ path: 'out/Storage.sol/Storage.json', content: Buffer.from(metadataOnly) }]);
    expect(toAdd).toEqual([]);
    expect(unreadable).toEqual([{ name: 'out/Storage.sol/Storage.json', reason: expect.stringMatching(/^it is a Foundry artifact with a metadata object but no rawMetadata, .*forge build --extra-output-files metadata/) }]);
  });

  it('drops a Foundry artifact with a metadata object but no rawMetadata without a word when its Name.metadata.json came with it', async () => {
    const metadataOnly = JSON.stringify({ abi: [], metadata: JSON.parse(upload['metadata.json']!) });
    const { toAdd, unreadable } = await readUploads([
      { path: 'out/Storage.sol/Storage.json', content: Buffer.from(metadataOnly) },
      { path: 'out/Storage.sol/Storage.metadata.json', content: Buffer.from(upload['metadata.json']!) },
    ]);
    expect(toAdd.map((f) => f.path)).toEqual(['out/Storage.sol/Storage.metadata.json']);
    expect(unreadable).toEqual([]);
  });

  it('holds the zips\' files within one session\'s room together: the zip that would cross it is refused', async () => {
    const twentyMib = 20 * 1024 * 1024;
    const files = [
      { path: 'one.zip', content: await zerosZip('one.sol', twentyMib) },
      { path: 'two.zip', content: await zerosZip('two.sol', twentyMib) },
      { path: 'three.zip', content: await zerosZip('three.sol', twentyMib) },
      { path: 'small.zip', content: await zipOf(upload) },
    ];
    const { toAdd, unreadable } = await readUploads(files);
    // 40 MiB held; the third would make 60 of the 50 a session may hold, the small one still fits.
    expect(toAdd.map((f) => f.path)).toEqual(['one.zip', 'two.zip', 'small.zip']);
    expect(unreadable).toEqual([{ name: 'three.zip', reason: 'it unpacks to more than the 50 MiB a session may hold with the zips sent before it' }]);
  });
});
