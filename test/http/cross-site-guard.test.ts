import { describe, expect, it } from 'vitest';
import { isCrossSiteWrite, isLoopbackOrigin } from '../../main/http/cross-site-guard.ts';

describe('cross-site guard of the local APIs', () => {
  it.each([
    'http://127.0.0.1:5173', 'http://localhost:3000', 'http://[::1]:8080', 'http://localhost', 'https://localhost:8443', 'http://127.0.0.2:1',
  ])('takes %s for a page on this machine', (origin) => {
    expect(isLoopbackOrigin(origin)).toBe(true);
    expect(isCrossSiteWrite('POST', { origin })).toBe(false);
  });

  it.each([
    'https://evil.example', 'http://localhost.evil.example', 'http://127.0.0.1.evil.example', 'null', 'app://mirrordesk', 'file://', 'not a url', '',
  ])('refuses a state change from %s', (origin) => {
    expect(isLoopbackOrigin(origin)).toBe(false);
    expect(isCrossSiteWrite('POST', { origin })).toBe(true);
    expect(isCrossSiteWrite('DELETE', { origin })).toBe(true);
  });

  it('lets reads through whatever their origin: the browser keeps their answers from other sites', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) expect(isCrossSiteWrite(method, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).toBe(false);
  });

  it('reads Sec-Fetch-Site when there is no Origin, and lets clients that send neither through', () => {
    expect(isCrossSiteWrite('POST', { 'sec-fetch-site': 'cross-site' })).toBe(true);
    expect(isCrossSiteWrite('POST', { 'sec-fetch-site': 'same-origin' })).toBe(false);
    expect(isCrossSiteWrite('POST', { 'sec-fetch-site': 'none' })).toBe(false);
    expect(isCrossSiteWrite('POST', {})).toBe(false);
  });
});
