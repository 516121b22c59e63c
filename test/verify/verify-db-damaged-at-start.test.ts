import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServe, stopProcess, waitForDemoReady, type ServeProcess } from '../helpers/serve-process.ts';
import { damageVerifyTable, MALFORMED } from './verify-db-fixture.ts';

// `serve` on a verification database damaged past its header, where the start reads it (the table
// of v2 jobs, which every start checks for jobs a stopped process left running): the app starts
// with all its services, the file moved aside (kept byte for byte, never deleted) and a new one
// opened, and the log says where the old one went. It used to exit with only
// "serve: database disk image is malformed".

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-verify-db-start-'));
const file = path.join(dataDir, 'verify.sqlite');
const running: ServeProcess[] = [];
afterAll(async () => {
  for (const serve of running) await stopProcess(serve.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function serve(): Promise<ServeProcess> {
  const started = await startServe(['--data-dir', dataDir, '--compilers', path.join(dataDir, 'compilers'), '--solc-bin-mirror', 'off', '--demo-accounts', '30']);
  running.push(started);
  return started;
}

const setAsideFiles = (): string[] => fs.readdirSync(dataDir).filter((name) => /^verify\.sqlite\.unreadable-[0-9TZ-]+$/.test(name));

describe('serve on a verification database whose jobs table is damaged', () => {
  it('starts every service, moves the file aside and says where it went', async () => {
    const first = await serve();
    // Stopped once up (a SIGTERM in its first moments may end it before its handler is in place).
    await waitForDemoReady(first.urls.get('ui')!);
    expect(await first.stopCleanly()).toBe(0);
    damageVerifyTable(file, 'verification_job');
    const damagedBytes = fs.readFileSync(file);

    const second = await serve();
    expect([...second.urls.keys()].sort()).toEqual(['mirror', 'status', 'ui', 'verify']);
    const [aside] = setAsideFiles();
    expect(aside).toBeDefined();
    const asidePath = path.join(dataDir, aside!);
    expect(fs.readFileSync(asidePath).equals(damagedBytes)).toBe(true);
    expect(second.stderr()).toContain(`${file} could not be read as a database (${MALFORMED}); moved to ${asidePath}, starting a new one`);
    expect(second.stderr()).toContain(`verify: contracts verified before are not in the new verification database; "sqlite3 ${asidePath} .recover" may get them back from the moved file`);

    // The new file answers (nothing verified in it yet), and so do the other services.
    expect((await fetch(`${second.urls.get('verify')}/check-by-addresses?addresses=0x${'ab'.repeat(20)}&chainIds=298`)).status).toBe(200);
    await waitForDemoReady(second.urls.get('ui')!);
    expect((await fetch(`${second.urls.get('mirror')}/api/v1/accounts?limit=2`)).status).toBe(200);
    expect((await fetch(`${second.urls.get('status')}/api/v2/scheduled-maintenances/upcoming.json`)).status).toBe(200);
    expect(await second.stopCleanly()).toBe(0);
  });
});
