import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { feedFailuresText } from '../../main/status/feed/feed-failures.ts';
import { createStatusService, type StatusService } from '../../main/status/status-service.ts';
import { feeds } from './status-fixture.ts';

const INCIDENTS = '/api/v2/incidents.json';
const UNRESOLVED = '/api/v2/incidents/unresolved.json';
const UPCOMING = '/api/v2/scheduled-maintenances/upcoming.json';

describe('the text of a poll\'s failed feeds', () => {
  it('says a reason every feed failed with once', () => {
    const reason = 'upstream unreachable: ENOTFOUND';
    expect(feedFailuresText([INCIDENTS, UNRESOLVED, UPCOMING].map((p) => ({ path: p, reason })), 3)).toBe(reason);
  });

  it('names each path when the reasons differ, or when only some of the feeds failed', () => {
    expect(feedFailuresText([{ path: INCIDENTS, reason: 'upstream answered HTTP 503' }, { path: UPCOMING, reason: 'upstream timed out' }], 2))
      .toBe(`${INCIDENTS}: upstream answered HTTP 503; ${UPCOMING}: upstream timed out`);
    expect(feedFailuresText([{ path: INCIDENTS, reason: 'upstream answered HTTP 503' }], 3)).toBe(`${INCIDENTS}: upstream answered HTTP 503`);
  });
});

describe('a failed poll of a real page says each reason once', () => {
  const cleanup: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  function open(upstreamUrl: string): StatusService {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-status-error-text-'));
    const service = createStatusService({ file: path.join(dir, 'page.status.sqlite'), source: { upstreamUrl }, extraFeeds: [] });
    cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }), () => service.close());
    return service;
  }

  async function listen(handler: http.RequestListener): Promise<string> {
    const server = http.createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanup.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('a page nobody answers at: its reason once, not once per feed', async () => {
    // A port just let go of: connections to it are refused.
    const url = await listen(() => undefined);
    await cleanup.pop()!();
    const result = await open(url).poller.pollNow();
    expect(result).toEqual({ outcome: 'failed', error: 'upstream unreachable: ECONNREFUSED' });
  });

  it('a page whose feeds fail in different ways: each with its path', async () => {
    const bodies = feeds([]);
    const url = await listen((request, response) => {
      if (request.url === INCIDENTS) response.writeHead(503).end();
      else if (request.url === UPCOMING) response.writeHead(404).end();
      else response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(bodies[request.url!]));
    });
    const service = open(url);
    expect(await service.poller.pollNow()).toEqual({ outcome: 'failed', error: `${INCIDENTS}: upstream answered HTTP 503; ${UPCOMING}: upstream answered HTTP 404` });
    expect(service.poller.state().lastError).toBe(`${INCIDENTS}: upstream answered HTTP 503; ${UPCOMING}: upstream answered HTTP 404`);
  });
});
