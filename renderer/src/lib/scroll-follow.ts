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

/**
 * Calls `onMove` after what shows of `element` may have moved: a scroll of a box that holds it (the
 * screen, a side panel) or of the page, or a resize of the window. A scroll fires many events in a
 * frame and the view is read once per frame, so `onMove` runs once, in the frame after them; a
 * scroll of any other box (another table sideways) is no concern of it. Scroll events do not
 * bubble, so they are heard on their way down to their box (capture): whichever box scrolls it
 * now, also one a narrow layout or another style came to scroll since. Gives the function that
 * stops following.
 */
export function followScrolls(element: Element, onMove: () => void, clock: FrameClock = animationFrames): () => void {
  const page = element.ownerDocument;
  const view = page.defaultView;
  const moved = oncePerFrame(onMove, clock);
  // The page's own scroll is the document's: it holds the element too.
  const onScroll = (event: Event): void => {
    const target = event.target as Partial<Node> | null;
    if (target?.contains?.(element)) moved.ask();
  };
  const onResize = (): void => moved.ask();
  page.addEventListener('scroll', onScroll, { capture: true, passive: true });
  view?.addEventListener('resize', onResize);
  return () => {
    moved.cancel();
    page.removeEventListener('scroll', onScroll, { capture: true });
    view?.removeEventListener('resize', onResize);
  };
}
