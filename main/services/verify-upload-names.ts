/**
 * Where the Verify screen's uploads go in its session. The session keeps one file per name, so a
 * file named like one it holds replaces it. Files picked one by one (or dropped loose) arrive under
 * their bare names, and every contract's metadata is `metadata.json`: a second contract's metadata
 * would push the first contract out without a word. Metadata names carry no meaning to matching
 * (sources are found by the keccak256 the metadata names), so a loose JSON file whose name the
 * session holds with other content is kept beside it under a name of its own, `metadata (2).json`,
 * unless both are metadata of one compilation target (source path and contract name): that is the
 * same contract rebuilt, which replaces the file it had (kept under its name or a number of it), or
 * each rebuild would leave a stale card beside the new one.
 * A loose source of another content still replaces the one of its name (two sources of one name
 * cannot both be the source a metadata names by that path), and the caller says so.
 * Files with a folder path (a dropped project folder) keep replacing: the same path in a project is
 * the same file, updated (a folder dropped again after a rebuild).
 * Uploads of one call are placed in turn, each against the files held and those placed before it.
 */

/** A file held by the session, or one being added (content as the upload gives it). */
export interface NamedContent {
  path: string;
  content: Buffer;
}

export interface PlacedUploads<T extends NamedContent> {
  /** The uploads, a renamed one with its new path; one per path (of one path in a call, the last). */
  files: T[];
  /** JSON files kept under a name of their own: `name` as uploaded, `as` in the session. */
  renamed: Array<{ name: string; as: string }>;
  /** Paths of files the session held that a loose upload of other content replaced. */
  replaced: string[];
}

/** A name as its stem and extension (`.json`; none for a name without a dot after its first character). */
function stemAndExtension(name: string): [string, string] {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
}

/** `metadata.json` → `metadata (n).json`; a name without an extension gets the number at its end. */
function numbered(name: string, n: number): string {
  const [stem, ext] = stemAndExtension(name);
  return `${stem} (${n})${ext}`;
}

/** Whether `path` is `name` or a number of it (`metadata (3).json` of `metadata.json`). */
function isNameOrNumberOf(path: string, name: string): boolean {
  if (path === name) return true;
  const [stem, ext] = stemAndExtension(name);
  return path.startsWith(`${stem} (`) && path.endsWith(`)${ext}`) && /^\d+$/.test(path.slice(stem.length + 2, path.length - ext.length - 1));
}

const isLooseJson = (path: string): boolean => !path.includes('/') && path.toLowerCase().endsWith('.json');

/** A metadata file's `settings.compilationTarget` as one comparable string; null for JSON that is not metadata. */
function compilationTarget(content: Buffer): string | null {
  try {
    const target: unknown = (JSON.parse(content.toString('utf8')) as { settings?: { compilationTarget?: unknown } } | null)?.settings?.compilationTarget;
    if (target === null || typeof target !== 'object' || Object.keys(target).length === 0) return null;
    return JSON.stringify(Object.entries(target).sort(([a], [b]) => a.localeCompare(b)));
  } catch {
    return null;
  }
}

export function placeUploads<T extends NamedContent>(uploads: readonly T[], held: readonly NamedContent[]): PlacedUploads<T> {
  /** The session's files as this call leaves them so far: held ones, then each upload placed. */
  const current = new Map(held.map((f) => [f.path, f.content]));
  const taken = new Set([...current.keys(), ...uploads.map((u) => u.path)]);
  const placedByPath = new Map<string, T>();
  const renamed: PlacedUploads<T>['renamed'] = [];
  const replaced = new Set<string>();
  const place = (upload: T, path: string): void => {
    const file = path === upload.path ? upload : { ...upload, path };
    // A later upload of one path in this call wins, as the session would keep it.
    placedByPath.delete(path);
    placedByPath.set(path, file);
    current.set(path, upload.content);
  };
  for (const upload of uploads) {
    const before = current.get(upload.path);
    if (upload.path.includes('/') || before === undefined || before.equals(upload.content)) {
      place(upload, upload.path);
      continue;
    }
    if (!isLooseJson(upload.path)) {
      if (!placedByPath.has(upload.path)) replaced.add(upload.path);
      place(upload, upload.path);
      continue;
    }
    // The same JSON added again, kept already (under a number, say): it stays where it is.
    const same = [...current].find(([path, content]) => isLooseJson(path) && content.equals(upload.content));
    if (same) {
      place(upload, same[0]);
      continue;
    }
    const target = compilationTarget(upload.content);
    const rebuilt = target === null
      ? undefined
      : [...current].find(([path, content]) => isNameOrNumberOf(path, upload.path) && compilationTarget(content) === target);
    if (rebuilt) {
      if (!placedByPath.has(rebuilt[0])) replaced.add(rebuilt[0]);
      place(upload, rebuilt[0]);
      continue;
    }
    let n = 2;
    while (taken.has(numbered(upload.path, n))) n += 1;
    const path = numbered(upload.path, n);
    taken.add(path);
    renamed.push({ name: upload.path, as: path });
    place(upload, path);
  }
  return { files: [...placedByPath.values()], renamed, replaced: [...replaced] };
}
