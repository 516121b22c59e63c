/**
 * A windowed table's column widths, fixed. In the browser's automatic table layout the columns
 * follow the rows drawn: as a window of rows moves over rows of other widths, every row drawn
 * changes height, which moves what to draw, which changes the columns again. Taken once as the
 * table becomes windowed (and at each new width of its box), the widths then hold whatever rows
 * are drawn, also a cell drawn later that would not fit (a long amount): fixed, the table lets its
 * cells wrap anywhere (its style), and one still too wide (something in it that cannot wrap) is
 * clipped at its edge (`markClipped`). So a row's height depends on its own content and those
 * widths only, and can be measured again at any time without feeding back on itself.
 */

/** Column widths taken with the table's box `boxWidth` wide: the widths of the header's cells shown, in order. */
export interface ColumnWidths {
  boxWidth: number;
  widths: readonly number[];
}

/** Marks a table whose columns are fixed: its style lets the cells wrap anywhere. */
const FIXED = 'data-fixed-columns';
/** Marks a cell still too wide for its column once wrapped: its style clips it at its edge. */
const CLIPPED = 'data-clipped';
/** The title `markClipped` gave a cell (its text), as given: a title other than that is the cell's own. */
const CLIP_TITLE = 'data-clip-title';

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
  unclip(table);
  table.removeAttribute(FIXED);
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
  // Marks went by the widths before.
  unclip(table);
  // The width taken is the cell's border box: so it is set.
  cells.forEach((cell, i) => {
    cell.style.boxSizing = 'border-box';
    cell.style.width = `${widths[i]}px`;
  });
  table.style.tableLayout = 'fixed';
  table.setAttribute(FIXED, '');
  return true;
}

/** The whole text of `cell`, on one line. */
const textOf = (cell: Element): string => cell.textContent?.replace(/\s+/g, ' ').trim() ?? '';

/**
 * Marks each cell of `rows` that does not fit its fixed column though it may wrap anywhere
 * (something in it cannot wrap: an inline block, a field) as clipped at its edge, and gives it
 * its whole text as its title, unless it has a title of its own. Done again for the rows drawn
 * at each settling, as a row's cells change in place (a token's symbol come in, another list shown
 * at the same rows): a cell marked before whose text changed gets its new text as its title, and
 * one that fits now loses the mark and the title it was given.
 */
export function markClipped(rows: Iterable<HTMLTableRowElement>): void {
  for (const row of rows) {
    for (const cell of row.cells) {
      // A cell a narrow box hides (display: none) is neither cut nor shown.
      const cut = cell.getClientRects().length > 0 && cell.scrollWidth > cell.clientWidth;
      const given = cell.getAttribute(CLIP_TITLE);
      const ownTitle = cell.hasAttribute('title') && cell.getAttribute('title') !== given;
      if (!cut) {
        unclipCell(cell);
        continue;
      }
      cell.setAttribute(CLIPPED, '');
      if (ownTitle) {
        cell.removeAttribute(CLIP_TITLE);
        continue;
      }
      const text = textOf(cell);
      cell.title = text;
      cell.setAttribute(CLIP_TITLE, text);
    }
  }
}

/** Takes a cell's clip mark away, and the title `markClipped` gave it (not one of its own). */
function unclipCell(cell: Element): void {
  const given = cell.getAttribute(CLIP_TITLE);
  if (given !== null && cell.getAttribute('title') === given) cell.removeAttribute('title');
  cell.removeAttribute(CLIP_TITLE);
  cell.removeAttribute(CLIPPED);
}

/** Takes every mark `markClipped` left in `table` away: its columns are fixed anew, or follow the rows again. */
function unclip(table: HTMLTableElement): void {
  for (const cell of table.querySelectorAll(`[${CLIPPED}], [${CLIP_TITLE}]`)) unclipCell(cell);
}

