import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStatusService, type StatusService } from '../../main/status/status-service.ts';
import { StatusStore } from '../../main/status/store/status-store.ts';

// A status page on loopback that takes every request and never answers: a poll stays in flight
// until the poller cancels it or its deadline ends it.
let page: http.Server;
let pageUrl = '';
let asked = 0;
let dir = '';
let file = '';
let services: StatusService[] = [];

beforeEach(async () => {
  asked = 0;
  page = http.createServer(() => {
    asked += 1;
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-status-cancel-'));
  file = path.join(dir, 'page.status.sqlite');
  services = [];
});

afterEach(async () => {
  for (const service of services) await service.close();
  page.closeAllConnections();
  await new Promise<void>((resolve) => page.close(() => resolve()));
  fs.rmSync(dir, { recursive: true, force: true });
});

function open(timeoutMs = 60_000): StatusService {
  const service = createStatusService({ file, source: { upstreamUrl: pageUrl }, timeoutMs });
  services.push(service);
  return service;
}

/** The error the status file keeps for the next start to show, read from the file itself. */
function savedError(): string | undefined {
  const store = new StatusStore(file);
  try {
    return store.getMeta('last_error');
  } finally {
    store.close();
  }
}

async function untilAsked(): Promise<void> {
  await expect.poll(() => asked, { message: 'the poll\'s requests reaching the page' }).toBeGreaterThan(0);
}

describe('a poll the poller itself cancels', () => {
  it('stopped in flight (a profile switched away from), it is neither counted nor kept as the page\'s error', async () => {
    const service = open();
    service.poller.start();
    await untilAsked();
    service.poller.stop();
    await service.poller.settled();
    expect(service.poller.state()).toMatchObject({ polling: false, lastError: null, consecutiveFailures: 0 });
    expect(savedError()).toBeUndefined();
  });

  it('cut short by closing the service (the app quitting), the next start shows no error', async () => {
    const service = open();
    service.poller.start();
    await untilAsked();
    await service.close();
    services = [];
    expect(savedError()).toBeUndefined();
    expect(open().snapshot().poll).toMatchObject({ lastError: null, lastErrorAt: null, consecutiveFailures: 0 });
  });

  it('suspended in flight, the check says it was cancelled, and nothing is counted or kept', async () => {
    const service = open();
    const polled = service.poller.pollNow();
    await untilAsked();
    service.poller.suspend();
    expect(await polled).toEqual({ outcome: 'failed', error: 'the check was cancelled: system suspended', cancelled: true });
    expect(service.poller.state()).toMatchObject({ lastError: null, consecutiveFailures: 0 });
    expect(savedError()).toBeUndefined();
  });

  it('ended by its own deadline instead, it is a failure of the page: counted, and kept, said once for all its feeds', async () => {
    const service = open(300);
    expect(await service.poller.pollNow()).toEqual({ outcome: 'failed', error: 'upstream timed out' });
    expect(service.poller.state()).toMatchObject({ lastError: 'upstream timed out', consecutiveFailures: 1 });
    expect(savedError()).toBe('upstream timed out');
  });
});
