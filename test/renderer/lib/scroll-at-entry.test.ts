import { describe, expect, it } from 'vitest';
import type { EntryNote } from '../../../renderer/src/lib/entry-memory.ts';
import { keepScrollOffset, RESTORE_GIVE_UP_MS, type ContentWatch, type Frames, type Scrollable, type ScrollNote } from '../../../renderer/src/lib/scroll-at-entry.ts';

/** The box's own height: the content is that much taller than the furthest offset. */
const BOX = 500;

/** An element whose content is `height` px taller than its box: scrollTop clamps to it; `emit` fires an event, `resized` tells its content watchers. */
function fakeScroller(height: number) {
  const listeners = new Map<string, Set<() => void>>();
  const watchers = new Set<() => void>();
  let top = 0;
  const element: Scrollable & { height: number; emit(type: string): void; watch: ContentWatch; resized(): void } = {
    height,
    get scrollHeight() { return element.height + BOX; },
    get scrollTop() { return top; },
    set scrollTop(value: number) { top = Math.max(0, Math.min(value, element.height)); },
    addEventListener(type, listener) { (listeners.get(type) ?? listeners.set(type, new Set()).get(type)!).add(listener); },
    removeEventListener(type, listener) { listeners.get(type)?.delete(listener); },
    emit(type) { for (const listener of listeners.get(type) ?? []) listener(); },
    watch: (resized) => {
      watchers.add(resized);
      return () => watchers.delete(resized);
    },
    resized() { for (const watcher of watchers) watcher(); },
  };
  return element;
}

/** Frames run by hand; the clock moves 16 ms a frame. */
function framesByHand(): Frames & { run(): void; pending(): number } {
  let now = 0;
  let next = 1;
  const queue = new Map<number, () => void>();
  return {
    request: (callback) => { queue.set(next, callback); return next++; },
    cancel: (id) => { queue.delete(id); },
    now: () => now,
    run: () => {
      now += 16;
      const due = [...queue.values()];
      queue.clear();
      for (const callback of due) callback();
    },
    pending: () => queue.size,
  };
}

/** A note recalling `top` (left with the content `height` px taller than the box), and the offsets it keeps. */
function note(top?: number, height = 1000): EntryNote<ScrollNote> & { kept: number[]; heights: number[] } {
  const kept: number[] = [];
  const heights: number[] = [];
  const recalled = top === undefined ? undefined : { top, height: height + BOX };
  return { recalled, kept, heights, keep: (value) => { kept.push(value.top); heights.push(value.height); }, visit: { entry: 'list' } };
}

describe('keepScrollOffset', () => {
  it('notes the offset as the user scrolls', () => {
    const element = fakeScroller(1000);
    const offset = note();
    keepScrollOffset(element, offset, framesByHand());
    element.scrollTop = 400;
    element.emit('scroll');
    expect(offset.kept).toEqual([0, 400]);
  });

  it('puts an element left scrolled by the entry before at the top when nothing, or the top, is recalled', () => {
    // A screen that stays mounted across its own route's queries: its element is still where the last entry left it.
    for (const recalled of [undefined, 0]) {
      const element = fakeScroller(1000);
      element.scrollTop = 400;
      const offset = note(recalled);
      const frames = framesByHand();
      keepScrollOffset(element, offset, frames);
      expect(element.scrollTop).toBe(0);
      expect(offset.kept).toEqual([0]);
      expect(frames.pending()).toBe(0);
    }
  });

  it('another part of the same page (a tab), fresh, stays where it is and notes it', () => {
    const element = fakeScroller(1000);
    element.scrollTop = 400;
    const offset = note();
    keepScrollOffset(element, offset, framesByHand(), 'stay');
    expect(element.scrollTop).toBe(400);
    expect(offset.kept).toEqual([400]);
    // Back to a part left at the top: there again.
    const back = note(0);
    keepScrollOffset(element, back, framesByHand(), 'stay');
    expect(element.scrollTop).toBe(0);
  });

  it('scrolls back to the offset recalled at once when the content allows', () => {
    const element = fakeScroller(1000);
    const frames = framesByHand();
    keepScrollOffset(element, note(640), frames);
    expect(element.scrollTop).toBe(640);
    expect(frames.pending()).toBe(0);
  });

  it('tries again each frame while the content is too short, noting nothing on the way', () => {
    const element = fakeScroller(0);
    const frames = framesByHand();
    const offset = note(640, 2000);
    keepScrollOffset(element, offset, frames);
    element.emit('scroll');
    frames.run();
    expect(element.scrollTop).toBe(0);
    expect(offset.kept).toEqual([]);
    element.height = 2000;
    frames.run();
    expect(element.scrollTop).toBe(640);
    expect(offset.kept).toEqual([640]);
    expect(frames.pending()).toBe(0);
  });

  it('holds the offset until the content is as tall as it was left: a row drawn taller for a moment does not carry it off', () => {
    // Left at 640 with the content 1000 px taller than the box; drawn again, one row is 18 px taller until its token's symbol comes.
    const element = fakeScroller(1018);
    const frames = framesByHand();
    const offset = note(640, 1000);
    keepScrollOffset(element, offset, frames);
    expect(element.scrollTop).toBe(640);
    frames.run();
    expect(frames.pending()).toBe(1);
    // The row settles to its height as left, and the browser's scroll anchoring moves the offset with the rows below it.
    element.height = 1000;
    element.scrollTop = 622;
    element.emit('scroll');
    expect(offset.kept).toEqual([]);
    frames.run();
    expect(element.scrollTop).toBe(640);
    expect(offset.kept).toEqual([640]);
    expect(frames.pending()).toBe(0);
  });

  it('notes the height the content grows to with no scroll (a "Load more"), so a return to it holds no longer than it takes', () => {
    const element = fakeScroller(1000);
    const offset = note();
    const stop = keepScrollOffset(element, offset, framesByHand(), 'top', element.watch);
    element.scrollTop = 640;
    element.emit('scroll');
    // More rows come in below; the offset stays, so no scroll event.
    element.height = 2000;
    element.resized();
    stop();
    expect(offset.kept.at(-1)).toBe(640);
    expect(offset.heights.at(-1)).toBe(2000 + BOX);

    // Back to it, drawn as it was left: there at once, held not a frame more.
    const again = fakeScroller(2000);
    const frames = framesByHand();
    keepScrollOffset(again, note(640, 2000), frames, 'top', again.watch);
    expect(again.scrollTop).toBe(640);
    expect(frames.pending()).toBe(0);
  });

  it('notes no size change while it restores, and stops watching on teardown', () => {
    const element = fakeScroller(0);
    const frames = framesByHand();
    const offset = note(640, 2000);
    const stop = keepScrollOffset(element, offset, frames, 'top', element.watch);
    element.height = 300;
    element.resized();
    expect(offset.kept).toEqual([]);
    stop();
    element.height = 2000;
    element.resized();
    expect(offset.kept).toEqual([]);
  });

  it('gives way to the user, and gives up in time', () => {
    const element = fakeScroller(0);
    const frames = framesByHand();
    const offset = note(640, 2000);
    keepScrollOffset(element, offset, frames);
    element.emit('wheel');
    expect(frames.pending()).toBe(0);
    element.height = 2000;
    element.scrollTop = 50;
    element.emit('scroll');
    expect(offset.kept).toEqual([50]);

    const short = fakeScroller(100);
    const shortFrames = framesByHand();
    const shortOffset = note(640);
    keepScrollOffset(short, shortOffset, shortFrames);
    for (let i = 0; i * 16 <= RESTORE_GIVE_UP_MS && shortFrames.pending() > 0; i++) shortFrames.run();
    expect(shortFrames.pending()).toBe(0);
    expect(shortOffset.kept).toEqual([100]);
  });

  it('stops listening and trying on teardown', () => {
    const element = fakeScroller(0);
    const frames = framesByHand();
    const offset = note(640);
    const stop = keepScrollOffset(element, offset, frames);
    stop();
    expect(frames.pending()).toBe(0);
    element.height = 2000;
    element.scrollTop = 10;
    element.emit('scroll');
    expect(offset.kept).toEqual([]);
  });
});
