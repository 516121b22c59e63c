import { describe, expect, it } from 'vitest';
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

interface FakeNode { parent: FakeNode | null; contains: (other: FakeNode) => boolean }

const fakeNode = (parent: FakeNode | null): FakeNode => ({
  parent,
  contains(other) {
    for (let at: FakeNode | null = other; at; at = at.parent) if (at === this) return true;
    return false;
  },
});

/**
 * A page holding boxes nested `depth` deep, the list's element inside the innermost, and a box beside
 * them. A scroll event of a box, as the browser sends it: not bubbling, so heard at the page only by
 * a listener that captures, with the box as its target; the page's own scroll heard by any.
 */
function fakePage(depth: number) {
  const view = Object.assign(new EventTarget(), { innerHeight: 800 });
  const listeners = new Set<{ run: (event: Event) => void; capture: boolean }>();
  const optionsCapture = (options?: boolean | EventListenerOptions): boolean => (typeof options === 'boolean' ? options : options?.capture ?? false);
  const page = Object.assign(fakeNode(null), {
    defaultView: view,
    addEventListener: (type: string, run: (event: Event) => void, options?: boolean | AddEventListenerOptions) => {
      if (type === 'scroll') listeners.add({ run, capture: optionsCapture(options) });
    },
    removeEventListener: (type: string, run: (event: Event) => void, options?: boolean | EventListenerOptions) => {
      for (const listener of listeners) if (listener.run === run && listener.capture === optionsCapture(options)) listeners.delete(listener);
    },
  });
  let parent: FakeNode = page;
  const boxes = Array.from({ length: depth }, () => (parent = fakeNode(parent)));
  const element = Object.assign(fakeNode(parent), { ownerDocument: page });
  const aside = fakeNode(page);
  const scroll = (target: FakeNode, times = 1): void => {
    for (let i = 0; i < times; i++) {
      const event = { type: 'scroll', target } as unknown as Event;
      for (const listener of [...listeners]) if (listener.capture || target === page) listener.run(event);
    }
  };
  return { view, page, boxes, element: element as unknown as Element, aside, scroll, listening: () => listeners.size };
}

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
  it('measures once per frame over a burst of scroll events of the boxes that hold the list, or of the page', () => {
    const frames = fakeFrames();
    const { page, boxes, element, scroll } = fakePage(3);
    let measures = 0;
    const stop = followScrolls(element, () => { measures += 1; }, frames);
    scroll(boxes[2]!, 30);
    scroll(boxes[0]!, 30);
    scroll(page, 30);
    expect(measures).toBe(0);
    frames.next();
    expect(measures).toBe(1);
    scroll(boxes[1]!, 5);
    frames.next();
    expect(measures).toBe(2);
    stop();
  });

  it('does not measure for a scroll of a box that does not hold the list (one beside it, one inside it), nor after it stops', () => {
    const frames = fakeFrames();
    const { boxes, element, aside, scroll, listening } = fakePage(1);
    let measures = 0;
    const stop = followScrolls(element, () => { measures += 1; }, frames);
    scroll(aside, 10);
    scroll(fakeNode(element as unknown as FakeNode), 10);
    expect(frames.pending()).toBe(0);
    scroll(boxes[0]!);
    stop();
    expect(listening()).toBe(0);
    frames.next();
    scroll(boxes[0]!);
    frames.next();
    expect(measures).toBe(0);
  });

  it('measures once after a resize of the window, whatever box then scrolls the list', () => {
    const frames = fakeFrames();
    const { view, element } = fakePage(2);
    let measures = 0;
    const stop = followScrolls(element, () => { measures += 1; }, frames);
    for (let i = 0; i < 3; i++) view.dispatchEvent(new Event('resize'));
    frames.next();
    expect(measures).toBe(1);
    stop();
    view.dispatchEvent(new Event('resize'));
    frames.next();
    expect(measures).toBe(1);
  });
});
