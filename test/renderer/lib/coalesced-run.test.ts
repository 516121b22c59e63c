import { describe, expect, it } from 'vitest';
import { coalescedRun } from '../../../renderer/src/lib/coalesced-run.ts';

/** A task whose runs end when the test says; `started` counts them. */
function heldTask() {
  const ends: Array<(error?: Error) => void> = [];
  const task = () => new Promise<void>((resolve, reject) => {
    ends.push((error) => (error ? reject(error) : resolve()));
  });
  return { task, ends, started: () => ends.length };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('coalescedRun', () => {
  it('runs at once when idle, and once more after the running one however often asked meanwhile', async () => {
    const held = heldTask();
    const ask = coalescedRun(held.task);
    const first = ask();
    expect(held.started()).toBe(1);
    const second = ask();
    const third = ask();
    expect(second).toBe(third);
    await settled();
    expect(held.started()).toBe(1);
    held.ends[0]!();
    await first;
    await settled();
    expect(held.started()).toBe(2);
    let secondDone = false;
    void second.then(() => { secondDone = true; });
    await settled();
    expect(secondDone).toBe(false);
    held.ends[1]!();
    await second;
    await settled();
    expect(held.started()).toBe(2);
    // Idle again: the next ask runs at once.
    void ask();
    expect(held.started()).toBe(3);
    held.ends[2]!();
  });

  it('runs the one asked for after a run that failed', async () => {
    const held = heldTask();
    const ask = coalescedRun(held.task);
    const failing = ask();
    const after = ask();
    held.ends[0]!(new Error('transport gone'));
    await expect(failing).rejects.toThrow('transport gone');
    await settled();
    expect(held.started()).toBe(2);
    held.ends[1]!();
    await expect(after).resolves.toBeUndefined();
  });
});
