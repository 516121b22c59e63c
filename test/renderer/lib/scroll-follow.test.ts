import { afterEach, describe, expect, it, vi } from 'vitest';
import { followScrolls, oncePerFrame, type FrameClock } from '../../../renderer/src/lib/scroll-follow.ts';

/** Frames that run when the test says so. */
function fakeFrames(): FrameClock & { next: () => void; pending: () => number } {
  let handle = 0;
  const waiting = new Map<number, () => void>();
  return {
    request: (run) => {
      waiting.set(++handle, run);
      return handle;
    },
    cancel: (id) => { waiting.delete(id); },
    next: () => {
      const now = [...waiting.values()];
      waiting.clear();
      for (const run of now) run();
    },
    pending: () => waiting.size,
  };
}

/** A page of boxes nested as `overflows` says, outermost first; the list's element is inside the last. */
function fakePage(overflows: string[]) {
  const view = Object.assign(new EventTarget(), { innerHeight: 800 });
  const page = Object.assign(new EventTarget(), { defaultView: view });
  const box = (overflowY: string, parentElement: unknown, top: number) => Object.assign(new EventTarget(), {
    overflowY, parentElement, ownerDocument: page, clientTop: 0, clientHeight: 400,
    getBoundingClientRect: () => ({ top }),
  });
  let parent: unknown = null;
  const boxes = overflows.map((overflowY, i) => (parent = box(overflowY, parent, i * 100)));
  const element = box('visible', parent, 0) as unknown as Element;
  vi.stubGlobal('getComputedStyle', (el: { overflowY: string }) => ({ overflowY: el.overflowY }));
  return { view, page, boxes, element };
}

const scroll = (target: EventTarget, times = 1): void => {
  for (let i = 0; i < times; i++) target.dispatchEvent(new Event('scroll'));
};

afterEach(() => { vi.unstubAllGlobals(); });

describe('oncePerFrame', () => {
  it('runs once in the next frame however often it is asked for, and not at all when cancelled', () => {
    const frames = fakeFrames();
    let runs = 0;
    const once = oncePerFrame(() => { runs += 1; }, frames);
    for (let i = 0; i < 20; i++) once.ask();
    expect(runs).toBe(0);
    frames.next();
    expect(runs).toBe(1);
    once.ask();
    once.cancel();
    frames.next();
    expect(runs).toBe(1);
  });
});

describe('followScrolls', () => {
  it('measures once per frame over a burst of scroll events of a box that clips the list, or of the page', () => {
    const frames = fakeFrames();
    const { page, boxes, element } = fakePage(['auto', 'visible', 'hidden']);
    let measures = 0;
    const follow = followScrolls(element, () => { measures += 1; }, frames);
    scroll(boxes[2]!, 30);
    scroll(boxes[0]!, 30);
    scroll(page, 30);
    expect(measures).toBe(0);
    frames.next();
    expect(measures).toBe(1);
    scroll(page, 5);
    frames.next();
    expect(measures).toBe(2);
    follow.stop();
  });

  it('does not measure for a box that does not clip the list, nor after it stops', () => {
    const frames = fakeFrames();
    const { page, boxes, element } = fakePage(['auto', 'visible']);
    let measures = 0;
    const follow = followScrolls(element, () => { measures += 1; }, frames);
    scroll(boxes[1]!, 10);
    expect(frames.pending()).toBe(0);
    scroll(boxes[0]!);
    follow.stop();
    frames.next();
    scroll(page);
    scroll(boxes[0]!);
    frames.next();
    expect(measures).toBe(0);
  });

  it('finds the clipping boxes once, and again at a resize of the window, where another box may have come to scroll', () => {
    const frames = fakeFrames();
    const { view, boxes, element } = fakePage(['auto', 'visible']);
    const looks = vi.fn((el: { overflowY: string }) => ({ overflowY: el.overflowY }));
    vi.stubGlobal('getComputedStyle', looks);
    let measures = 0;
    const follow = followScrolls(element, () => { measures += 1; }, frames);
    const looksAtStart = looks.mock.calls.length;
    for (let i = 0; i < 5; i++) {
      scroll(boxes[0]!, 10);
      frames.next();
      follow.clip();
    }
    expect(measures).toBe(5);
    expect(looks.mock.calls.length).toBe(looksAtStart);
    // Narrower, the inner box scrolls too: followed from the resize on, which measures as well.
    (boxes[1] as unknown as { overflowY: string }).overflowY = 'auto';
    view.dispatchEvent(new Event('resize'));
    frames.next();
    expect(measures).toBe(6);
    scroll(boxes[1]!, 10);
    frames.next();
    expect(measures).toBe(7);
    // What shows is what both let through: the inner box starts 100 px down.
    expect(follow.clip()).toEqual({ top: 100, bottom: 400 });
    follow.stop();
  });
});
