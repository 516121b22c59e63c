import { describe, expect, it } from 'vitest';
import { uploadNotice } from '../../../renderer/src/screens/verify/upload-notice.ts';

describe('uploadNotice', () => {
  it('says what was added when every file could be read', () => {
    expect(uploadNotice(1, 0, [])).toEqual({ tone: 'ok', text: 'Added 1 file.', details: [] });
    expect(uploadNotice(3, 2, [])).toEqual({ tone: 'ok', text: 'Added 3 files (2 other files of the folder left out).', details: [] });
  });

  it('names a lone file that could not be read, as an error, not a success', () => {
    const notice = uploadNotice(0, 0, [{ name: 'broken.zip', reason: 'it is not a zip archive' }]);
    expect(notice).toEqual({ tone: 'error', text: 'Could not read broken.zip: it is not a zip archive. Nothing was added.', details: [] });
  });

  it('lists each unreadable file with why, as a warning when the rest was added', () => {
    const unreadable = [{ name: 'a.zip', reason: 'it is not a zip archive' }, { name: 'out/metadata.json', reason: 'it is not valid JSON (Unexpected end of JSON input)' }];
    expect(uploadNotice(2, 0, unreadable)).toEqual({
      tone: 'warn',
      text: 'Added 2 files, but 2 files could not be read and were left out:',
      details: ['a.zip: it is not a zip archive', 'out/metadata.json: it is not valid JSON (Unexpected end of JSON input)'],
    });
    expect(uploadNotice(1, 4, unreadable.slice(0, 1)).text).toBe('Added 1 file (4 other files of the folder left out), but 1 file could not be read and was left out:');
    expect(uploadNotice(0, 0, unreadable)).toMatchObject({ tone: 'error', text: 'Could not read any of these 2 files; nothing was added:' });
  });
});

describe('uploadNotice, with what else the upload came to', () => {
  it('says where a second metadata.json went and which source replaced another, in an upload that worked', () => {
    expect(uploadNotice(2, 0, [], { renamed: [{ name: 'metadata.json', as: 'metadata (2).json' }], replaced: ['Storage.sol'] })).toEqual({
      tone: 'ok',
      text: 'Added 2 files.',
      details: ['metadata.json is kept as metadata (2).json: the session holds another metadata.json, whose contract stays', 'Storage.sol replaced the earlier Storage.sol, which had other content'],
    });
  });

  it('names a file too large to send, as a warning when the others went', () => {
    const notice = uploadNotice(2, 0, [], { tooLarge: [{ name: 'huge.sol', bytes: 30 * 2 ** 20 }] });
    expect(notice).toEqual({ tone: 'warn', text: 'Added 2 files, but 1 file was left out:', details: ['huge.sol is 30 MiB; the Verify screen takes files up to 24 MiB each — use the verify API for larger'] });
    expect(uploadNotice(0, 0, [], { tooLarge: [{ name: 'huge.sol', bytes: 30.5 * 2 ** 20 }] })).toEqual({
      tone: 'error', text: 'huge.sol is 30.5 MiB; the Verify screen takes files up to 24 MiB each — use the verify API for larger. Nothing was added.', details: [],
    });
  });

  it('counts the files of a refused call as left out, with why', () => {
    const refused = [{ reason: 'the session is full', names: ['a.sol', 'b.sol', 'c.sol', 'd.sol'] }];
    expect(uploadNotice(1, 0, [{ name: 'x.zip', reason: 'it is not a zip archive' }], { refused })).toEqual({
      tone: 'warn', text: 'Added 1 file, but 5 files were left out:', details: ['x.zip: it is not a zip archive', 'the session is full (a.sol, b.sol, c.sol and 1 more)'],
    });
    expect(uploadNotice(0, 0, [], { refused })).toMatchObject({ tone: 'error', text: 'Could not add any of these 4 files; nothing was added:' });
  });
});
