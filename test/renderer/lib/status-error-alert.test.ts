import { describe, expect, it } from 'vitest';
import { upstreamErrorAlert } from '../../../renderer/src/lib/status-error-alert.ts';

describe('the upstream-error alert', () => {
  it('keeps its text (the same object) while failed polls repeat the same error, so it is not read out again', () => {
    const first = upstreamErrorAlert(null, { lastError: 'HTTP 404 Not Found', lastErrorAt: '2026-11-20T12:00:00.000Z' });
    expect(first).toEqual({ error: 'HTTP 404 Not Found', at: '2026-11-20T12:00:00.000Z' });
    const again = upstreamErrorAlert(first, { lastError: 'HTTP 404 Not Found', lastErrorAt: '2026-11-20T12:01:10.000Z' });
    expect(again).toBe(first);
  });

  it('changes with the error, and goes with it', () => {
    const first = upstreamErrorAlert(null, { lastError: 'HTTP 404 Not Found', lastErrorAt: '2026-11-20T12:00:00.000Z' });
    expect(upstreamErrorAlert(first, { lastError: 'upstream timed out', lastErrorAt: '2026-11-20T12:02:00.000Z' }))
      .toEqual({ error: 'upstream timed out', at: '2026-11-20T12:02:00.000Z' });
    expect(upstreamErrorAlert(first, { lastError: null, lastErrorAt: null })).toBeNull();
  });
});
