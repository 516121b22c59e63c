/**
 * Where a file the app cannot read is moved so that it can start without it, and the user can
 * still recover it by hand: `<file>.unreadable-<time>`, a new name for every move.
 */
export function unreadableFileName(file: string, now: Date = new Date()): string {
  return `${file}.unreadable-${now.toISOString().replace(/[:.]/g, '-')}`;
}
