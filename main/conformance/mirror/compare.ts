/**
 * Deep equality as the reference's tests judge bodies (jest `toEqual`): key order does not
 * matter, array order does, properties whose value is undefined are ignored. Returns the
 * first differences as short `path: expected … got …` lines.
 */
export function diffJson(expected: unknown, actual: unknown, limit = 8): string[] {
  const out: string[] = [];
  walk(expected, actual, '$', out, limit);
  return out;
}

function walk(expected: unknown, actual: unknown, at: string, out: string[], limit: number): void {
  if (out.length >= limit) return;
  if (isScalar(expected) || isScalar(actual)) {
    if (!scalarEqual(expected, actual)) out.push(`${at}: expected ${show(expected)}, got ${show(actual)}`);
    return;
  }
  if (Array.isArray(expected) !== Array.isArray(actual)) {
    out.push(`${at}: expected ${show(expected)}, got ${show(actual)}`);
    return;
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (expected.length !== actual.length) out.push(`${at}: expected ${expected.length} items, got ${actual.length}`);
    for (let i = 0; i < Math.min(expected.length, actual.length); i++) walk(expected[i], actual[i], `${at}[${i}]`, out, limit);
    return;
  }
  const e = expected as Record<string, unknown>;
  const a = actual as Record<string, unknown>;
  const keys = new Set([...Object.keys(e), ...Object.keys(a)]);
  for (const key of keys) {
    if (e[key] === undefined && a[key] === undefined) continue;
    if (!(key in a) || a[key] === undefined) out.push(`${at}.${key}: missing (expected ${show(e[key])})`);
    else if (!(key in e) || e[key] === undefined) out.push(`${at}.${key}: unexpected ${show(a[key])}`);
    else walk(e[key], a[key], `${at}.${key}`, out, limit);
    if (out.length >= limit) return;
  }
}

function isScalar(value: unknown): boolean {
  return value === null || typeof value !== 'object';
}

/** Numbers and bigints compare by value, so 5 and 5n are equal. */
function scalarEqual(a: unknown, b: unknown): boolean {
  if ((typeof a === 'number' || typeof a === 'bigint') && (typeof b === 'number' || typeof b === 'bigint')) {
    return Number.isInteger(Number(a)) && Number.isInteger(Number(b)) ? BigInt(a) === BigInt(b) : Number(a) === Number(b);
  }
  return Object.is(a, b);
}

function show(value: unknown): string {
  const text = JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
  if (text === undefined) return 'undefined';
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}
