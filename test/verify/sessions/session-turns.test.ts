import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFF_THREAD_MIN_BYTES } from '../../../main/verify/off-thread-min-bytes.ts';
import { SessionService } from '../../../main/verify/sessions/session-service.ts';
import { postJson, startVerifyHarness, storageUpload, type VerifyHarness } from '../verify-fixture.ts';

// An add reads the session, works out what its files make up (in a helper thread for a large
// upload: awaited) and then writes the new files with a snapshot of what it read. Two adds to one
// session at once, or a clear while an add is under way, must not lose what the other did.

let harness: VerifyHarness;
beforeAll(async () => { harness = await startVerifyHarness(); });
afterAll(async () => harness.close());

/** A Solidity file of about 1.6 MB: large enough to be read by a helper thread. */
function largeSource(name: string): string {
  const text = `// SPDX-License-Identifier: MIT\ncontract ${name} {}\n${'// padding to pass the helper thread threshold\n'.repeat(34_000)}`;
  expect(text.length).toBeGreaterThan(1.5 * OFF_THREAD_MIN_BYTES);
  return text;
}

const cookieOf = (setCookie: string | null) => setCookie!.split(';')[0]!;

describe('one session, changed by requests at once', () => {
  it('keeps both files of two large uploads sent at once, in its files and its snapshot', async () => {
    const first = await postJson(`${harness.baseUrl}/session/input-files`, { files: { 'metadata.json': storageUpload()['metadata.json'] } });
    expect(first.status).toBe(200);
    const cookie = cookieOf(first.setCookie);
    const answers = await Promise.all(['A', 'B'].map((name) =>
      postJson(`${harness.baseUrl}/session/input-files`, { files: { [`${name}.sol`]: largeSource(name) } }, cookie)));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const data = await (await fetch(`${harness.baseUrl}/session/data`, { headers: { cookie } })).json() as { files: string[] };
    expect(data.files).toEqual(['A.sol', 'B.sol', 'metadata.json']);
    const id = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
    expect(harness.service.sessions.files(id).map((f) => f.path)).toEqual(['A.sol', 'B.sol', 'metadata.json']);
    expect(harness.service.sessions.state(id).snapshot?.files).toEqual(['A.sol', 'B.sol', 'metadata.json']);
  });

  it('clears after an add under way, not in its middle', async () => {
    const sessions = new SessionService(harness.service);
    const id = harness.service.sessions.create();
    const adding = sessions.addFiles(id, [{ path: 'A.sol', content: Buffer.from(largeSource('A')) }]);
    const clearing = sessions.clear(id);
    await Promise.all([adding, clearing]);
    expect(harness.service.sessions.files(id)).toEqual([]);
    expect((await sessions.data(id)).files).toEqual([]);
  });

  it('goes on with the next change after one that failed', async () => {
    const sessions = new SessionService(harness.service);
    const id = harness.service.sessions.create();
    const refused = sessions.addFiles(id, [{ path: 'broken.zip', content: Buffer.from('PK\u0003\u0004 not a zip') }]);
    const added = sessions.addFiles(id, [{ path: 'A.sol', content: Buffer.from('contract A {}') }]);
    await expect(refused).rejects.toThrow(/broken\.zip/);
    expect((await added).files).toEqual(['A.sol']);
  });
});
