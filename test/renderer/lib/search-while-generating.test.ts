import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../../main/common/api-contract.ts';
import { fakeMirrorGetter as mirror } from '../../helpers/fake-mirror-getter.ts';
import { resolveSearch, searchCandidates } from '../../../renderer/src/lib/search-resolve.ts';
import { classifySearch } from '../../../renderer/src/lib/search-input.ts';

// The header search while the demo ledger is generated (or after its generation failed): the
// mirror answers every lookup 503 with the same words, which the search says as they are, not
// as a synced store whose upstream cannot be reached.

/** The mirror's 503 as the mirror/get handler gives it: its status and body kept. */
const refused = (message: string): ApiResult<never> => ({ ok: false, error: { code: 'unavailable', message, details: [message], mirror: { status: 503, body: { _status: { messages: [{ message }] } } } } });

/** Every lookup of `input` refused with `message`. */
const allRefused = (input: string, message: string) => mirror({}, Object.fromEntries(searchCandidates(classifySearch(input)).map((candidate) => [candidate.path, refused(message)])));

describe('searching a demo ledger that is not complete', () => {
  it('says it is being generated, with its progress', async () => {
    const message = 'The demo ledger is being generated (28%); try again in a moment';
    expect(await resolveSearch('0.0.1001', allRefused('0.0.1001', message).get)).toEqual({ kind: 'error', message });
    expect(await resolveSearch('1001', allRefused('1001', message).get)).toEqual({ kind: 'error', message });
  });

  it('says why it could not be generated', async () => {
    const message = 'The demo ledger could not be generated: database or disk is full';
    expect(await resolveSearch('0.0.1001', allRefused('0.0.1001', message).get)).toEqual({ kind: 'error', message });
  });
});
