import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { defaultMirrorApiConfig, type MirrorApiConfig } from '../../main/mirror/config.ts';
import { customProfile, findProfile } from '../../main/services/network-profiles.ts';
import { profileMirrorConfig } from '../../main/services/profile-mirror-config.ts';
import { closeApps, startApp } from './profile-switch-fixture.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-profile-mirror-config-'));
afterEach(closeApps);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const builtIn = (name: string) => findProfile(name)!;
const chainIdOf = (profile: Parameters<typeof profileMirrorConfig>[0], base: MirrorApiConfig = defaultMirrorApiConfig()) =>
  profileMirrorConfig(profile, () => base)().contractCall?.chainId;

describe('the chain id the contract call EVM reports, per profile', () => {
  it('is the profile\'s own, else a local network\'s 298: on the demo ledger and on a custom profile without one', () => {
    expect(chainIdOf(builtIn('demo'))).toBe(298);
    expect(chainIdOf(builtIn('testnet'))).toBe(296);
    expect(chainIdOf(customProfile('http://127.0.0.1:1', null, 1234))).toBe(1234);
    expect(chainIdOf(customProfile('http://127.0.0.1:1', null, null))).toBe(298);
  });

  it('gives way to a chain id set in the configuration, and keeps the rest of it', () => {
    const base = { ...defaultMirrorApiConfig(), contractCall: { chainId: 7, maxGasLimit: 100_000 } };
    const config = profileMirrorConfig(builtIn('demo'), () => base)();
    expect(config.contractCall).toEqual({ chainId: 7, maxGasLimit: 100_000 });
    expect(config.response).toBe(base.response);
  });

  it('reaches POST /contracts/call on the demo profile: CHAINID is 298, as the demo\'s Ethereum transactions are signed', async () => {
    const app = await startApp({ dataDir: path.join(dir, 'demo') });
    await app.ready;
    // Init code that returns CHAINID as one word: CHAINID PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN.
    const answer = await fetch(`${app.urls.mirror}/api/v1/contracts/call`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: '0x4660005260206000f3' }),
    });
    expect(answer.status).toBe(200);
    expect(BigInt(((await answer.json()) as { result: string }).result)).toBe(298n);
  }, 60_000);
});
