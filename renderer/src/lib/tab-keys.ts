/**
 * Where a key moves the selection in a row of `count` tabs from `index` (the WAI-ARIA tabs
 * pattern, horizontal): the arrows step and wrap around, Home and End go to the ends. Null for
 * any other key, which the row leaves to the page.
 */
export function tabKeyTarget(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  const from = index < 0 ? 0 : index;
  switch (key) {
    case 'ArrowRight': return (from + 1) % count;
    case 'ArrowLeft': return (from - 1 + count) % count;
    case 'Home': return 0;
    case 'End': return count - 1;
    default: return null;
  }
}
