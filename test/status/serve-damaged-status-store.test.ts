import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatusSnapshot } from '../../main/common/status-types.ts';
import { overwriteTablePages } from '../helpers/overwrite-table-pages.ts';
import { bridgeValue, startServe, waitForDemoReady, type ServeProcess } from '../helpers/serve-process.ts';
import { setAsideStatusFiles } from './damaged-status-file.ts';

// `serve` as a user runs it, on a data folder whose demo status store was damaged past its header
// while it was stopped (pages overwritten, as a disk fault leaves them). It used to stop at the
// first poll (a page of records, feeds or notifications) or at its start (the meta page), naming
// no file, and again at every start. It must start, say which file it moved where, poll the demo
// feed into a new one, and stay up.

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-serve-status-damage-'));
/** A data folder with the demo ledger generated and its status polled, copied for each case. */
const template = path.join(root, 'template');
const running: ServeProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map((serve) => serve.stop()));
  fs.rmSync(root, { recursive: true, force: true });
});

async function start(dataDir: string): Promise<ServeProcess> {
  const serve = await startServe(['--data-dir', dataDir, '--demo-accounts', '300']);
  running.push(serve);
  return serve;
}

/** The Status screen's snapshot once a poll has succeeded (the demo's first poll runs at start). */
async function polledSnapshot(serve: ServeProcess): Promise<StatusSnapshot> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const snapshot = await bridgeValue<StatusSnapshot>(serve.urls.get('ui')!, 'status/snapshot');
    if (snapshot.poll.lastSuccessAt !== null || Date.now() > deadline) return snapshot;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  const serve = await start(template);
  await waitForDemoReady(serve.urls.get('ui')!);
  expect((await polledSnapshot(serve)).poll.lastSuccessAt).not.toBeNull();
  expect(await serve.stopCleanly()).toBe(0);
});

describe('serve on a damaged status store', () => {
  it.each(['status_record', 'status_meta'])('starts with %s overwritten, moves the file aside naming it, polls into a new one and stays up', async (table) => {
    const dataDir = path.join(root, table);
    fs.cpSync(template, dataDir, { recursive: true });
    const file = path.join(dataDir, 'demo.status.sqlite');
    overwriteTablePages(file, table);

    const serve = await start(dataDir);
    const snapshot = await polledSnapshot(serve);
    expect(snapshot.poll.lastSuccessAt).not.toBeNull();
    const [aside] = setAsideStatusFiles(file);
    expect(aside).toBeDefined();
    expect(serve.stderr()).toContain(`${file} could not be read as a database (database disk image is malformed); moved to ${aside}, starting a new one`);
    expect(snapshot.poll.cacheNote).toContain(`The status cache was damaged (database disk image is malformed) and is rebuilt from the status page: the damaged file was moved to ${aside}.`);
    expect(snapshot.unresolved.length + snapshot.upcoming.length).toBeGreaterThan(0);
    // Still up a poll later, and stops as it should.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(serve.child.exitCode).toBeNull();
    expect(await serve.stopCleanly()).toBe(0);
    expect(fs.existsSync(aside!)).toBe(true);
  });
});
