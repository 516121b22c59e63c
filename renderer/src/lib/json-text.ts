/**
 * A JSON value as indented text, int64 values beyond 2^53 (bigint here, as `mirror/get` parses
 * them losslessly) written as the plain numbers the mirror API sent, not as strings.
 */
export function jsonText(value: unknown): string {
  // A bigint goes through as a marker string (NUL-led: no mirror answer holds one; its text always
  // renders as base64 or hex), then the quoted marker is replaced by the digits alone.
  const text = JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? `\u0000int:${item.toString()}` : item), 2);
  return text === undefined ? '' : text.replace(/"\\u0000int:(-?\d+)"/g, '$1');
}
