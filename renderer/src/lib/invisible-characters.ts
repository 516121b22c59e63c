/**
 * Characters that take no room on screen: zero-width spaces and joiners, the word joiner and the
 * byte-order mark. Text copied from web pages, chats and PDFs carries them around ids and hashes;
 * the user cannot see them to delete them, so a field that reads an id drops them.
 */
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF]/g;

export function withoutInvisibles(text: string): string {
  return text.replace(INVISIBLE, '');
}
