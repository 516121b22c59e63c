/**
 * Which rows of a fixed-row-height list to render: the visible ones plus `overscan` on each
 * side. Pure arithmetic, so a table of a million rows costs the same as one of fifty.
 */
export interface WindowInput {
  scrollTop: number;
  viewportHeight: number;
  rowHeight: number;
  rowCount: number;
  overscan: number;
}

export interface RowWindow {
  /** First rendered row index (inclusive). */
  start: number;
  /** One past the last rendered row index. */
  end: number;
  /** Pixel offset of row `start` from the top of the list. */
  offset: number;
  /** Height of the whole list, for the scroll spacer. */
  totalHeight: number;
}

export function computeWindow(input: WindowInput): RowWindow {
  const rowHeight = Math.max(1, input.rowHeight);
  const rowCount = Math.max(0, Math.floor(input.rowCount));
  const totalHeight = rowCount * rowHeight;
  const scrollTop = Math.min(Math.max(0, input.scrollTop), Math.max(0, totalHeight - input.viewportHeight));
  const firstVisible = Math.floor(scrollTop / rowHeight);
  const visibleCount = Math.ceil(Math.max(0, input.viewportHeight) / rowHeight) + 1;
  const start = Math.max(0, firstVisible - input.overscan);
  const end = Math.min(rowCount, firstVisible + visibleCount + input.overscan);
  return { start, end: Math.max(start, end), offset: start * rowHeight, totalHeight };
}

/** True when the rendered window reaches within `threshold` rows of the loaded end. */
export function isNearEnd(window: RowWindow, rowCount: number, threshold: number): boolean {
  return rowCount === 0 || window.end >= rowCount - threshold;
}

/**
 * The scrollTop that brings row `index` fully into view, or null when it already is.
 * Used by keyboard navigation, which moves an active row the DOM may not have rendered.
 */
export function scrollToReveal(index: number, scrollTop: number, viewportHeight: number, rowHeight: number): number | null {
  const top = index * rowHeight;
  const bottom = top + rowHeight;
  if (top < scrollTop) return top;
  if (bottom > scrollTop + viewportHeight) return bottom - viewportHeight;
  return null;
}
