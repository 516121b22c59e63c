/**
 * A windowed table's column widths, fixed. In the browser's automatic table layout the columns
 * follow the rows drawn: as a window of rows moves over rows of other widths, every row drawn
 * changes height, which moves what to draw, which changes the columns again. Taken once as the
 * table becomes windowed (and at each new width of its box), the widths then hold whatever rows
 * are drawn, changing only for a cell drawn later that would not fit (`columnOverflows`: its
 * column widened into room the box or the other columns' drawn cells leave, `cappedWidths`; what
 * is still too wide wraps, `squeezeOverflowing`), so that a row's height depends on its own content
 * and those widths, and can be measured again at any time without feeding back on itself.
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
  unsqueeze(table);
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

/**
 * How much narrower each column (of those `columnWidths` gives) could be with no cell of `rows`, nor
 * of the header, laid out otherwise: the room between its widest content (its longest line, for
 * text that wraps) and its edge, the least over its cells. A cell over several columns leaves
 * them none.
 */
export function columnSlack(table: HTMLTableElement, rows: Iterable<HTMLTableRowElement>): number[] {
  const head = headCells(table);
  const slack = head.map((cell) => roomIn(cell));
  const range = document.createRange();
  for (const row of rows) {
    let column = 0;
    for (const cell of row.cells) {
      if (cell.getClientRects().length === 0) continue;
      const first = column;
      column += cell.colSpan;
      for (let i = first; i < Math.min(column, slack.length); i++) {
        slack[i] = Math.min(slack[i]!, cell.colSpan === 1 ? roomIn(cell, range) : 0);
      }
    }
  }
  return slack;
}

/** The room between the content of `cell` and its edge. */
function roomIn(cell: HTMLTableCellElement, range = document.createRange()): number {
  const style = getComputedStyle(cell);
  const inner = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  range.selectNodeContents(cell);
  return Math.max(0, inner - range.getBoundingClientRect().width);
}

/**
 * `wanted` (from `widenedWidths`) as far as a box `boxWidth` wide has room for, so that the table
 * does not grow wider than its box and scroll sideways for one long cell: the room is what is left
 * of the box beyond `fixed`, and then what the other columns can give (`slack`, from
 * `columnSlack`), each giving in proportion to its slack. The columns widened share the room, each
 * in proportion to how much it wanted; a cell still too wide wraps (`squeezeOverflowing`).
 * A column widened is never narrower than `fixed`; one giving, never by more than its slack.
 */
export function cappedWidths(fixed: readonly number[], wanted: readonly number[], boxWidth: number, slack: readonly number[] = []): number[] {
  const total = (widths: readonly number[]): number => widths.reduce((sum, width) => sum + width, 0);
  const wants = fixed.map((width, i) => Math.max(0, (wanted[i] ?? width) - width));
  const gives = fixed.map((width, i) => (wants[i]! > 0 ? 0 : Math.min(width, Math.max(0, slack[i] ?? 0))));
  const extra = total(wants);
  const spare = Math.max(0, boxWidth - total(fixed));
  const givable = total(gives);
  const share = extra > 0 ? Math.min(1, (spare + givable) / extra) : 0;
  const given = Math.max(0, extra * share - spare);
  return fixed.map((width, i) => width + wants[i]! * share - (givable > 0 ? gives[i]! * (given / givable) : 0));
}

/** Marks a cell too wide for its column that its column could not be widened for. */
const SQUEEZED = 'data-squeezed';
/** The mark's value on a cell given a `title` by it: what it shows was still cut, so the title holds all of it. */
const TITLED = 'titled';

/** The cells of the header and of `rows` that are shown (a cell a narrow box hides has no column). */
function shownCells(table: HTMLTableElement, rows: Iterable<HTMLTableRowElement>): HTMLTableCellElement[] {
  const cells = [...(table.tHead?.rows[0]?.cells ?? [])];
  for (const row of rows) cells.push(...row.cells);
  return cells.filter((cell) => cell.getClientRects().length > 0);
}

/**
 * Marks each cell of `rows` (and of the header) that does not fit its column: marked, it wraps
 * anywhere and is clipped at its edge (the table's style), rather than spill over the next column.
 * One still cut after wrapping (something in it that cannot wrap) gets its whole text as its
 * title, unless it has a title of its own.
 */
export function squeezeOverflowing(table: HTMLTableElement, rows: Iterable<HTMLTableRowElement>): void {
  const squeezed = shownCells(table, rows).filter((cell) => !cell.hasAttribute(SQUEEZED) && cell.scrollWidth > cell.clientWidth);
  for (const cell of squeezed) cell.setAttribute(SQUEEZED, '');
  for (const cell of squeezed) {
    if (cell.scrollWidth <= cell.clientWidth || cell.hasAttribute('title')) continue;
    cell.title = cell.textContent?.replace(/\s+/g, ' ').trim() ?? '';
    cell.setAttribute(SQUEEZED, TITLED);
  }
}

/** Takes every mark `squeezeOverflowing` left in `table` away: the columns are taken anew, with the cells as they are. */
export function unsqueeze(table: HTMLTableElement): void {
  for (const cell of table.querySelectorAll(`[${SQUEEZED}]`)) {
    if (cell.getAttribute(SQUEEZED) === TITLED) cell.removeAttribute('title');
    cell.removeAttribute(SQUEEZED);
  }
}
