/**
 * Where the Verify screen's uploads go in its session. The session keeps one file per name, so a
 * file named like one it holds replaces it. Files picked one by one (or dropped loose) arrive under
 * their bare names, and every contract's metadata is `metadata.json`: a second contract's metadata
 * would push the first contract out without a word. Metadata names carry no meaning to matching
 * (sources are found by the keccak256 the metadata names), so a loose JSON file whose name the
 * session holds with other content is kept beside it under a name of its own, `metadata (2).json`.
 * A loose source of another content still replaces the one of its name (two sources of one name
 * cannot both be the source a metadata names by that path), and the caller says so.
 * Files with a folder path (a dropped project folder) keep replacing: the same path in a project is
 * the same file, updated (a folder dropped again after a rebuild).
 */

/** A file held by the session, or one being added (content as the upload gives it). */
export interface NamedContent {
  path: string;
  content: Buffer;
}

export interface PlacedUploads<T extends NamedContent> {
  /** The uploads, a renamed one with its new path. */
  files: T[];
  /** JSON files kept under a name of their own: `name` as uploaded, `as` in the session. */
  renamed: Array<{ name: string; as: string }>;
  /** Loose files that replaced a file of the same name with other content. */
  replaced: string[];
}

/** `metadata.json` → `metadata (n).json`; a name without an extension gets the number at its end. */
function numbered(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}

export function placeUploads<T extends NamedContent>(uploads: readonly T[], held: readonly NamedContent[]): PlacedUploads<T> {
  const heldByPath = new Map(held.map((f) => [f.path, f.content]));
  const taken = new Set([...heldByPath.keys(), ...uploads.map((u) => u.path)]);
  const renamed: PlacedUploads<T>['renamed'] = [];
  const replaced: string[] = [];
  const files = uploads.map((upload) => {
    const before = heldByPath.get(upload.path);
    if (upload.path.includes('/') || before === undefined || before.equals(upload.content)) return upload;
    if (!upload.path.toLowerCase().endsWith('.json')) {
      replaced.push(upload.path);
      return upload;
    }
    // The same metadata added again, kept already under a number: it stays where it is.
    const same = held.find((f) => !f.path.includes('/') && f.content.equals(upload.content));
    if (same) return { ...upload, path: same.path };
    let n = 2;
    while (taken.has(numbered(upload.path, n))) n += 1;
    const path = numbered(upload.path, n);
    taken.add(path);
    renamed.push({ name: upload.path, as: path });
    return { ...upload, path };
  });
  return { files, renamed, replaced };
}
