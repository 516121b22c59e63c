/**
 * A windowed table's column widths, fixed. In the browser's automatic table layout the columns
 * follow the rows drawn: as a window of rows moves over rows of other widths, every row drawn
 * changes height, which moves what to draw, which changes the columns again. Taken once as the
 * table becomes windowed (and at each new width of its box), the widths then hold whatever rows
 * are drawn, only widening for a cell drawn later that would not fit (`columnOverflows`), so that
 * a row's height depends on its own content and those widths, and can be measured again at any
 * time without feeding back on itself.
 */

/** Column widths taken with the table's box `boxWidth` wide: the widths of the header's cells shown, in order. */
export interface ColumnWidths {
  boxWidth: number;
  widths: readonly number[];
}

/** The widths to lay the table out with in a box `boxWidth` wide: those `kept` if taken at that width, else null (take them anew). */
export function keptWidthsFor(kept: ColumnWidths | undefined, boxWidth: number): readonly number[] | null {
  return kept !== undefined && Math.abs(kept.boxWidth - boxWidth) < 0.5 ? kept.widths : null;
}

/** The cells of the header's first row that are shown (a column a narrow box hides has none). */
function headCells(table: HTMLTableElement): HTMLTableCellElement[] {
  const row = table.tHead?.rows[0];
  return row ? [...row.cells].filter((cell) => cell.getClientRects().length > 0) : [];
}

/** Back to the automatic layout, where the columns follow the rows drawn. */
export function freeColumns(table: HTMLTableElement): void {
  table.style.tableLayout = '';
  for (const cell of table.tHead?.rows[0]?.cells ?? []) {
    cell.style.width = '';
    cell.style.boxSizing = '';
  }
}

/** The widths of the columns as laid out now. */
export function columnWidths(table: HTMLTableElement): number[] {
  return headCells(table).map((cell) => cell.getBoundingClientRect().width);
}

/** The column widths the automatic layout gives the rows drawn now. */
export function takeColumnWidths(table: HTMLTableElement): number[] {
  freeColumns(table);
  return columnWidths(table);
}

/**
 * Fixes the columns at `widths` (from `takeColumnWidths`); false, leaving the layout automatic,
 * when the header shows another number of columns than they were taken with.
 */
export function fixColumns(table: HTMLTableElement, widths: readonly number[]): boolean {
  const cells = headCells(table);
  if (cells.length !== widths.length || cells.length === 0) {
    freeColumns(table);
    return false;
  }
  // The width taken is the cell's border box: so it is set.
  cells.forEach((cell, i) => {
    cell.style.boxSizing = 'border-box';
    cell.style.width = `${widths[i]}px`;
  });
  table.style.tableLayout = 'fixed';
  return true;
}

/**
 * How much wider each column (of those `columnWidths` gives) must be for no cell of `rows`, nor of
 * the header, to overflow it; 0 where none does. Fixed, a column never widens for its cells, so a
 * cell wider than any in the rows its width was taken from (a long amount further down, a nowrap
 * one) would otherwise spill over the next column.
 */
export function columnOverflows(table: HTMLTableElement, rows: Iterable<HTMLTableRowElement>): number[] {
  const head = headCells(table);
  const overflows = head.map((cell) => Math.max(0, cell.scrollWidth - cell.clientWidth));
  for (const row of rows) {
    let column = 0;
    for (const cell of row.cells) {
      // A cell a narrow box hides has no column, as its header cell has none.
      if (cell.getClientRects().length === 0) continue;
      column += cell.colSpan;
      // A cell over several columns widens the last of them.
      const last = Math.min(column, overflows.length) - 1;
      if (last >= 0) overflows[last] = Math.max(overflows[last]!, cell.scrollWidth - cell.clientWidth);
    }
  }
  return overflows;
}

/**
 * The widths to fix the columns at for their cells to fit: a column a cell overflows by `overflows[i]`
 * widened by that much from its width laid out now (`shown`, which an automatic share of spare room
 * may make wider than `fixed`), the others as `fixed`; never narrower. Null when no cell overflows.
 */
export function widenedWidths(fixed: readonly number[], shown: readonly number[], overflows: readonly number[]): number[] | null {
  if (!overflows.some((overflow) => overflow > 0)) return null;
  return fixed.map((width, i) => {
    const overflow = overflows[i] ?? 0;
    return overflow > 0 ? Math.max(width, (shown[i] ?? width) + overflow) : width;
  });
}
