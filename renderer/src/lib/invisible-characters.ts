/**
 * Characters that take no room on screen. Text copied from web pages, chats and PDFs carries them
 * around ids and hashes; the user cannot see them to delete them, so a field that reads typed text
 * drops them. The zero-width space, word joiner and byte-order mark mean nothing inside a word and
 * go wherever they are. The zero-width joiner and non-joiner are letters' business inside a word
 * (Persian and Indic names, emoji sequences such as 👩‍💻): they go only at the ends, as spaces do.
 */
const INVISIBLE = /[\u200B\u2060\uFEFF]/g;
const SPACE_OR_JOINER_AT_ENDS = /^[\s\u200C\u200D]+|[\s\u200C\u200D]+$/g;

/** What a field reads of typed text: without invisible characters, or the spaces around it. */
export function typedText(input: string): string {
  return input.replace(INVISIBLE, '').replace(SPACE_OR_JOINER_AT_ENDS, '');
}
