import { describe, expect, it } from 'vitest';
import { fixColumns, freeColumns, keptWidthsFor, markClipped } from '../../../renderer/src/lib/frozen-columns.ts';

describe('keptWidthsFor', () => {
  const kept = { boxWidth: 1200, widths: [180, 320, 400, 300] };

  it('gives the widths kept when the table\'s box is as wide as when they were taken (Back lays the rows out as they were measured)', () => {
    expect(keptWidthsFor(kept, 1200)).toEqual([180, 320, 400, 300]);
    expect(keptWidthsFor(kept, 1200.3)).toEqual([180, 320, 400, 300]);
  });

  it('gives none at another width (the window resized on another screen), nor when none were kept: they are taken anew', () => {
    expect(keptWidthsFor(kept, 1000)).toBeNull();
    expect(keptWidthsFor(undefined, 1200)).toBeNull();
  });
});

/** A table cell as markClipped and fixColumns see it: its attributes, text and widths, shown. */
class FakeCell {
  readonly style = { width: '', boxSizing: '' };
  readonly #attributes = new Map<string, string>();
  textContent: string;
  scrollWidth: number;
  clientWidth: number;
  constructor(textContent: string, scrollWidth: number, clientWidth = 100) {
    this.textContent = textContent;
    this.scrollWidth = scrollWidth;
    this.clientWidth = clientWidth;
  }
  getClientRects(): unknown[] { return [{}]; }
  getBoundingClientRect(): { width: number } { return { width: this.clientWidth }; }
  hasAttribute(name: string): boolean { return this.#attributes.has(name); }
  getAttribute(name: string): string | null { return this.#attributes.get(name) ?? null; }
  setAttribute(name: string, value: string): void { this.#attributes.set(name, value); }
  removeAttribute(name: string): void { this.#attributes.delete(name); }
  get title(): string { return this.getAttribute('title') ?? ''; }
  set title(value: string) { this.setAttribute('title', value); }
}

/** A table of one header row of `columns` cells and rows of the cells given; querySelectorAll finds cells by attribute. */
function fakeTable(columns: number, rows: FakeCell[][]) {
  const head = Array.from({ length: columns }, () => new FakeCell('Head', 50));
  const cells = [...head, ...rows.flat()];
  const table = Object.assign(new FakeCell('', 0), {
    tHead: { rows: [{ cells: head }] },
    style: { tableLayout: '' },
    querySelectorAll: (selector: string) => {
      const names = [...selector.matchAll(/\[([\w-]+)\]/g)].map((match) => match[1]!);
      return cells.filter((cell) => names.some((name) => cell.hasAttribute(name)));
    },
  });
  return { table: table as unknown as HTMLTableElement, rows: rows.map((row) => ({ cells: row }) as unknown as HTMLTableRowElement) };
}

const marks = (cell: FakeCell) => ({ clipped: cell.hasAttribute('data-clipped'), title: cell.getAttribute('title') });

describe('markClipped', () => {
  it('marks a cell wider than its column as clipped, its whole text (on one line) its title; one that fits, not', () => {
    const wide = new FakeCell('  0.000000001\n  ℏ ', 340);
    const fits = new FakeCell('0.1 ℏ', 100);
    const { rows } = fakeTable(2, [[wide, fits]]);
    markClipped(rows);
    expect(marks(wide)).toEqual({ clipped: true, title: '0.000000001 ℏ' });
    expect(marks(fits)).toEqual({ clipped: false, title: null });
  });

  it('gives a marked cell whose text changed in place (a symbol come in, another list at the same rows) its new text as its title', () => {
    const cell = new FakeCell('12345', 340);
    const { rows } = fakeTable(1, [[cell]]);
    markClipped(rows);
    cell.textContent = '12345 USDC';
    markClipped(rows);
    expect(marks(cell)).toEqual({ clipped: true, title: '12345 USDC' });
  });

  it('takes the mark and the title it gave away from a cell that fits now', () => {
    const cell = new FakeCell('12345', 340);
    const { rows } = fakeTable(1, [[cell]]);
    markClipped(rows);
    cell.textContent = '1';
    cell.scrollWidth = 100;
    markClipped(rows);
    expect(marks(cell)).toEqual({ clipped: false, title: null });
  });

  it('never overwrites nor takes away a title the cell has of its own', () => {
    const own = new FakeCell('0.0.1234', 340);
    own.title = 'Alice';
    const { rows } = fakeTable(1, [[own]]);
    markClipped(rows);
    expect(marks(own)).toEqual({ clipped: true, title: 'Alice' });
    own.scrollWidth = 100;
    markClipped(rows);
    expect(marks(own)).toEqual({ clipped: false, title: 'Alice' });
    // Given one of its own while marked with the title given: its own from then on.
    const later = new FakeCell('0.0.99', 340);
    const other = fakeTable(1, [[later]]);
    markClipped(other.rows);
    later.title = 'Bob';
    markClipped(other.rows);
    later.scrollWidth = 100;
    markClipped(other.rows);
    expect(marks(later)).toEqual({ clipped: false, title: 'Bob' });
  });

  it('leaves no mark nor title given once the columns are fixed anew (the same widths kept, or others) or follow the rows again', () => {
    const cell = new FakeCell('12345', 340);
    const own = new FakeCell('0.0.1234', 340);
    own.title = 'Alice';
    const { table, rows } = fakeTable(2, [[cell, own]]);
    expect(fixColumns(table, [100, 100])).toBe(true);
    expect(table.hasAttribute('data-fixed-columns')).toBe(true);
    markClipped(rows);
    expect(marks(cell).clipped && marks(own).clipped).toBe(true);
    expect(fixColumns(table, [100, 100])).toBe(true);
    expect([marks(cell), marks(own)]).toEqual([{ clipped: false, title: null }, { clipped: false, title: 'Alice' }]);
    markClipped(rows);
    freeColumns(table);
    expect([marks(cell), marks(own)]).toEqual([{ clipped: false, title: null }, { clipped: false, title: 'Alice' }]);
    expect(table.hasAttribute('data-fixed-columns')).toBe(false);
  });
});
