import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../../main/common/api-contract.ts';
import { foundElsewhere } from '../../../renderer/src/lib/found-elsewhere.ts';

/** A mirror answering `bodies` by path, 404 otherwise; `asked` notes the paths. */
function mirror(bodies: Record<string, unknown>) {
  const asked: string[] = [];
  const get = async (path: string): Promise<ApiResult<unknown>> => {
    asked.push(path);
    return path in bodies ? { ok: true, value: bodies[path] } : { ok: false, error: { code: 'not-found', message: 'Not found', details: [] } };
  };
  return { get, asked };
}

describe('foundElsewhere', () => {
  it('names the kind an id is instead of the page\'s, with its link', async () => {
    const { get } = mirror({ '/api/v1/tokens/0.0.1001': { token_id: '0.0.1001' } });
    expect(await foundElsewhere('0.0.1001', 'account', get)).toEqual({ kind: 'token', hash: '#/token?id=0.0.1001' });
    const account = mirror({ '/api/v1/accounts/0.0.5?transactions=false': { account: '0.0.5' } });
    expect(await foundElsewhere('0.0.5', 'contract', account.get)).toEqual({ kind: 'account', hash: '#/account?id=0.0.5' });
  });

  it('is null when the id is nothing else, is of the page\'s own kind, or the page is not an entity\'s', async () => {
    expect(await foundElsewhere('0.0.7', 'topic', mirror({}).get)).toBeNull();
    expect(await foundElsewhere('0.0.7', 'topic', mirror({ '/api/v1/topics/0.0.7': { topic_id: '0.0.7' } }).get)).toBeNull();
    const none = mirror({ '/api/v1/tokens/0.0.7': { token_id: '0.0.7' } });
    expect(await foundElsewhere('0.0.7', 'block', none.get)).toBeNull();
    expect(await foundElsewhere('0xabc', 'account', none.get)).toBeNull();
    expect(none.asked).toEqual([]);
  });
});
