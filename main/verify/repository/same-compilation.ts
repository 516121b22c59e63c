/**
 * Whether a stored verification was made from the very compilation a request describes, so that
 * the stored answer is this request's answer too. Two Solidity metadata describe the same
 * compilation when they agree on what decides the bytecode: compiler, language, settings
 * (compilation target, optimizer, EVM version, libraries, remappings, metadata settings) and each
 * source's keccak256. Their formatting, key order and source URLs may differ (a Foundry artifact's
 * metadata object against the bytes solc wrote).
 */
export function sameCompilation(storedMetadata: string, requested: unknown): boolean {
  let stored: unknown;
  try {
    stored = JSON.parse(storedMetadata);
  } catch {
    return false;
  }
  const a = compilationOf(stored);
  const b = compilationOf(requested);
  return a !== null && a === b;
}

interface MetadataShape {
  compiler?: { version?: unknown };
  language?: unknown;
  settings?: unknown;
  sources?: Record<string, { keccak256?: unknown } | null>;
}

/** The deciding parts as one canonical string; null for something that is not a metadata object. */
function compilationOf(metadata: unknown): string | null {
  if (!metadata || typeof metadata !== 'object') return null;
  const m = metadata as MetadataShape;
  if (!m.sources || typeof m.sources !== 'object' || typeof m.compiler?.version !== 'string') return null;
  const sources = Object.entries(m.sources).map(([path, source]) => [path, source?.keccak256 ?? null]).sort(([x], [y]) => byText(String(x), String(y)));
  return canonicalJson({ compiler: m.compiler.version, language: m.language ?? null, settings: m.settings ?? null, sources });
}

/** JSON with every object's keys sorted, so that equal values give equal strings whatever their key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([x], [y]) => byText(x, y));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Code-unit order, the same on every machine (localeCompare is not). */
const byText = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);
