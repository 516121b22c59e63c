import { columnWidths, fixColumns, freeColumns, keptWidthsFor, markClipped, takeColumnWidths, type ColumnWidths } from './frozen-columns.ts';
import { layoutKey } from './measured-window.ts';

/**
 * A windowed list's column widths, by its first item: Back lays its rows out at the widths they
 * were measured at (when the table's box is as wide as then).
 */
const keptColumns = new WeakMap<object, ColumnWidths>();
/** The column layout a list was last drawn with, by its first item: the one its heights were learnt under. */
const lastLayouts = new WeakMap<object, string>();

/** What one table's columns are, as `ColumnSettling` settles them. */
interface ColumnState {
  /** The column layout the rows are drawn with now (`layoutKey`); '' until the table is first drawn. */
  layout: string;
  /**
   * The columns as last laid out with every row drawn: the widths the heights learnt so far were
   * measured at, so the ones to fix as the list becomes windowed (other widths would make them wrong).
   */
  whole: ColumnWidths | undefined;
  /** The widths the columns are fixed at, and the box width they are fixed for; null while they follow the rows. */
  fixed: ColumnWidths | null;
}

const asKey = (item: unknown): object | undefined => (typeof item === 'object' && item !== null ? item : undefined);

/**
 * The columns of one list's table (frozen-columns.ts says why): following the rows while all are
 * drawn; once windowed, fixed at the widths they had with every row drawn (or, Back, when the list
 * was left), and taken again from the rows drawn at another width of the box only: at one width
 * of the box they never change while windowed, so the heights learnt under them hold. A cell drawn
 * later that does not fit wraps in its column, or is clipped (`markClipped`).
 * Tells the column layout the rows are drawn with, which the heights learnt go by.
 */
export class ColumnSettling {
  #state: ColumnState = { layout: '', whole: undefined, fixed: null };

  /**
   * The layout rows are drawn with now; until this table is first drawn (Back), the one the list
   * starting with `first` was last drawn with.
   */
  layoutFor(first: unknown): string {
    const key = asKey(first);
    return this.#state.layout || (key && lastLayouts.get(key)) || '';
  }

  /** The layout the rows are drawn with now. */
  get layout(): string {
    return this.#state.layout;
  }

  /**
   * Settles the columns of `table`, in a box `boxWidth` wide, for the rows `drawn` of the list
   * starting with `first`; `windowed` when not every row is drawn. True when the layout the rows
   * are drawn with changed (the gaps are to be laid out anew).
   */
  settle(table: HTMLTableElement, boxWidth: number, windowed: boolean, first: unknown, drawn: Iterable<HTMLTableRowElement>): boolean {
    const state = this.#state;
    if (!windowed) {
      if (state.fixed) freeColumns(table);
      state.fixed = null;
      // A hidden tab keeps what it has: shown again at the same width, nothing is to change.
      if (boxWidth === 0) return false;
      state.whole = { boxWidth, widths: columnWidths(table) };
      return this.#drawnWith(first, layoutKey(boxWidth, state.whole.widths));
    }
    if (boxWidth === 0) return false;
    const key = asKey(first);
    // (A table rendered anew, the list reloaded, has its columns free again.)
    if (state.fixed?.boxWidth !== boxWidth || table.style.tableLayout !== 'fixed') {
      state.fixed = null;
      const kept = keptWidthsFor(key && keptColumns.get(key), boxWidth) ?? keptWidthsFor(state.whole, boxWidth);
      const widths = kept && fixColumns(table, kept) ? kept : takeColumnWidths(table);
      if (widths !== kept && !fixColumns(table, widths)) return this.#drawnWith(first, layoutKey(boxWidth, columnWidths(table)));
      state.fixed = { boxWidth, widths };
    }
    // Rows are drawn by index: a cell may show other content than when last marked.
    markClipped(drawn);
    if (key) keptColumns.set(key, state.fixed);
    return this.#drawnWith(first, layoutKey(boxWidth, state.fixed.widths));
  }

  /** Notes `layout` as the one the rows are drawn with (also for Back to this list); true when it is another than before. */
  #drawnWith(first: unknown, layout: string): boolean {
    const key = asKey(first);
    if (key) lastLayouts.set(key, layout);
    if (layout === this.#state.layout) return false;
    this.#state.layout = layout;
    return true;
  }
}
