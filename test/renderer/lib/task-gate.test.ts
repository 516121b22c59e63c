import { describe, expect, it } from 'vitest';
import { taskGate } from '../../../renderer/src/lib/task-gate.ts';

describe('taskGate', () => {
  it('runs at most so many tasks at a time, the rest in the order given, and goes on past a failure', async () => {
    const gate = taskGate(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (n: number) => async () => {
      started.push(n);
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      if (n === 1) throw new Error('one fails');
      return n;
    };
    const results = await Promise.allSettled([0, 1, 2, 3, 4].map((n) => gate(task(n))));
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([0, 'one fails', 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
  });
});
