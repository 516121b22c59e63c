import { describe, expect, it } from 'vitest';
import { entityHref, routeParam, schedulesHref, transactionHref, transactionsHref, withRouteParam } from '../../../renderer/src/lib/explorer-routes.ts';
import { mirrorPageLoader, mirrorPath } from '../../../renderer/src/lib/mirror-source.ts';
import { parseRoute } from '../../../renderer/src/lib/hash-route.ts';

describe('explorer routes', () => {
  it('builds entity routes that parse back', () => {
    expect(entityHref('account', '0.0.1234')).toBe('#/account?id=0.0.1234');
    expect(entityHref('contract-result', '0xab')).toBe('#/contract-result?id=0xab');
    expect(transactionHref('0.0.3-1-000000002')).toBe('#/transaction?id=0.0.3-1-000000002');
    expect(transactionHref('0.0.3-1-000000002', 2)).toBe('#/transaction?id=0.0.3-1-000000002&nonce=2');
    expect(transactionsHref({ transactiontype: 'CRYPTOTRANSFER', result: null, 'account.id': '0.0.5' })).toBe('#/transactions?transactiontype=CRYPTOTRANSFER&account.id=0.0.5');
    expect(schedulesHref({ 'account.id': '0.0.7', order: null })).toBe('#/schedules?account.id=0.0.7');
    const route = parseRoute(entityHref('token', '0.0.5&x=1'), 'accounts');
    expect(route.screen).toBe('token');
    expect(routeParam(route.query, 'id')).toBe('0.0.5&x=1');
  });

  it('reads and replaces route parameters', () => {
    expect(routeParam('id=0.0.5&tab=nfts', 'tab')).toBe('nfts');
    expect(routeParam('id=', 'id')).toBeNull();
    expect(withRouteParam('id=0.0.5&tab=nfts', 'tab', 'rewards')).toBe('id=0.0.5&tab=rewards');
    expect(withRouteParam('id=0.0.5&tab=nfts', 'tab', null)).toBe('id=0.0.5');
  });
});

describe('mirror source', () => {
  it('encodes path segments and drops empty query values', () => {
    expect(mirrorPath(['accounts', '0.0.5', 'nfts'], { limit: 25, order: '', spender: null })).toBe('/api/v1/accounts/0.0.5/nfts?limit=25');
    expect(mirrorPath(['tokens', '../x'])).toBe('/api/v1/tokens/..%2Fx');
  });

  it('loads a list page and its next link through mirror/get', async () => {
    const asked: string[] = [];
    const api = { mirror: { get: async ({ path }: { path: string }) => {
      asked.push(path);
      return { ok: true as const, value: { status: 200, body: { nfts: [{ serial_number: 1 }], links: { next: '/api/v1/tokens/0.0.6/nfts?serialnumber=lt:1' } } } };
    } } };
    const page = await mirrorPageLoader<{ serial_number: number }>(api, 'nfts')('/api/v1/tokens/0.0.6/nfts');
    expect(page).toEqual({ ok: true, value: { items: [{ serial_number: 1 }], next: '/api/v1/tokens/0.0.6/nfts?serialnumber=lt:1' } });
    expect(asked).toEqual(['/api/v1/tokens/0.0.6/nfts']);
  });

  it('passes typed errors through', async () => {
    const error = { code: 'not-found' as const, message: 'Not found', details: [] };
    const api = { mirror: { get: async () => ({ ok: false as const, error }) } };
    expect(await mirrorPageLoader(api, 'nfts')('/api/v1/tokens/0.0.6/nfts')).toEqual({ ok: false, error });
  });
});
