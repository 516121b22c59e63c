/**
 * A windowed table's column widths, fixed. In the browser's automatic table layout the columns
 * follow the rows drawn: as a window of rows moves over rows of other widths, every row drawn
 * changes height, which moves what to draw, which changes the columns again. Taken once as the
 * table becomes windowed (and at each new width of its box), the widths then hold whatever rows
 * are drawn, so that a row's height depends on its own content only and can be measured again
 * at any time without feeding back on itself.
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
