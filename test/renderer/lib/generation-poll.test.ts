import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MirrordeskApi, NetworkInfo } from '../../../main/common/api-contract.ts';
import { pollGeneration } from '../../../renderer/src/lib/generation-poll.ts';
import { fakePageVisibility } from './fake-page-visibility.ts';

// The typed API as far as the poll uses it: network.status, counted, answering a growing progress.
function fakeApi() {
  const api = {
    requests: 0,
    network: {
      status: async () => {
        api.requests++;
        return { ok: true as const, value: { name: 'demo', state: 'generating', progress: { done: api.requests, total: 10, label: 'Generating accounts' } } as unknown as NetworkInfo };
      },
    },
  };
  return api;
}

describe('pollGeneration', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  it('asks every 2 s and hands on each answer until stopped', async () => {
    const api = fakeApi();
    const seen: number[] = [];
    const stop = pollGeneration(api as unknown as MirrordeskApi, (network) => seen.push(network.progress!.done));
    await vi.advanceTimersByTimeAsync(6000);
    expect(seen).toEqual([1, 2, 3]);
    stop();
    await vi.advanceTimersByTimeAsync(6000);
    expect(api.requests).toBe(3);
  });

  it('skips its polls while the page is hidden, and asks at once when it is shown again', async () => {
    const page = fakePageVisibility();
    try {
      const api = fakeApi();
      const stop = pollGeneration(api as unknown as MirrordeskApi, () => {});
      await vi.advanceTimersByTimeAsync(2000);
      expect(api.requests).toBe(1);
      page.hide();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(api.requests).toBe(1);
      page.show();
      await vi.advanceTimersByTimeAsync(0);
      expect(api.requests).toBe(2);
      await vi.advanceTimersByTimeAsync(2000);
      expect(api.requests).toBe(3);
      stop();
      // Stopped, a page shown again asks nothing.
      page.hide();
      page.show();
      await vi.advanceTimersByTimeAsync(0);
      expect(api.requests).toBe(3);
    } finally {
      page.remove();
    }
  });

  it('drops an answer that comes after it was stopped (the ledger may be ready by then)', async () => {
    let answer: (value: unknown) => void = () => {};
    const api = { network: { status: () => new Promise((resolve) => { answer = resolve; }) } };
    const seen: unknown[] = [];
    const stop = pollGeneration(api as unknown as MirrordeskApi, (network) => seen.push(network));
    await vi.advanceTimersByTimeAsync(2000);
    stop();
    answer({ ok: true, value: { state: 'generating' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([]);
  });
});

describe('pollGeneration with two questions out at once', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  /** network.status answering only when told, each question by its number (from 0). */
  function heldApi() {
    const answers: ((value: unknown) => void)[] = [];
    const failures: ((reason: unknown) => void)[] = [];
    const api = { network: { status: () => new Promise((resolve, reject) => { answers.push(resolve); failures.push(reject); }) } };
    return { api: api as unknown as MirrordeskApi, answers, failures };
  }

  it('drops an older answer that comes after a newer one (no "generating" again once "ready")', async () => {
    const page = fakePageVisibility();
    try {
      const { api, answers } = heldApi();
      const seen: string[] = [];
      const stop = pollGeneration(api, (network) => seen.push(network.state));
      // Shown again: a question at once, and the timer's turn right after it.
      page.hide();
      page.show();
      await vi.advanceTimersByTimeAsync(2000);
      expect(answers.length).toBe(2);
      answers[1]!({ ok: true, value: { state: 'ready' } });
      await vi.advanceTimersByTimeAsync(0);
      answers[0]!({ ok: true, value: { state: 'generating' } });
      await vi.advanceTimersByTimeAsync(0);
      expect(seen).toEqual(['ready']);
      stop();
    } finally {
      page.remove();
    }
  });

  it('hands on answers that come in order though a newer question is out (a main slower than the timer)', async () => {
    const { api, answers } = heldApi();
    const seen: string[] = [];
    const stop = pollGeneration(api, (network) => seen.push(network.state));
    await vi.advanceTimersByTimeAsync(4000);
    answers[0]!({ ok: true, value: { state: 'generating' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual(['generating']);
    stop();
  });

  it('keeps polling after a question fails, and leaves no rejection unhandled', async () => {
    const unhandled: unknown[] = [];
    const note = (reason: unknown): void => { unhandled.push(reason); };
    process.on('unhandledRejection', note);
    try {
      const { api, answers, failures } = heldApi();
      const seen: string[] = [];
      const stop = pollGeneration(api, (network) => seen.push(network.state));
      await vi.advanceTimersByTimeAsync(2000);
      failures[0]!(new Error('main went away'));
      await vi.advanceTimersByTimeAsync(2000);
      answers[1]!({ ok: true, value: { state: 'ready' } });
      await vi.advanceTimersByTimeAsync(0);
      stop();
      // Node reports an unhandled rejection once the microtasks after it have run: a real turn later.
      vi.useRealTimers();
      await new Promise((done) => setTimeout(done, 0));
      expect(seen).toEqual(['ready']);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', note);
    }
  });
});
