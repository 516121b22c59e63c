/**
 * Puts text on the clipboard; false where the browser refuses (no permission, the window not
 * focused), so the caller can say so instead of claiming it copied.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
