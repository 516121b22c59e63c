import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listenOnLoopback } from '../../main/http/listen.ts';
import { closeApps, startApp } from '../services/profile-switch-fixture.ts';
import { mirrorApiFixture } from '../helpers/mirror-api-fixture.ts';
import { rawExchange } from '../helpers/raw-exchange.ts';

// A request Node's HTTP parser refuses before any route sees it (a URL too long for its 16 KiB of
// headers) still gets the API's own error body: from the mirror app listening itself, and from the
// app's mirror and status ports, which hand requests to the current profile's apps (SwitchableServer).

const fixture = mirrorApiFixture(() => undefined, { hostCheck: false });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-client-error-'));
afterAll(async () => {
  await closeApps();
  fs.rmSync(dir, { recursive: true, force: true });
});

const oversized = `GET /api/v1/transactions?account.id=${'1'.repeat(20_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
const MIRROR_BODY = { _status: { messages: [{ message: 'Exceeded maximum allowed HTTP header size' }] } };

function parsed(answer: string): { statusLine: string; body: unknown } {
  const [head, body] = answer.split('\r\n\r\n');
  return { statusLine: head!.split('\r\n')[0]!, body: JSON.parse(body!) };
}

describe('a request too large for Node to parse', () => {
  it('gets 431 in the mirror error body from the mirror app listening itself', async () => {
    const url = await listenOnLoopback(fixture.api.server, 0);
    expect(parsed(await rawExchange(url, oversized))).toEqual({ statusLine: 'HTTP/1.1 431 Request Header Fields Too Large', body: MIRROR_BODY });
  });

  it('gets the same from the app\'s mirror port, and the status API\'s own body from its port', async () => {
    const app = await startApp({ dataDir: path.join(dir, 'app') });
    await app.ready;
    expect(parsed(await rawExchange(app.urls.mirror, oversized))).toEqual({ statusLine: 'HTTP/1.1 431 Request Header Fields Too Large', body: MIRROR_BODY });
    expect(parsed(await rawExchange(app.urls.status!, oversized))).toEqual({
      statusLine: 'HTTP/1.1 431 Request Header Fields Too Large', body: { error: 'Exceeded maximum allowed HTTP header size' },
    });
  }, 60_000);
});
