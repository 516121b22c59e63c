/**
 * `text` cut after each `separator`, which stays at the end of its piece: the pieces joined are
 * the text again, and a <wbr> between them lets a narrow cell break there and nowhere else.
 */
export function piecesAfter(text: string, separator: string): string[] {
  const parts = text.split(separator);
  return parts.map((part, i) => (i < parts.length - 1 ? `${part}${separator}` : part));
}
