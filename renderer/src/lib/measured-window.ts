/**
 * Which rows of a list to render when its rows differ in height (a transaction's result code may
 * wrap, a message be long): those measured so far take their own height, the others the average of
 * those measured. Pure arithmetic over offsets, as `virtual-window.ts` is for rows of one height.
 */

/** The row's top of each row, and the list's height last: `offsets[i]` to `offsets[i + 1]` is row `i`. */
export type RowOffsets = Float64Array;

/** Rows `start` (inclusive) to `end` (exclusive). */
export interface RowRange {
  start: number;
  end: number;
}

/** What to render, in order: a row, or the space standing for the rows not rendered there. */
export type Piece =
  | { readonly gap: false; readonly key: number; readonly index: number }
  | { readonly gap: true; readonly key: string; readonly height: number };

/**
 * A row's height as learnt, and the column layout it was learnt under (`layoutKey`): a row's height
 * follows its columns' widths (a cell wraps in a narrower one), so one learnt under other columns
 * says nothing of its height now.
 */
export interface LearntHeight {
  height: number;
  layout: string;
}

/** Names a table's column layout: its box's width and its columns' widths (the same ones lay the rows out the same). */
export function layoutKey(boxWidth: number, widths: readonly number[]): string {
  return [boxWidth, ...widths].map((width) => width.toFixed(2)).join(' ');
}

/**
 * What is known of a row's height under column layout `layout`: the height learnt, if it was learnt
 * under that layout; otherwise none (the row counts as not measured, at the estimate, until it is
 * drawn again), so that the gaps do not stand for the rows as they were under other columns.
 */
export function heightUnder(learnt: LearntHeight | undefined, layout: string): number | undefined {
  return learnt !== undefined && learnt.layout === layout ? learnt.height : undefined;
}

/** Lays out rows from their heights, `undefined` for one not measured yet; `fallback` until any is. */
export function layoutRows(heights: readonly (number | undefined)[], fallback: number): RowOffsets {
  let sum = 0;
  let measured = 0;
  for (const height of heights) {
    if (height === undefined) continue;
    sum += height;
    measured += 1;
  }
  const estimate = measured > 0 ? sum / measured : fallback;
  const offsets = new Float64Array(heights.length + 1);
  for (let i = 0; i < heights.length; i++) offsets[i + 1] = offsets[i]! + (heights[i] ?? estimate);
  return offsets;
}

/** The row at `y` from the list's top, the first or last row beyond its ends; 0 for no rows. */
export function rowAt(offsets: RowOffsets, y: number): number {
  const count = offsets.length - 1;
  if (count <= 0) return 0;
  let low = 0;
  let high = count - 1;
  // The last row whose top is at or above y.
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (offsets[mid]! <= y) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** The rows that show any part between `from` and `to` (list coordinates); at least one row when there are any. */
export function rowsBetween(offsets: RowOffsets, from: number, to: number): RowRange {
  const count = offsets.length - 1;
  if (count <= 0) return { start: 0, end: 0 };
  const start = rowAt(offsets, from);
  return { start, end: Math.max(start + 1, rowAt(offsets, Math.max(from, to)) + 1) };
}

/**
 * The pieces to render for `ranges` of rows (in any order, overlapping or not): their rows, with
 * a gap as tall as the rows left out before, between and after them.
 */
export function renderPlan(offsets: RowOffsets, ranges: readonly RowRange[]): Piece[] {
  const count = offsets.length - 1;
  const sorted = ranges
    .map(({ start, end }) => ({ start: Math.max(0, start), end: Math.min(count, end) }))
    .filter(({ start, end }) => end > start)
    .sort((a, b) => a.start - b.start);
  const pieces: Piece[] = [];
  let at = 0;
  const gapTo = (index: number): void => {
    const height = offsets[index]! - offsets[at]!;
    if (index > at && height > 0) pieces.push({ gap: true, key: `gap-${at}`, height });
  };
  for (const { start, end } of sorted) {
    if (end <= at) continue;
    gapTo(Math.max(at, start));
    for (let index = Math.max(at, start); index < end; index++) pieces.push({ gap: false, key: index, index });
    at = end;
  }
  gapTo(count);
  return pieces;
}

/** Whether two plans render the same rows with the same gaps (a scroll within the rows rendered changes nothing). */
export function samePlan(a: readonly Piece[], b: readonly Piece[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((piece, i) => {
    const other = b[i]!;
    if (piece.gap || other.gap) return piece.gap && other.gap && piece.key === other.key && Math.abs(piece.height - other.height) < 0.5;
    return piece.index === other.index;
  });
}

/**
 * The height to learn for a row rendered `height` tall, known so far as `known`: its first, then
 * any change while it stays drawn (`changedSinceDrawn`: content come in later, a token's symbol),
 * so that no gap is left off by it (one known only under other columns is not known: `heightUnder`). A row drawn anew is not learnt afresh
 * from its first frame: rendered again (Back), its content may be a moment short of what it
 * was (a symbol not in yet), and the rows above the one in view must stand as they stood. Null
 * when there is nothing new, or the row is not laid out (a hidden tab: no height).
 */
export function heightToLearn(known: number | undefined, height: number, changedSinceDrawn: boolean): number | null {
  if (height <= 0) return null;
  if (known === undefined) return height;
  return changedSinceDrawn && Math.abs(known - height) >= 0.5 ? height : null;
}
