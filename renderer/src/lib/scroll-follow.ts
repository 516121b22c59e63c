import { clippingBoxes, clipWithin } from './visible-part.ts';

/** When to run what waits for the next frame: the browser's animation frames, or a test's. */
export interface FrameClock {
  request(run: () => void): number;
  cancel(handle: number): void;
}

const animationFrames: FrameClock = {
  request: (run) => requestAnimationFrame(run),
  cancel: (handle) => cancelAnimationFrame(handle),
};

/** `run` once in the next frame, however many times it is asked for before then. */
export function oncePerFrame(run: () => void, clock: FrameClock = animationFrames): { ask: () => void; cancel: () => void } {
  let handle: number | null = null;
  return {
    ask: () => {
      handle ??= clock.request(() => {
        handle = null;
        run();
      });
    },
    cancel: () => {
      if (handle !== null) clock.cancel(handle);
      handle = null;
    },
  };
}

/** What `followScrolls` gives: the part of the viewport `element` may show now, and the function that stops following. */
export interface ScrollFollow {
  clip: () => { top: number; bottom: number };
  stop: () => void;
}

/**
 * Calls `onMove` after what shows of `element` may have moved: a scroll of a box that clips it (the
 * screen, a side panel) or of the page, or a resize of the window. A scroll fires many events in a
 * frame and the view is read once per frame, so `onMove` runs once, in the frame after them; a
 * scroll of any other box (another table sideways) is no concern of it. The clipping boxes are
 * found once, and again at each resize, where a narrow layout may scroll in another box.
 */
export function followScrolls(element: Element, onMove: () => void, clock: FrameClock = animationFrames): ScrollFollow {
  const page = element.ownerDocument;
  const view = page.defaultView;
  const moved = oncePerFrame(onMove, clock);
  const onScroll = (): void => moved.ask();
  let boxes: Element[] = [];
  const listen = (): void => {
    for (const box of boxes) box.removeEventListener('scroll', onScroll);
    boxes = clippingBoxes(element);
    for (const box of boxes) box.addEventListener('scroll', onScroll, { passive: true });
  };
  const onResize = (): void => {
    listen();
    moved.ask();
  };
  listen();
  // The page's own scroll is the document's, not its root element's.
  page.addEventListener('scroll', onScroll, { passive: true });
  view?.addEventListener('resize', onResize);
  return {
    clip: () => clipWithin(boxes, view?.innerHeight ?? 0),
    stop: () => {
      moved.cancel();
      for (const box of boxes) box.removeEventListener('scroll', onScroll);
      page.removeEventListener('scroll', onScroll);
      view?.removeEventListener('resize', onResize);
    },
  };
}
