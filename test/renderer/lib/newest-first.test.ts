import { describe, expect, it } from 'vitest';
import { newestFirst } from '../../../renderer/src/lib/newest-first.ts';

describe('newestFirst', () => {
  it('drops an answer when an event arrived after its request went out', () => {
    const order = newestFirst();
    const answer = order.asked();
    order.pushed();
    expect(answer.showIfNewest()).toBe(false);
  });

  it('shows an answer when the only event came before its request', () => {
    const order = newestFirst();
    order.pushed();
    const answer = order.asked();
    expect(answer.showIfNewest()).toBe(true);
  });

  it('shows an answer that came before the event, and the event after it', () => {
    const order = newestFirst();
    const answer = order.asked();
    expect(answer.showIfNewest()).toBe(true);
    order.pushed();
    // A later request is asked after the event: its answer is the newest.
    expect(order.asked().showIfNewest()).toBe(true);
  });

  it('drops an older request\'s answer that arrives after a later one\'s was shown', () => {
    const order = newestFirst();
    const first = order.asked();
    const second = order.asked();
    expect(second.showIfNewest()).toBe(true);
    expect(first.showIfNewest()).toBe(false);
  });

  it('a failure asked of takes no place: an older request\'s good answer arriving after it is still shown', () => {
    const order = newestFirst();
    const slowGood = order.asked();
    const fastFailing = order.asked();
    expect(fastFailing.isNewest()).toBe(true);
    expect(slowGood.showIfNewest()).toBe(true);
    // Shown now: the failure, were it to come late, is older news.
    expect(fastFailing.isNewest()).toBe(true);
    order.pushed();
    expect(fastFailing.isNewest()).toBe(false);
  });
});
