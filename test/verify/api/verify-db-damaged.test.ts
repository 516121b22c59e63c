import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { damagedMarkerFile } from '../../../main/mirror/store/open-or-set-aside.ts';
import { postJson, startVerifyHarness, storageDeployment, storageUpload, tempDir, type VerifyHarness } from '../verify-fixture.ts';
import { damagedDbMessage, damageVerifyTable, MALFORMED } from '../verify-db-fixture.ts';

// A verification database damaged where no start reads it (the verified contracts' pages, as a
// disk fault leaves them) shows only when a request reads those pages. Every route that meets it
// answers 503 naming the file and what happens next, the file is marked so that the next start
// moves it aside (kept, never deleted: it holds the user's verified contracts) and opens a new
// one, and whatever does not meet it keeps serving. It answered 500 "unexpected error" on every
// run, with nothing recorded.

const ADDRESS = storageDeployment().address;
const SOURCE = 'project:/contracts/Storage.sol';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function v2Body(): Record<string, unknown> {
  const { compilationTarget: _target, ...settings } = JSON.parse(storageUpload()['metadata.json']!).settings;
  return { stdJsonInput: { language: 'Solidity', sources: { [SOURCE]: { content: storageUpload()['Storage.sol'] } }, settings }, compilerVersion: '0.8.4+commit.c7e474f2', contractIdentifier: `${SOURCE}:Storage` };
}

let dataDir: string;
let file: string;
let logged: string[];
let harness: VerifyHarness | null;

/** The verification API over the data folder, its log kept in `logged`. */
async function start(): Promise<VerifyHarness> {
  harness = await startVerifyHarness({ log: (line) => void logged.push(line) }, dataDir);
  return harness;
}

async function stop(): Promise<void> {
  await harness?.close();
  harness = null;
}

async function get(route: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${harness!.baseUrl}${route}`);
  return { status: response.status, body: await response.json() };
}

const setAsideFiles = (): string[] => fs.readdirSync(dataDir).filter((name) => /^verify\.sqlite\.unreadable-[0-9TZ-]+$/.test(name));

beforeEach(async () => {
  dataDir = tempDir();
  file = path.join(dataDir, 'verify.sqlite');
  logged = [];
  // A contract verified and the app closed; then the verified contracts' pages damaged.
  await start();
  expect((await postJson(`${harness!.baseUrl}/verify`, { address: ADDRESS, chain: '31337', files: storageUpload() })).body.result[0].status).toBe('perfect');
  await stop();
  damageVerifyTable(file, 'verified_contract');
  logged = [];
});

afterEach(async () => {
  await stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a verification database found damaged by a request', () => {
  it('answers 503 on every route that meets it, naming the file and what happens next, marks it once, and keeps the rest serving', async () => {
    await start();
    const message = damagedDbMessage(file);

    // The first to meet it is a v2 submission (its already-verified check reads the contract): v2's shape.
    expect(await postJson(`${harness!.baseUrl}/v2/verify/31337/${ADDRESS}`, v2Body())).toMatchObject({ status: 503, body: { customCode: 'verification_database_damaged', message, errorId: expect.stringMatching(UUID) } });
    expect(await get(`/v2/contract/31337/${ADDRESS}`)).toEqual({ status: 503, body: { customCode: 'verification_database_damaged', message, errorId: expect.stringMatching(UUID) } });
    expect(await get(`/check-by-addresses?addresses=${ADDRESS}&chainIds=31337`)).toEqual({ status: 503, body: { error: message } });
    expect(await get(`/files/any/31337/${ADDRESS}`)).toEqual({ status: 503, body: { error: message } });

    // Nothing more is stored in a file the next start sets aside: every write is refused, said the same way.
    expect(await postJson(`${harness!.baseUrl}/session/input-files`, { files: storageUpload() })).toMatchObject({ status: 503, body: { error: message } });
    expect(await postJson(`${harness!.baseUrl}/verify`, { address: ADDRESS, chain: '31337', files: storageUpload() })).toMatchObject({ status: 503, body: { error: message } });
    expect(await postJson(`${harness!.baseUrl}/v2/verify/31337/${ADDRESS}`, v2Body())).toMatchObject({ status: 503, body: { customCode: 'verification_database_damaged', message } });

    // What the damage does not reach still answers.
    expect((await fetch(`${harness!.baseUrl}/health`)).status).toBe(200);
    expect(await get('/session/data')).toEqual({ status: 200, body: { contracts: [], unused: [], files: [] } });

    // Marked once, logged once, nothing moved while the file is open.
    expect(fs.readFileSync(damagedMarkerFile(file), 'utf8').trim()).toBe(MALFORMED);
    expect(logged).toEqual([`verify: the verification database ${file} is damaged (${MALFORMED}); it is moved aside when Mirrordesk next starts`]);
    expect(setAsideFiles()).toEqual([]);
  });

  it('is moved aside at the next start, byte for byte, and a new database verifies again', async () => {
    await start();
    expect((await get(`/v2/contract/31337/${ADDRESS}`)).status).toBe(503);
    await stop();
    const damagedBytes = fs.readFileSync(file);

    await start();
    const [aside] = setAsideFiles();
    expect(aside).toBeDefined();
    const asidePath = path.join(dataDir, aside!);
    // Kept, with the note of why beside it; the new file carries no note.
    expect(fs.readFileSync(asidePath).equals(damagedBytes)).toBe(true);
    expect(fs.readFileSync(damagedMarkerFile(asidePath), 'utf8').trim()).toBe(MALFORMED);
    expect(fs.existsSync(damagedMarkerFile(file))).toBe(false);
    expect(logged).toContain(`${file} was found damaged while in use (${MALFORMED}); moved to ${asidePath}, starting a new one`);
    expect(logged).toContain(`verify: contracts verified before are not in the new verification database; "sqlite3 ${asidePath} .recover" may get them back from the moved file`);

    expect((await get(`/v2/contract/31337/${ADDRESS}`)).status).toBe(404);
    expect((await postJson(`${harness!.baseUrl}/verify`, { address: ADDRESS, chain: '31337', files: storageUpload() })).body.result[0].status).toBe('perfect');
    expect((await get(`/v2/contract/31337/${ADDRESS}`)).status).toBe(200);
  });
});

describe('a verification database whose damage cannot be marked', () => {
  it('says so, and asks for the file to be moved aside by hand', async () => {
    await start();
    // Where the note would go is taken once the file is open (a read-only disk fails to write it the same way).
    fs.mkdirSync(damagedMarkerFile(file));
    const answer = await get(`/v2/contract/31337/${ADDRESS}`);
    expect(answer.status).toBe(503);
    expect(answer.body.message).toMatch(new RegExp(`^The verification database ${file} is damaged \\(${MALFORMED}\\) and could not be marked to be moved aside \\(EISDIR: .*\\)\\. `
      + `Quit Mirrordesk and move ${file} aside, with its -wal and -shm files if there are any: a new, empty one is started at the next start\\. `
      + 'Contracts verified before are not in the new one: "sqlite3 <moved file> \\.recover" may get them back from the moved file\\.$'));
    expect(logged).toEqual([expect.stringMatching(new RegExp(`^verify: the verification database ${file} is damaged \\(${MALFORMED}\\), and it could not be marked to be moved aside \\(EISDIR: `))]);
  });
});
