import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ApiFailure } from '../../main/bridge/api-error.ts';
import { CustomProfiles } from '../../main/services/custom-profiles.ts';
import { ownServiceProblem, type OwnServiceUrls } from '../../main/services/own-service-urls.ts';
import { createProfileHandlers } from '../../main/services/profile-handlers.ts';
import { closeApps, startApp } from './profile-switch-fixture.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-own-urls-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
afterEach(closeApps);

const own: OwnServiceUrls = { mirror: 'http://127.0.0.1:47801', status: 'http://127.0.0.1:47803', verify: 'http://127.0.0.1:47802' };

describe("a profile's URL that is one of the app's own services", () => {
  it("is the app's mirror API however the loopback host is written, whatever the path", () => {
    for (const url of ['http://127.0.0.1:47801', 'http://localhost:47801', 'http://LOCALHOST.:47801', 'http://[::1]:47801', 'http://127.1:47801', 'http://127.0.0.2:47801', 'http://0.0.0.0:47801', 'http://[::ffff:127.0.0.1]:47801', 'http://127.0.0.1:47801/api/v1']) {
      expect(ownServiceProblem(url, 'mirror', own), url).toBe(
        `${url} is this app's own mirror API: it serves the open profile's data, not a network, so a profile syncing from it would copy from itself. Give the address of a network's mirror node, e.g. http://127.0.0.1:5551 for a local node.`,
      );
    }
  });

  it('is not another port, another host or a service that is not running', () => {
    expect(ownServiceProblem('http://127.0.0.1:5551', 'mirror', own)).toBeNull();
    expect(ownServiceProblem('http://192.168.1.20:47801', 'mirror', own)).toBeNull();
    expect(ownServiceProblem('https://mainnet-public.mirrornode.hedera.com', 'mirror', own)).toBeNull();
    // Port 80 is taken for a URL without one: only when a service listens on 80 is that one of them.
    expect(ownServiceProblem('http://localhost', 'mirror', own)).toBeNull();
    expect(ownServiceProblem('http://localhost', 'mirror', { ...own, mirror: 'http://127.0.0.1:80' })).not.toBeNull();
    expect(ownServiceProblem('http://127.0.0.1:47802', 'mirror', { ...own, verify: null })).toBeNull();
  });

  it('names the service for a status page on its status API, and for either URL on another of its services', () => {
    expect(ownServiceProblem('http://localhost:47803', 'status', own)).toBe(
      "http://localhost:47803 is this app's own status API: it reports the open profile's status page, not a network's, so a profile watching it would watch itself. Give the network's own status page, e.g. https://status.hedera.com.",
    );
    expect(ownServiceProblem('http://127.0.0.1:47803', 'mirror', own)).toBe("http://127.0.0.1:47803 is this app's own status API, not a network's mirror node.");
    expect(ownServiceProblem('http://127.0.0.1:47802', 'mirror', own)).toBe("http://127.0.0.1:47802 is this app's own verification API, not a network's mirror node.");
    expect(ownServiceProblem('http://127.0.0.1:47801', 'status', own)).toBe("http://127.0.0.1:47801 is this app's own mirror API, not a network's status page.");
  });
});

describe('the profile channels refuse them', () => {
  const handlers = createProfileHandlers({ dataDir: path.join(dir, 'handlers') }, () => 'demo', undefined, undefined, undefined, () => own);
  const refusal = (work: () => unknown) => {
    try {
      work();
    } catch (error) {
      return error instanceof ApiFailure ? error.toApiError() : error;
    }
    return null;
  };

  it('at a check, without asking the URL', () => {
    expect(refusal(() => handlers['network/profiles/check']({ mirrorUrl: 'http://localhost:47801' }))).toMatchObject({
      code: 'invalid-input', details: [expect.stringMatching(/^http:\/\/localhost:47801 is this app's own mirror API: /)],
    });
  });

  it('at a save, saving nothing, each URL said', () => {
    expect(refusal(() => handlers['network/profiles/save']({ name: 'loopback', mirrorUrl: 'http://[::1]:47801', statusUrl: 'http://127.0.0.1:47803', chainId: null }))).toMatchObject({
      code: 'invalid-input',
      details: [expect.stringMatching(/^http:\/\/\[::1\]:47801 is this app's own mirror API: /), expect.stringMatching(/^http:\/\/127\.0\.0\.1:47803 is this app's own status API: /)],
    });
    expect(new CustomProfiles(path.join(dir, 'handlers')).list()).toEqual([]);
    // Another loopback port is somebody else's: saved.
    expect(refusal(() => handlers['network/profiles/save']({ name: 'local-node', mirrorUrl: 'http://localhost:5551', statusUrl: null, chainId: null }))).toBeNull();
  });
});

describe('the running app', () => {
  it('refuses its own mirror port at a check and at a save, and a switch to a profile saved with it, staying on the open one', async () => {
    const dataDir = path.join(dir, 'app');
    const app = await startApp({ dataDir });
    await app.ready;
    const port = new URL(app.urls.mirror).port;
    const checked = await app.dispatch('network/profiles/check', { mirrorUrl: `http://localhost:${port}` });
    expect(checked).toMatchObject({ ok: false, error: { code: 'invalid-input', details: [expect.stringContaining("is this app's own mirror API")] } });
    const saved = await app.dispatch('network/profiles/save', { name: 'loopback', mirrorUrl: `http://127.0.0.1:${port}`, statusUrl: null, chainId: null });
    expect(saved).toMatchObject({ ok: false, error: { code: 'invalid-input' } });

    // One saved before the app refused it (or written into the file by hand) is refused when switched to.
    new CustomProfiles(dataDir).save({ name: 'loopback', mirrorUrl: `http://127.0.0.1:${port}`, statusUrl: null, chainId: null });
    const switched = await app.dispatch('network/switch', { name: 'loopback' });
    expect(switched).toMatchObject({ ok: false, error: { code: 'invalid-input', details: [expect.stringContaining("is this app's own mirror API")] } });
    expect(await app.dispatch('network/status', null)).toMatchObject({ ok: true, value: { name: 'demo' } });
  }, 60_000);

  it('refuses to start on a profile that syncs from its own mirror port, saying so', async () => {
    // A port known free now, given to the app as its mirror port and to the profile as its upstream.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const starting = startApp({ dataDir: path.join(dir, 'start'), network: 'custom', upstreamMirror: `http://localhost:${port}`, ports: { mirror: port, status: 0 } });
    await expect(starting).rejects.toThrow(new RegExp(`^http://localhost:${port} is this app's own mirror API: `));
  });
});
