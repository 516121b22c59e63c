/**
 * Which element had the focus in a part of the page, told so that the same element can be found
 * again when that part is shown anew (Back to a list, rebuilt from memory): a link by where it
 * leads, anything else by its test id, and which of those it was. Other elements are not told
 * apart reliably enough: no place is better than the focus on the wrong one.
 */
export interface FocusPlace {
  selector: string;
  /** Its position among the elements `selector` matches: in its row when `row` is told, else in the part. */
  index: number;
  /**
   * For an element in a row of a table that tells each row's place in the whole list
   * (`aria-rowindex`; PagedTable, which draws only the rows in and near view of a long list): that
   * row, and the table. The rows drawn before it differ from one showing to the next, so counting
   * the same link (a payer on many rows) over all those drawn would find another row's.
   */
  row?: { table: TablePlace; rowIndex: string };
}

/**
 * A counted table: by the test id of the nearest element that has one (the table's, or its list's:
 * PagedTable's `testid`), when that id is the only one of its kind in the part, and its position
 * among the counted tables inside that element; else by its position in the part. A table above it
 * that comes or goes (a panel shown only once loaded) does not then send the focus to another list.
 */
interface TablePlace {
  holder?: string;
  position: number;
}

/** A row's place in its whole list, told by a table that may draw only some of its rows. */
const ROW_PLACE = 'aria-rowindex';
/**
 * The attributes a place is found by besides the elements (`focusWhenShown`'s `watchAttributes`):
 * a row's place, which a table drawing only the rows in view (PagedTable) sets after drawing the row.
 */
export const PLACE_ATTRIBUTES: readonly string[] = [ROW_PLACE];

/** Tables whose rows say where they are in a list that may be drawn in part. */
const COUNTED_TABLES = 'table[aria-rowcount]';

function selectorFor(element: Element): string | null {
  const href = element.getAttribute('href');
  if (element.localName === 'a' && href !== null) return `a[href="${CSS.escape(href)}"]`;
  const testId = element.getAttribute('data-testid');
  if (testId !== null) return `${element.localName}[data-testid="${CSS.escape(testId)}"]`;
  return null;
}

/** The element with test id `testId` inside `root`, when it is the only one there. */
function holderIn(root: ParentNode, testId: string): Element | null {
  const found = root.querySelectorAll(`[data-testid="${CSS.escape(testId)}"]`);
  return found.length === 1 ? found[0]! : null;
}

/** Where counted table `table` is inside `root`; null when it is not there. */
function tablePlace(table: Element, root: ParentNode): TablePlace | null {
  const holder = table.closest('[data-testid]');
  const testId = holder?.getAttribute('data-testid');
  if (holder && testId && holder !== root && holderIn(root, testId) === holder) {
    return { holder: testId, position: matchesIn(holder, COUNTED_TABLES).indexOf(table) };
  }
  const position = [...root.querySelectorAll(COUNTED_TABLES)].indexOf(table);
  return position === -1 ? null : { position };
}

/** The row of a counted table that holds `element` inside `root`, and that table's place there. */
function rowOf(element: Element, root: ParentNode): { row: Element; place: NonNullable<FocusPlace['row']> } | null {
  const row = element.closest(`tr[${ROW_PLACE}]`);
  const table = row?.closest(COUNTED_TABLES);
  const rowIndex = row?.getAttribute(ROW_PLACE);
  if (!row || !table || !rowIndex) return null;
  const place = tablePlace(table, root);
  return place ? { row, place: { table: place, rowIndex } } : null;
}

/** What `selector` matches in `scope`, `scope` first when it matches itself (a row given the focus). */
function matchesIn(scope: ParentNode, selector: string): Element[] {
  const inside = [...scope.querySelectorAll(selector)];
  return scope instanceof Element && scope.matches(selector) ? [scope, ...inside] : inside;
}

/** The place of `element` inside `root`; null when it cannot be told apart. */
export function focusPlaceOf(element: Element, root: ParentNode): FocusPlace | null {
  const selector = selectorFor(element);
  if (selector === null) return null;
  const inRow = rowOf(element, root);
  const index = matchesIn(inRow?.row ?? root, selector).indexOf(element);
  if (index === -1) return null;
  return inRow ? { selector, index, row: inRow.place } : { selector, index };
}

/** The element at `place` inside `root`, once it is shown (for one in a row: once that row is drawn). */
export function elementAtPlace(root: ParentNode, place: FocusPlace): HTMLElement | null {
  let scope: ParentNode | null | undefined = root;
  if (place.row) {
    const { holder, position } = place.row.table;
    const within = holder === undefined ? root : holderIn(root, holder);
    const table = within && matchesIn(within, COUNTED_TABLES)[position];
    scope = table?.querySelector(`tr[${ROW_PLACE}="${CSS.escape(place.row.rowIndex)}"]`);
  }
  const element = scope ? matchesIn(scope, place.selector)[place.index] : undefined;
  return element instanceof HTMLElement ? element : null;
}
