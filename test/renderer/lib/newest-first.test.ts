import { describe, expect, it } from 'vitest';
import { newestFirst } from '../../../renderer/src/lib/newest-first.ts';

describe('newestFirst', () => {
  it('drops an answer when an event arrived after its request went out', () => {
    const order = newestFirst();
    const answer = order.asked();
    order.pushed();
    expect(answer()).toBe(false);
  });

  it('shows an answer when the only event came before its request', () => {
    const order = newestFirst();
    order.pushed();
    const answer = order.asked();
    expect(answer()).toBe(true);
  });

  it('shows an answer that came before the event, and the event after it', () => {
    const order = newestFirst();
    const answer = order.asked();
    expect(answer()).toBe(true);
    order.pushed();
    // A later request is asked after the event: its answer is the newest.
    expect(order.asked()()).toBe(true);
  });

  it('drops an older request\'s answer that arrives after a later one\'s was shown', () => {
    const order = newestFirst();
    const first = order.asked();
    const second = order.asked();
    expect(second()).toBe(true);
    expect(first()).toBe(false);
  });
});
