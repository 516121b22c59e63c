import fc from 'fast-check';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHttpBridge, TOKEN_HEADER } from '../../main/bridge/http-bridge.ts';
import { mirrorPathProblem } from '../../main/bridge/validate-mirror-path.ts';
import { listenOnLoopback } from '../../main/http/listen.ts';
import { parseJsonLossless } from '../../main/mirror/format/json-out.ts';
import { ApiEventBus } from '../../main/services/event-bus.ts';
import { BYTECODE, insertContract } from '../helpers/contract-fixture.ts';
import { bridgeFixture } from './bridge-fixture.ts';

const fixture = bridgeFixture();
const TOKEN = 'mirror-get-token-0123456789';
const rendererDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-renderer-'));
const bridge = buildHttpBridge({ dispatch: fixture.dispatch, events: new ApiEventBus(), token: TOKEN, rendererDir, hostCheck: true });
let bridgeUrl = '';
let mirrorUrl = '';
beforeAll(async () => {
  bridgeUrl = await listenOnLoopback(bridge, 0);
  mirrorUrl = await listenOnLoopback(fixture.mirror.server, 0);
});
afterAll(async () => {
  await bridge.close();
  await fixture.dispose();
  fs.rmSync(rendererDir, { recursive: true, force: true });
});

describe('mirror/get over the web bridge', () => {
  it('answers with the body the mirror port sends for the same URL, over real HTTP on both sides', async () => {
    for (const url of ['/api/v1/accounts?limit=4&order=desc', '/api/v1/accounts/0.0.7', '/api/v1/accounts/0.0.424242', '/api/v1/accounts?limit=nope']) {
      const direct = await fetch(`${mirrorUrl}${url}`);
      const directBody = parseJsonLossless(await direct.text());
      const viaBridge = await fetch(`${bridgeUrl}/bridge/call/mirror/get`, {
        method: 'POST', headers: { 'content-type': 'application/json', [TOKEN_HEADER]: TOKEN }, body: JSON.stringify({ path: url }),
      });
      const result = parseJsonLossless(await viaBridge.text()) as { ok: boolean; value?: unknown; error?: { mirror?: unknown } };
      if (direct.ok) expect(result).toEqual({ ok: true, value: { status: direct.status, body: directBody } });
      else expect(result.error?.mirror).toEqual({ status: direct.status, body: directBody });
    }
  });
});

describe('mirror/get over the dispatcher', () => {
  it('returns status and body exactly as the mirror app answers the same URL', async () => {
    for (const path of ['/api/v1/accounts?limit=3', '/api/v1/accounts/0.0.5', '/api/v1/balances?limit=2', '/api/v1/transactions', '/api/v1/network/nodes', '/api/v1/blocks?limit=2']) {
      const viaApi = await fixture.dispatch('mirror/get', { path });
      const viaHttp = await fixture.mirror.server.inject({ method: 'GET', url: path, headers: { host: '127.0.0.1' } });
      expect(viaApi).toEqual({ ok: true, value: { status: viaHttp.statusCode, body: parseJsonLossless(viaHttp.body) } });
    }
  });

  it('reads GET network/fees, the gas prices: only its POST (a fee estimate) is not a read', async () => {
    // This store holds no fee schedule file, so the mirror itself answers 404; the gate let the request through.
    const viaHttp = await fixture.mirror.server.inject({ method: 'GET', url: '/api/v1/network/fees', headers: { host: '127.0.0.1' } });
    const result = await fixture.dispatch('mirror/get', { path: '/api/v1/network/fees' });
    expect(result).toMatchObject({ ok: false, error: { code: 'not-found', mirror: { status: viaHttp.statusCode, body: parseJsonLossless(viaHttp.body) } } });
    expect(mirrorPathProblem('/api/v1/network/fees?timestamp=lt:1700000000')).toBeNull();
  });

  it('answers a mirror 404 with a not-found error carrying the mirror error body', async () => {
    const result = await fixture.dispatch('mirror/get', { path: '/api/v1/accounts/0.0.424242' });
    expect(result).toEqual({
      ok: false,
      error: { code: 'not-found', message: 'Not found', details: ['Not found'], mirror: { status: 404, body: { _status: { messages: [{ message: 'Not found' }] } } } },
    });
  });

  it.each([
    ['no request', null],
    ['an array', ['/api/v1/accounts']],
    ['a number path', { path: 42 }],
    ['an extra field', { path: '/api/v1/accounts', method: 'POST' }],
    ['an empty path', { path: '' }],
    ['a path outside /api/v1/', { path: '/api/v2/incidents.json' }],
    ['a scheme and host', { path: 'http://evil.example/api/v1/accounts' }],
    ['a protocol-relative host', { path: '//evil.example/api/v1/accounts' }],
    ['an empty segment', { path: '/api/v1//accounts' }],
    ['a parent segment', { path: '/api/v1/accounts/../../bridge/call/app/info' }],
    ['an encoded parent segment', { path: '/api/v1/accounts/%2e%2e/x' }],
    ['an encoded slash', { path: '/api/v1/accounts%2F0.0.5' }],
    ['dots in the query', { path: '/api/v1/accounts?x=..' }],
    ['a backslash', { path: '/api/v1/accounts\\0.0.5' }],
    ['a fragment', { path: '/api/v1/accounts#x' }],
    ['a space', { path: '/api/v1/accounts?account.id=0.0.1 ' }],
    ['a control character', { path: '/api/v1/accounts\n' }],
    ['non-ASCII', { path: '/api/v1/accounts/ÿ' }],
    ['a malformed escape', { path: '/api/v1/accounts/%zz' }],
    ['an unknown resource', { path: '/api/v1/bridge' }],
    ['POST-only contracts/call', { path: '/api/v1/contracts/call' }],
    ['contracts/call in other case', { path: '/api/v1/contracts/CALL' }],
    ['an oversized path', { path: `/api/v1/accounts?${'a'.repeat(5000)}` }],
  ])('refuses %s with a typed invalid-input error', async (_name, request) => {
    const result = await fixture.dispatch('mirror/get', request);
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-input', message: 'invalid request for mirror/get' } });
    expect(result.ok ? [] : result.error.details).toHaveLength(1);
  });

  it('never crashes: any string answers ok or a typed client error, never internal', async () => {
    const piece = fc.constantFrom('/api/v1/', 'accounts', 'tokens', 'transactions', 'contracts', 'network', '/', '?', '&', '=', '..', '%2e', '%2F', '0.0.5', 'limit=', 'gt:', 'call', 'fees', '\\', '#', ' ', 'x');
    await fc.assert(fc.asyncProperty(fc.array(piece, { maxLength: 8 }).map((parts) => parts.join('')), async (path) => {
      const result = await fixture.dispatch('mirror/get', { path });
      if (!result.ok) expect(['invalid-input', 'not-found']).toContain(result.error.code);
      if (mirrorPathProblem(path) !== null) expect(result).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    }), { numRuns: 300 });
  });
});

describe('mirror/call over the dispatcher', () => {
  const to = `0x${'0'.repeat(36)}0005`;

  it('answers as POST /api/v1/contracts/call on the mirror app answers the same call', async () => {
    const viaHttp = await fixture.mirror.server.inject({
      method: 'POST', url: '/api/v1/contracts/call', headers: { host: '127.0.0.1', 'content-type': 'application/json' },
      payload: { to, data: '0x06fdde03', block: 'latest', estimate: false },
    });
    const viaApi = await fixture.dispatch('mirror/call', { to, data: '0x06fdde03' });
    // 0.0.5 holds no code in this store: the mirror's EVM refuses the call, and the bridge hands over its answer.
    expect(viaHttp.statusCode).toBe(400);
    expect(viaApi).toMatchObject({ ok: false, error: { code: 'invalid-input', mirror: { status: 400, body: parseJsonLossless(viaHttp.body) } } });
  });

  it('passes value, from and estimate on: the gas, and the payer check the value brings', async () => {
    insertContract(fixture.store, { num: 4242, runtime: BYTECODE.readSlot0 });
    const contract = `0x${'0'.repeat(36)}1092`; // 0.0.4242
    const payer = `0x${'0'.repeat(39)}c`; // 0.0.12, which holds 110 tinybars
    const direct = await fixture.mirror.server.inject({
      method: 'POST', url: '/api/v1/contracts/call', headers: { host: '127.0.0.1', 'content-type': 'application/json' },
      payload: { to: contract, data: '0x', estimate: true },
    });
    expect(direct.statusCode).toBe(200);
    expect(await fixture.dispatch('mirror/call', { to: contract, data: '0x', estimate: true })).toEqual({ ok: true, value: { status: 200, body: JSON.parse(direct.body) } });
    expect(await fixture.dispatch('mirror/call', { to: contract, data: '0x', from: payer, value: '110' })).toMatchObject({ ok: true, value: { status: 200 } });
    const tooMuch = await fixture.dispatch('mirror/call', { to: contract, data: '0x', from: payer, value: '111' });
    expect(tooMuch).toMatchObject({ ok: false, error: { mirror: { status: 400, body: { _status: { messages: [{ message: 'INSUFFICIENT_PAYER_BALANCE' }] } } } } });
  });

  it.each([
    ['no request', null],
    ['no data', { to }],
    ['a short address', { to: '0x1234', data: '0x' }],
    ['an entity id for an address', { to: '0.0.5', data: '0x' }],
    ['data without 0x', { to, data: '06fdde03' }],
    ['half a byte of data', { to, data: '0x06fdde0' }],
    ['a bad from', { to, data: '0x', from: 'me' }],
    ['an extra field', { to, data: '0x', gas: 1 }],
    ['a value as a number', { to, data: '0x', value: 1 }],
    ['a negative value', { to, data: '0x', value: '-1' }],
    ['a value in hex', { to, data: '0x', value: '0x10' }],
    ['a value beyond int64', { to, data: '0x', value: '9223372036854775808' }],
    ['an estimate that is no boolean', { to, data: '0x', estimate: 'yes' }],
    ['more than 128 KiB of data', { to, data: `0x${'00'.repeat(131_073)}` }],
  ])('refuses %s with a typed invalid-input error', async (_name, request) => {
    const result = await fixture.dispatch('mirror/call', request);
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-input', message: 'invalid request for mirror/call' } });
  });
});
