/**
 * Where an element is seen. A list in a screen does not scroll itself: the screen does (or a side
 * panel, or the window), so what of it shows is what every clipping box around it lets through.
 */

/** The boxes around `element` that clip it (any overflow but `visible`), nearest first. */
function clippingBoxes(element: Element): Element[] {
  const boxes: Element[] = [];
  for (let box = element.parentElement; box; box = box.parentElement) {
    if (getComputedStyle(box).overflowY !== 'visible') boxes.push(box);
  }
  return boxes;
}

/** The part of a viewport `viewHeight` tall, in client coordinates, that clipping boxes `boxes` let show. */
function clipWithin(boxes: readonly Element[], viewHeight: number): { top: number; bottom: number } {
  let top = 0;
  let bottom = viewHeight;
  for (const box of boxes) {
    const rect = box.getBoundingClientRect();
    top = Math.max(top, rect.top + box.clientTop);
    bottom = Math.min(bottom, rect.top + box.clientTop + box.clientHeight);
  }
  return { top, bottom };
}

/** The part of the viewport, in client coordinates, that the boxes around `element` let show. */
export function clipOf(element: Element): { top: number; bottom: number } {
  return clipWithin(clippingBoxes(element), window.innerHeight);
}

/**
 * The box that scrolls `element` vertically: the nearest one that scrolls and has more to show
 * than fits; the document's when none does.
 */
export function scrollerOf(element: Element): Element {
  for (let box = element.parentElement; box; box = box.parentElement) {
    const overflow = getComputedStyle(box).overflowY;
    if ((overflow === 'auto' || overflow === 'scroll') && box.scrollHeight > box.clientHeight) return box;
  }
  return document.scrollingElement ?? document.documentElement;
}
