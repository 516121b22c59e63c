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
