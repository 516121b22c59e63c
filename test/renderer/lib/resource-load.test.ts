import { describe, expect, it } from 'vitest';
import type { ApiError, ApiResult } from '../../../main/common/api-contract.ts';
import { ResourceLoad, type ResourceState } from '../../../renderer/src/lib/resource-load.ts';

type Answer = ApiResult<string | null>;

/** A loader whose answers the test releases by hand, recording every target asked. */
function manualLoader() {
  const calls: Array<{ target: string; resolve: (result: Answer) => void; reject: (error: Error) => void }> = [];
  const load = (target: string) => new Promise<Answer>((resolve, reject) => calls.push({ target, resolve, reject }));
  return { calls, load };
}

const failure = (code: ApiError['code'], message: string): Answer => ({ ok: false, error: { code, message, details: [] } });

describe('ResourceLoad', () => {
  it('is idle without a target and loading until the answer is in', async () => {
    const { calls, load } = manualLoader();
    const resource = new ResourceLoad(load);
    const seen: Array<ResourceState<string>['status']> = [];
    resource.subscribe((state) => seen.push(state.status));
    await resource.load(null);
    expect(calls).toHaveLength(0);
    const loaded = resource.load('/api/v1/tokens/0.0.5');
    expect(resource.state).toEqual({ status: 'loading' });
    calls[0]!.resolve({ ok: true, value: 'token' });
    await loaded;
    expect(resource.state).toEqual({ status: 'ready', value: 'token' });
    expect(seen).toEqual(['idle', 'idle', 'loading', 'ready']);
  });

  it('drops the answer for an id that was replaced, whichever arrives first', async () => {
    const { calls, load } = manualLoader();
    const resource = new ResourceLoad(load);
    const old = resource.load('0.0.1');
    const current = resource.load('0.0.2');
    calls[1]!.resolve({ ok: true, value: 'second' });
    await current;
    calls[0]!.resolve({ ok: true, value: 'first' });
    await old;
    expect(resource.state).toEqual({ status: 'ready', value: 'second' });

    // The older answer arriving first does not show either: the page stays loading.
    const again = resource.load('0.0.3');
    const latest = resource.load('0.0.4');
    calls[2]!.resolve(failure('unavailable', 'stale failure'));
    await again;
    expect(resource.state).toEqual({ status: 'loading' });
    calls[3]!.resolve({ ok: true, value: 'fourth' });
    await latest;
    expect(resource.state).toEqual({ status: 'ready', value: 'fourth' });
  });

  it('keeps the target of an error and loads it again on retry', async () => {
    const { calls, load } = manualLoader();
    const resource = new ResourceLoad(load);
    const first = resource.load('0.0.7');
    calls[0]!.resolve(failure('unavailable', 'the store is busy'));
    await first;
    expect(resource.state).toMatchObject({ status: 'error', error: { code: 'unavailable', message: 'the store is busy' } });
    const retried = resource.retry();
    expect(calls[1]!.target).toBe('0.0.7');
    calls[1]!.resolve({ ok: true, value: 'found now' });
    await retried;
    expect(resource.state).toEqual({ status: 'ready', value: 'found now' });
  });

  it('keeps the error, marked retrying, while its Retry is under way, and asks once however often it is pressed', async () => {
    const { calls, load } = manualLoader();
    const resource = new ResourceLoad(load);
    const first = resource.load('0.0.7');
    calls[0]!.resolve(failure('unavailable', 'the store is busy'));
    await first;
    const retried = resource.retry();
    // The error (and its Retry button, which may hold keyboard focus) stays until the answer.
    expect(resource.state).toEqual({ status: 'error', error: { code: 'unavailable', message: 'the store is busy', details: [] }, retrying: true });
    expect(resource.retry()).toBe(retried);
    expect(calls).toHaveLength(2);
    calls[1]!.resolve(failure('unavailable', 'still busy'));
    await retried;
    expect(resource.state).toEqual({ status: 'error', error: { code: 'unavailable', message: 'still busy', details: [] } });
    // A new target while retrying starts afresh, and the retry's answer is dropped.
    const again = resource.retry();
    const other = resource.load('0.0.9');
    expect(resource.state).toEqual({ status: 'loading' });
    calls[2]!.resolve({ ok: true, value: 'late' });
    await again;
    expect(resource.state).toEqual({ status: 'loading' });
    calls[3]!.resolve({ ok: true, value: 'other' });
    await other;
    expect(resource.state).toEqual({ status: 'ready', value: 'other' });
  });

  it('reports a broken transport (a rejected promise) as an error', async () => {
    const { calls, load } = manualLoader();
    const resource = new ResourceLoad(load);
    const loaded = resource.load('0.0.8');
    calls[0]!.reject(new Error('socket closed'));
    await loaded;
    expect(resource.state).toMatchObject({ status: 'error', error: { code: 'unavailable', message: 'socket closed' } });
  });

  it('treats a not-found error and an empty answer alike, but other errors as errors', async () => {
    const { calls, load } = manualLoader();
    const resource = new ResourceLoad(load);
    const viaError = resource.load('/api/v1/topics/0.0.404');
    calls[0]!.resolve(failure('not-found', 'Not found'));
    await viaError;
    expect(resource.state).toEqual({ status: 'not-found' });
    const viaNull = resource.load('0.0.405');
    calls[1]!.resolve({ ok: true, value: null });
    await viaNull;
    expect(resource.state).toEqual({ status: 'not-found' });
    const invalid = resource.load('not-an-id');
    calls[2]!.resolve(failure('invalid-input', 'Invalid parameter: id'));
    await invalid;
    expect(resource.state).toMatchObject({ status: 'error', error: { code: 'invalid-input' } });
  });

  it('going idle drops the answer still on its way', async () => {
    const { calls, load } = manualLoader();
    const resource = new ResourceLoad(load);
    const dropped = resource.load('0.0.10');
    await resource.load(null);
    calls[0]!.resolve({ ok: true, value: 'late' });
    await dropped;
    expect(resource.state).toEqual({ status: 'idle' });
  });
});
