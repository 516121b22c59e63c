import { describe, expect, it } from 'vitest';
import type { MirrorUnavailable } from '../../../main/mirror/http/availability-gate.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';

// The reference's probes (rest/server.js, through @godaddy/terminus): 200 {"status":"ok"} when
// the check passes, 503 {"status":"error"} when it fails.
let unavailable: MirrorUnavailable | null = null;
const fixture = mirrorApiFixture(() => {}, { hostCheck: false, api: { availability: () => unavailable } });

const probe = async (path: string) => {
  const response = await fixture.get(path);
  return { status: response.statusCode, body: JSON.parse(response.body) as unknown, headers: response.headers };
};

describe('health probes on the mirror port', () => {
  it('answers liveness and readiness as the reference does while the store can answer', async () => {
    for (const path of ['/health/liveness', '/health/readiness']) {
      const { status, body, headers } = await probe(path);
      expect({ status, body }, path).toEqual({ status: 200, body: { status: 'ok' } });
      expect(headers['content-type'], path).toMatch(/^application\/json/);
      // Each probe must see the state as it is then, never a kept answer.
      expect(headers['cache-control'], path).toBe('no-store');
    }
  });

  it('is not ready, but alive, while a demo ledger is being generated, and ready again after', async () => {
    unavailable = { message: 'The demo ledger is being generated (40%)', retryAfterSeconds: 5 };
    try {
      const readiness = await probe('/health/readiness');
      expect(readiness).toMatchObject({
        status: 503,
        body: { status: 'error', error: 'The demo ledger is being generated (40%)', details: 'The demo ledger is being generated (40%)' },
      });
      expect(readiness.headers['retry-after']).toBe('5');
      // The rest of the API is held back by the availability gate; the liveness probe is not.
      expect((await probe('/api/v1/accounts')).status).toBe(503);
      expect(await probe('/health/liveness')).toMatchObject({ status: 200, body: { status: 'ok' } });
    } finally {
      unavailable = null;
    }
    expect(await probe('/health/readiness')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('answers each readiness probe afresh, never from the response cache', async () => {
    expect((await probe('/health/readiness')).status).toBe(200);
    unavailable = { message: 'The demo ledger could not be generated', retryAfterSeconds: null };
    try {
      const readiness = await probe('/health/readiness');
      expect(readiness.status).toBe(503);
      expect(readiness.headers['retry-after']).toBeUndefined();
    } finally {
      unavailable = null;
    }
  });
});
